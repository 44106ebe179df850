// Ranking metrics of the relevance benchmark: pure functions over a ranked list of result ids
// and the judged grades of one query (id -> grade; an id not judged has grade 0).

/** How many results the metrics look at: one results page of the site. */
export const CUTOFF = 10;

/**
 * Discounted cumulative gain of the first `k` grades, with linear gain (the grade itself, as
 * trec_eval's ndcg_cut does) and the log2(rank + 1) discount.
 *
 * @param {readonly number[]} grades grades in ranked order
 * @param {number} [k]
 * @returns {number}
 * @example
 * dcg([3, 2]); // 3 / 1 + 2 / log2(3) = 4.2619
 */
export function dcg(grades, k = CUTOFF) {
  let sum = 0;
  for (let i = 0; i < Math.min(k, grades.length); i++) sum += grades[i] / Math.log2(i + 2);
  return sum;
}

/**
 * Normalised DCG at `k`: the DCG of the ranking over the DCG of the best possible ranking of
 * every judged result. A query with nothing judged relevant scores 0 (none in this set).
 *
 * @param {readonly string[]} ranked result ids, best first
 * @param {Readonly<Record<string, number>>} judged grade of each judged id
 * @param {number} [k]
 * @returns {number}
 * @example
 * ndcgAt(['b', 'a'], { a: 3, b: 1 }); // (1 + 3 / log2 3) / (3 + 1 / log2 3) ≈ 0.7967
 */
export function ndcgAt(ranked, judged, k = CUTOFF) {
  const ideal = dcg(
    Object.values(judged)
      .filter((grade) => grade > 0)
      .sort((a, b) => b - a),
    k,
  );
  if (ideal === 0) return 0;
  return dcg(gradesOf(ranked, judged), k) / ideal;
}

/**
 * The 1-based rank of the first result with a grade of at least `minGrade` within the first
 * `k`, or `null` when there is none.
 *
 * @param {readonly string[]} ranked
 * @param {Readonly<Record<string, number>>} judged
 * @param {number} [k]
 * @param {number} [minGrade]
 * @returns {number | null}
 * @example
 * firstRelevantRank(['x', 'a'], { a: 1 }); // 2
 */
export function firstRelevantRank(ranked, judged, k = CUTOFF, minGrade = 1) {
  const grades = gradesOf(ranked, judged);
  for (let i = 0; i < Math.min(k, grades.length); i++) if (grades[i] >= minGrade) return i + 1;
  return null;
}

/**
 * Reciprocal rank at `k`: 1 / the rank of the first relevant result (grade ≥ 1), 0 when none
 * is in the first `k`. Its mean over the queries is the MRR.
 *
 * @param {readonly string[]} ranked
 * @param {Readonly<Record<string, number>>} judged
 * @param {number} [k]
 * @returns {number}
 * @example
 * reciprocalRank(['x', 'y', 'a'], { a: 2 }); // 1 / 3
 */
export function reciprocalRank(ranked, judged, k = CUTOFF) {
  const rank = firstRelevantRank(ranked, judged, k);
  return rank === null ? 0 : 1 / rank;
}

/**
 * The figures of one engine over the whole set.
 *
 * @param {readonly { judged: Readonly<Record<string, number>>, ranked: readonly string[], total: number }[]} runs
 *   one per query: its judgments, the ids the engine ranked (best first) and how many results it
 *   reported in all
 * @returns {{ ndcg: number, mrr: number, zeroResultRate: number, zeroResults: number, queries: number }}
 * @example
 * summarise([{ judged: { a: 3 }, ranked: ['a'], total: 1 }]); // { ndcg: 1, mrr: 1, zeroResultRate: 0, … }
 */
export function summarise(runs) {
  const n = runs.length;
  if (n === 0) return { ndcg: 0, mrr: 0, zeroResultRate: 0, zeroResults: 0, queries: 0 };
  let ndcg = 0;
  let mrr = 0;
  let zeroResults = 0;
  for (const run of runs) {
    ndcg += ndcgAt(run.ranked, run.judged);
    mrr += reciprocalRank(run.ranked, run.judged);
    if (run.total === 0) zeroResults += 1;
  }
  return { ndcg: ndcg / n, mrr: mrr / n, zeroResultRate: zeroResults / n, zeroResults, queries: n };
}

/**
 * @param {readonly string[]} ranked
 * @param {Readonly<Record<string, number>>} judged
 */
function gradesOf(ranked, judged) {
  // A result listed twice (a featured course that is also in the list) gains once.
  const seen = new Set();
  const grades = [];
  for (const id of ranked) {
    grades.push(seen.has(id) ? 0 : (judged[id] ?? 0));
    seen.add(id);
  }
  return grades;
}
