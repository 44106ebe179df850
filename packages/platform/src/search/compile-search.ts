import type { AggregationSpec } from './aggregations-parse.js';
import type { Champions } from './champion-lists.js';
import type { CompiledWhere, FtsScore, GeoFilter } from './compile-where.js';
import { columnOf, VERSION_STATUS_FIELD } from './fields.js';
import type { OrderKey } from './order-by.js';
import type { PathIdReader } from './paths.js';
import type { SqlParams } from './sql-params.js';

/** Row kinds of the combined statement (column `part`). */
export const PART = { hit: 0, count: 1, bucket: 2, missing: 3, docs: 4, kth: 5 } as const;

/** Everything {@link compileSearch} needs. */
export interface SearchPlan {
  where: CompiledWhere;
  /** SQL restricting `d` to the requested version rows, e.g. `d.is_published = 1`. */
  statusFilter: string;
  orderBy: OrderKey[];
  aggregations: AggregationSpec[];
  /**
   * Leave out the shortcuts (ranking that stops at the page): the plain evaluation the
   * property tests compare the optimised one against. Results are identical either way.
   */
  plain?: boolean;
  /**
   * Leave the buckets of aggregations over value paths to the caller (facet-columns.ts):
   * the statement returns the matched documents instead (part `docs`, a comma-separated
   * list in `s`), and {@link CompiledSearch.facets} says which aggregations to count.
   */
  facetDocs?: boolean;
  /** offset + limit: how far down the ranking the page reaches (picks the pruning bound). */
  pageEnd?: number;
  /**
   * The champion lists of a free-text expression (champion-lists.ts), asked for only where a
   * relevance-ordered first page could use them; undefined to score every match.
   */
  champions?: (fts: FtsScore) => Champions | undefined;
}

/** The compiled statement and how to read its rows. */
export interface CompiledSearch {
  sql: string;
  /** The distanceWithin filter whose distance the hits report, when ordering by it. */
  distance?: GeoFilter;
  /** With `facetDocs`: the aggregations (by index) left to the caller, with their path ids. */
  facets: Array<{ index: number; path: number }>;
  /**
   * When only champion lists' candidates were scored: the page is exact if every list was
   * complete (`bound` 0) or the page's k-th score (part `kth`) is above `threshold`, what a
   * document outside the lists can score at most; otherwise the caller runs the search again
   * without champions.
   */
  champions?: { bound: number; threshold: number };
}

const NULLS = ', NULL, NULL, NULL, NULL, NULL';

/**
 * Builds one statement answering a whole search. The matched set is materialised once (CTE
 * `m`: doc, title, score, distances, plus any column an order or aggregation needs) and read
 * by every part, glued with UNION ALL and told apart by `part`:
 *  - hits: one page of `m` in the requested order, joined to `search_docs` for the row
 *    columns only for that page (n = doc, s = entry id);
 *  - count: `count(*)` over `m` (n = total);
 *  - bucket: per aggregation (`agg` = its index), key `s` → count `n`, top `size` only;
 *  - missing: per aggregation with a `missing` name, documents without a value.
 * Columns: part, agg, n, s, language, is_published, is_latest, score, dist. Limit and offset
 * are the parameters `@limit` and `@offset`; the project is `@project`.
 *
 * Free-text relevance (bm25) costs far more per row than the match, so it is only computed
 * for the matched set: a freeText that drives the query is scored in the same pass (the WHERE
 * runs before the score is computed); any other freeText is scored in a second pass over the
 * full-text index gated by membership in `m0`, the matched set before scoring.
 */
export function compileSearch(plan: SearchPlan, params: SqlParams, paths: PathIdReader): CompiledSearch {
  const { where } = plan;
  const columns = new Set<string>();
  const keys: SortKey[] = [];
  let distance: GeoFilter | undefined;
  let distanceColumn = 'NULL';
  for (const key of plan.orderBy) {
    const direction = key.direction === 'asc' ? 'ASC' : 'DESC';
    const geoIndex = where.geo.findIndex((geo) => geo.field === key.field);
    if (geoIndex >= 0) {
      keys.push({ expr: `m.dist${geoIndex}`, direction });
      if (!distance) {
        distance = where.geo[geoIndex];
        distanceColumn = `m.dist${geoIndex}`;
      }
      continue;
    }
    const sortKey = sortKeyOf(key.field, keys.length, params, paths);
    if (sortKey?.column) columns.add(sortKey.column);
    if (sortKey) keys.push({ ...sortKey, direction });
  }
  for (const spec of plan.aggregations) {
    const column = columnOf(spec.field);
    if (column) columns.add(column);
  }

  const carried = [...where.geo.map((_, i) => `dist${i}`), ...[...columns]];
  const selected = [
    'd.doc AS doc',
    'd.entry_title AS title',
    `${where.score} AS score`,
    ...where.geo.map((geo, i) => `${geo.alias}.dist AS dist${i}`),
    ...[...columns].map((column) => `d.${column} AS ${column}`),
  ];
  const ctes = [...where.ctes];
  const weighted = (score: string, weight: number) =>
    weight > 1 ? `${score} * ${params.add(weight)}` : score;
  const inline = where.fts.filter((fts) => fts.inline);
  const later = where.fts.filter((fts) => !fts.inline);
  const from = `FROM ${where.from} WHERE d.project_id = @project AND ${plan.statusFilter} AND ${where.where}`;
  if (!plan.plain && inline.length === 1 && later.length === 0 && keys.length === 0 && where.score === '0') {
    return prunedSearch(plan, inline[0]!, selected, from, ctes, params, paths, weighted);
  }
  const exactness = exactnessOf(where.fts, ctes, params);
  if (inline.length > 0) {
    // bm25() is lower for better matches; negate so higher means more relevant.
    selected[2] = `${[where.score, ...inline.map((fts) => weighted(`-bm25(search_fts)${exactness.get(fts)!('d.doc')}`, fts.weight))].join(' + ')} AS score`;
  }
  const filter = `SELECT ${selected.join(', ')} ${from}`;
  if (later.length === 0) {
    ctes.push(`m AS MATERIALIZED (${filter})`);
  } else {
    ctes.push(`m0 AS MATERIALIZED (${filter})`);
    // `+rowid` keeps SQLite from handing the IN list to FTS5 (which would re-run the match
    // once per document); as a plain filter it only gates which rows get a bm25 score.
    later.forEach((fts, i) => {
      ctes.push(
        `s${i} AS MATERIALIZED (SELECT rowid AS doc, -bm25(search_fts)${exactness.get(fts)!('rowid')} AS score FROM search_fts WHERE search_fts MATCH ${fts.match} AND +rowid IN (SELECT doc FROM m0))`,
      );
    });
    const score = [
      'm0.score',
      ...later.map((fts, i) => weighted(`coalesce(s${i}.score, 0)`, fts.weight)),
    ].join(' + ');
    const joins = later.map((_, i) => `LEFT JOIN s${i} ON s${i}.doc = m0.doc`).join(' ');
    const rest = carried.map((column) => `, m0.${column} AS ${column}`).join('');
    ctes.push(
      `m AS MATERIALIZED (SELECT m0.doc AS doc, m0.title AS title, ${score} AS score${rest} FROM m0 ${joins})`,
    );
  }

  // The page is picked in the requested order; the outer ORDER BY restores that order after
  // the join to search_docs (a join does not promise to keep it). Ties fall back to the
  // default order (contract §1.11) and finally to doc, which keeps paging stable.
  const page = pageQuery(keys, distanceColumn, plan);
  const { parts, facets } = resultParts(page, keys, plan, params, paths);
  return { sql: `WITH ${ctes.join(', ')} ${parts.join(' UNION ALL ')}`, distance, facets };
}

/**
 * The parts every statement shares after the matched set `m` and the page: hits (the page
 * joined to search_docs for its row columns), the count and the aggregations (or, with
 * `facetDocs`, the matched documents for the aggregations over value paths).
 */
function resultParts(
  page: string,
  keys: SortKey[],
  plan: SearchPlan,
  params: SqlParams,
  paths: PathIdReader,
): { parts: string[]; facets: Array<{ index: number; path: number }> } {
  const parts = [hitsPart(page, keys), `SELECT ${PART.count}, NULL, count(*), NULL${NULLS} FROM m`];
  // Walking search_docs means `m` is probably most of the project: aggregate by reading each
  // path's value index in order (grouped already) rather than probing once per document.
  const large = plan.where.driver === 'scan';
  const facets: Array<{ index: number; path: number }> = [];
  plan.aggregations.forEach((spec, i) => {
    const path = plan.facetDocs && !columnOf(spec.field) ? paths.exact(spec.field) : undefined;
    if (path === undefined) parts.push(...aggregationParts(spec, i, params, paths, large));
    else facets.push({ index: i, path });
  });
  if (facets.length > 0) parts.push(`SELECT ${PART.docs}, NULL, count(*), group_concat(doc)${NULLS} FROM m`);
  return { parts, facets };
}

/** The hits part: the page joined to search_docs for its row columns, in the page's order. */
function hitsPart(page: string, keys: SortKey[]): string {
  const outerOrder = [
    ...keys.map((key, i) => `p.k${i} ${key.direction} NULLS LAST`),
    'p.score DESC',
    'p.title COLLATE NOCASE ASC',
    'p.doc ASC',
  ];
  return `SELECT * FROM (SELECT ${PART.hit} AS part, NULL AS agg, p.doc AS n, d.entry_id AS s, d.language AS language, d.is_published AS is_published, d.is_latest AS is_latest, p.score AS score, p.dist AS dist FROM (${page}) AS p CROSS JOIN search_docs AS d ON d.doc = p.doc ORDER BY ${outerOrder.join(', ')})`;
}

/**
 * How relevance ranking prunes (see prunedSearch): pages ending past rank `seekPageEndMax`
 * use the bm25-only bound; otherwise the best `probeExtra` documents by bm25 beyond the page
 * get their factor first. Tests change them to send small data sets down every path.
 */
export const rankingPolicy = { seekPageEndMax: 100, probeExtra: 80 };

/**
 * A relevance-ordered search driven by one freeText expression, ranked only as far as the
 * page needs. The final score is bm25 × a factor (exactness, word coverage) that lies in
 * [lo, hi]; the factor costs more full-text passes and a set probe per document, so it is
 * computed only for candidates that can still reach the page. With k = offset + limit:
 *  - pages ending at rank 100 or sooner: the factor is first worked out for the k + 80 best
 *    documents by bm25 (`top`); the k-th best
 *    final score F among them is a lower bound of the page's last score, since they are real
 *    documents, so a document whose bm25 × hi is below F cannot be on the page. Most of the
 *    best-by-bm25 documents match exactly, so F is close to the page's own last score and
 *    only a few candidates are left; the few outside `top` (`rest`) get their factor from
 *    one more pass over the match (under a millisecond when there are none);
 *  - deeper pages: with B the k-th best bm25, every one of the k best-by-bm25 documents
 *    scores at least B × lo, so a document whose bm25 × hi is below B × lo cannot be on
 *    the page.
 * The matched set `m` (doc, bm25, the columns aggregations need) is still computed once and
 * read by the count, the aggregations and the candidates; titles are read only for
 * candidates.
 *
 * With champion lists (first pages, champion-lists.ts), bm25 itself is computed only for the
 * lists' documents (`s`): `m` keeps every match, unscored, for the count and the aggregations,
 * and the ranking above runs over the scored ones. The statement then also returns
 * the k-th score F (part `kth`), and the page stands only if F is above what a document
 * outside the lists can score (`CompiledSearch.champions`); search.ts checks that.
 */
function prunedSearch(
  plan: SearchPlan,
  fts: FtsScore,
  selected: string[],
  from: string,
  ctes: string[],
  params: SqlParams,
  paths: PathIdReader,
  weighted: (score: string, weight: number) => string,
): CompiledSearch {
  const { lo, hi } = factorRange(fts);
  const deep = (plan.pageEnd ?? Number.POSITIVE_INFINITY) > rankingPolicy.seekPageEndMax;
  // Lists rank by the free text alone: with other conditions too, most of the lists' documents
  // may be filtered out, and a page they cannot prove would be searched twice.
  const champions = deep || plan.where.filtered ? undefined : plan.champions?.(fts);
  const carried = [
    ...selected.slice(3 + plan.where.geo.length),
    ...plan.where.geo.map((geo, i) => `${geo.alias}.dist AS dist${i}`),
  ];
  // What the ranking reads: `m` itself, or with champion lists the scored candidates `s`.
  let ranked = 'm';
  if (champions) {
    // Every match stays in `m`, unscored, for the count and the aggregations; without
    // aggregations only the count reads it, so it is counted where it is found rather than
    // stored. bm25 is computed in a pass of its own, for the lists' documents only.
    const kept = plan.aggregations.length > 0 ? 'MATERIALIZED' : 'NOT MATERIALIZED';
    ctes.push(
      `cset AS MATERIALIZED (SELECT value AS doc FROM json_each(${params.add(champions.docs)}))`,
      `m AS ${kept} (SELECT ${['d.doc AS doc', ...carried].join(', ')} ${from})`,
      `s AS MATERIALIZED (SELECT d.doc AS doc, -bm25(search_fts) AS raw ${from} AND +search_fts.rowid IN (SELECT doc FROM cset))`,
    );
    ranked = 's';
  } else {
    ctes.push(
      `m AS MATERIALIZED (SELECT ${['d.doc AS doc', '-bm25(search_fts) AS raw', ...carried].join(', ')} ${from})`,
    );
  }
  let score: string;
  if (deep) {
    // A hair of slack keeps rounding in the factor's products from dropping a tie.
    const bound = params.add(lo / (hi * (1 + 1e-9)));
    ctes.push(
      `cut AS MATERIALIZED (SELECT raw * ${bound} AS floor FROM m ORDER BY raw DESC LIMIT 1 OFFSET @offset + @limit - 1)`,
      'cand AS MATERIALIZED (SELECT doc, raw FROM m WHERE raw >= coalesce((SELECT floor FROM cut), -1e308))',
    );
    const exactness = exactnessOf([fts], ctes, params, { table: 'cand', prefix: '' });
    score = `0 + ${weighted(`c.raw${exactness.get(fts)!('c.doc')}`, fts.weight)}`;
  } else {
    score = firstPageScore(fts, ranked, ctes, params, weighted);
  }
  const page = pageOfCandidates(score);
  const { parts, facets } = resultParts(page, [], plan, params, paths);
  if (!champions) return { sql: `WITH ${ctes.join(', ')} ${parts.join(' UNION ALL ')}`, facets };
  parts.push(`SELECT ${PART.kth}, NULL, NULL, NULL, NULL, NULL, NULL, (SELECT score FROM kth), NULL`);
  // An outsider's final score is its bm25 (at most `bound`) times its factor (at most `hi`)
  // and the weight; the slack covers rounding in those products.
  const threshold = champions.bound * hi * (fts.weight > 1 ? fts.weight : 1) * (1 + 1e-9);
  return {
    sql: `WITH ${ctes.join(', ')} ${parts.join(' UNION ALL ')}`,
    facets,
    champions: { bound: champions.bound, threshold },
  };
}

/**
 * The score of a first page's candidates (pages ending at rank `seekPageEndMax` or sooner,
 * see prunedSearch), ranking the documents of `ranked` (doc, raw bm25): adds the CTEs `top`
 * (the best by bm25, with their factor), `kth` (the k-th best final score among them), `cand`
 * (every document that can still reach the page) and `rest` (candidates outside `top`). With
 * `factorsOnce` the factors are worked out for all of `ranked` at once instead.
 */
function firstPageScore(
  fts: FtsScore,
  ranked: string,
  ctes: string[],
  params: SqlParams,
  weighted: (score: string, weight: number) => string,
  factorsOnce = false,
): string {
  const { hi } = factorRange(fts);
  // Factors once for all of `ranked` when it holds only candidates: each stricter level is
  // one more pass over the full-text matches, and one pass gated by a few thousand documents
  // costs no more than one gated by a hundred.
  const once = factorsOnce ? exactnessOf([fts], ctes, params, { table: ranked, prefix: 'a' }) : undefined;
  ctes.push(
    `top AS MATERIALIZED (SELECT doc, raw FROM ${ranked} ORDER BY raw DESC LIMIT @offset + @limit + ${rankingPolicy.probeExtra})`,
  );
  const onTop = once ?? exactnessOf([fts], ctes, params, { table: 'top', prefix: 't' });
  // The same expression as the page's score, so F is exactly a score the page compares.
  ctes.push(
    `kth AS MATERIALIZED (SELECT ${weighted(`raw${onTop.get(fts)!('doc')}`, fts.weight)} AS score FROM top ORDER BY score DESC LIMIT 1 OFFSET @offset + @limit - 1)`,
  );
  const reach = params.add(hi * (fts.weight > 1 ? fts.weight : 1) * (1 + 1e-9));
  ctes.push(
    `cand AS MATERIALIZED (SELECT doc, raw FROM ${ranked} WHERE raw * ${reach} >= coalesce((SELECT score FROM kth), -1e308))`,
    'rest AS MATERIALIZED (SELECT doc FROM cand WHERE doc NOT IN (SELECT doc FROM top))',
  );
  if (once) return `0 + ${weighted(`c.raw${once.get(fts)!('c.doc')}`, fts.weight)}`;
  const onRest = exactnessOf([fts], ctes, params, { table: 'rest', prefix: 'r' });
  const raw = `CASE WHEN c.doc IN (SELECT doc FROM top) THEN c.raw${onTop.get(fts)!('c.doc')} ELSE c.raw${onRest.get(fts)!('c.doc')} END`;
  return `0 + ${weighted(raw, fts.weight)}`;
}

/** The page of the candidates `cand` (`c`) by `score`, in the default order's ties. */
function pageOfCandidates(score: string): string {
  return `SELECT c.doc AS doc, t.entry_title AS title, ${score} AS score, NULL AS dist FROM cand AS c CROSS JOIN search_docs AS t ON t.doc = c.doc ORDER BY score DESC, title COLLATE NOCASE ASC, doc ASC LIMIT @limit OFFSET @offset`;
}

/** The least and the largest factor a document's bm25 can be multiplied by for `fts`. */
function factorRange(fts: FtsScore): { lo: number; hi: number } {
  const factors = [fts.factor, ...fts.levels.map((level) => level.factor)];
  const coverageLow = fts.words.length < 2 ? 1 : 1 / (fts.words.length * fts.words.length);
  return { lo: Math.min(...factors) * coverageLow, hi: Math.max(...factors) };
}

/**
 * A first page ranked from given candidates only: the documents that match `fts` and passed
 * the search's filters elsewhere (doc-search.ts), scored by FTS5 without joining them to
 * `search_docs` (bm25 belongs to the full-text row). Returns the hits part only.
 *
 * @example
 * const sql = compileCandidateRanking(fts, '[913,4012]', params);
 */
export function compileCandidateRanking(fts: FtsScore, candidates: string, params: SqlParams): string {
  const weighted = (score: string, weight: number) =>
    weight > 1 ? `${score} * ${params.add(weight)}` : score;
  const ctes = [
    `cset AS MATERIALIZED (SELECT value AS doc FROM json_each(${params.add(candidates)}))`,
    `s AS MATERIALIZED (SELECT rowid AS doc, -bm25(search_fts) AS raw FROM search_fts WHERE search_fts MATCH ${fts.match} AND +rowid IN (SELECT doc FROM cset))`,
  ];
  const page = pageOfCandidates(firstPageScore(fts, 's', ctes, params, weighted, true));
  return `WITH ${ctes.join(', ')} ${hitsPart(page, [])}`;
}

/**
 * Per freeText expression, the factor its bm25 score is multiplied by for a document (given
 * as SQL): how exactly the document matched (fts-query.ts, EXACTNESS) — the factor of the
 * strictest level it is in. Each stricter level is a CTE of the documents it matches; none
 * for an expression of exact words only (factor 1, nothing appended). An `or` of several
 * words is also multiplied by the square of the share of its words the document holds
 * ({@link coverageOf}).
 */
function exactnessOf(
  fts: FtsScore[],
  ctes: string[],
  params: SqlParams,
  gate?: Gate,
): Map<FtsScore, (doc: string) => string> {
  const within = gate ? ` AND +rowid IN (SELECT doc FROM ${gate.table})` : '';
  const prefix = gate?.prefix ?? '';
  const factors = new Map<FtsScore, (doc: string) => string>();
  fts.forEach((item, i) => {
    const coverage = coverageOf(item, i, ctes, params, within, prefix);
    if (item.levels.length === 0) {
      factors.set(item, (doc) => (item.factor === 1 ? '' : ` * ${params.add(item.factor)}`) + coverage(doc));
      return;
    }
    const names = item.levels.map((level, k) => {
      const name = `${prefix}x${i}_${k}`;
      ctes.push(
        `${name} AS MATERIALIZED (SELECT rowid AS doc FROM search_fts WHERE search_fts MATCH ${level.match}${within})`,
      );
      return name;
    });
    factors.set(item, (doc) => {
      const cases = item.levels
        .map((level, k) => `WHEN ${doc} IN (SELECT doc FROM ${names[k]}) THEN ${params.add(level.factor)}`)
        .join(' ');
      return ` * (CASE ${cases} ELSE ${params.add(item.factor)} END)${coverage(doc)}`;
    });
  });
  return factors;
}

/**
 * For an `or` of several words (contract §2.3 `operator`), the factor that puts documents
 * holding more of the words first: (words held / words)², so a document with one word of
 * four keeps a sixteenth of its bm25 score and one with all of them keeps it whole, as
 * search engines rank "more words" before "better words". One CTE per word; nothing for `and`
 * (every match holds every word) or a single word.
 */
function coverageOf(
  item: FtsScore,
  i: number,
  ctes: string[],
  params: SqlParams,
  within: string,
  prefix: string,
): (doc: string) => string {
  if (item.words.length < 2) return () => '';
  const names = item.words.map((word, k) => {
    const name = `${prefix}w${i}_${k}`;
    ctes.push(
      `${name} AS MATERIALIZED (SELECT rowid AS doc FROM search_fts WHERE search_fts MATCH ${word}${within})`,
    );
    return name;
  });
  const squared = params.add(item.words.length * item.words.length);
  return (doc) => {
    const held = names.map((name) => `(${doc} IN (SELECT doc FROM ${name}))`).join(' + ');
    return ` * ((${held}) * (${held}) * 1.0 / ${squared})`;
  };
}

/**
 * The documents a factor's full-text passes are limited to: the pass walks the whole match
 * and tests membership (`+rowid` keeps SQLite from handing the list to FTS5, which would
 * re-run the match per document, about 50 µs each). `prefix` keeps the CTE names of two
 * gates apart.
 */
interface Gate {
  table: string;
  prefix: string;
}

interface SortKey {
  /** Sort expression over `m` and the key's join. */
  expr: string;
  direction: 'ASC' | 'DESC';
  /** LEFT JOIN bringing in the key's value row. */
  join?: string;
  /** Column of search_docs the key needs in `m`. */
  column?: string;
  /** For value paths: the path id parameter and whether its values are numeric. */
  path?: { param: string; numeric: boolean };
}

/**
 * The page of `m` (doc, title, score, dist, k0…), ordered and limited.
 *
 * Usually every row of `m` gets its sort keys and SQLite keeps the best `offset + limit`.
 * When `m` comes from walking `search_docs` (no condition drove the query, so it is probably
 * a large part of the project) and nothing is scored, the page is read in order from an
 * index instead, re-testing the where clause row by row and stopping once the page is full:
 *  - default order: the title indexes of search_docs;
 *  - a single field key: the value index of that field, then the documents without a value.
 * That is what makes "all events by date, page 50" or "everything, page 1" cheap.
 */
function pageQuery(keys: SortKey[], distanceColumn: string, plan: SearchPlan): string {
  const { where } = plan;
  const tail = ['m.score DESC', 'm.title COLLATE NOCASE ASC', 'm.doc ASC'];
  const walk =
    where.driver === 'scan' && where.score === '0' && where.fts.length === 0 && where.geo.length === 0;
  const filter = `d.project_id = @project AND ${plan.statusFilter} AND ${where.where}`;
  if (walk && keys.length === 0) {
    return `SELECT d.doc AS doc, d.entry_title AS title, 0 AS score, NULL AS dist FROM search_docs AS d ${where.joins} WHERE ${filter} ORDER BY d.entry_title COLLATE NOCASE ASC, d.doc ASC LIMIT @limit OFFSET @offset`;
  }
  const only = keys.length === 1 ? keys[0] : undefined;
  if (!walk || !only?.path) {
    const columns = keys.map((key, i) => `, ${key.expr} AS k${i}`).join('');
    const joins = keys.flatMap((key) => (key.join ? [key.join] : [])).join(' ');
    const order = [...keys.map((key, i) => `k${i} ${key.direction} NULLS LAST`), ...tail];
    return `SELECT m.doc AS doc, m.title AS title, m.score AS score, ${distanceColumn} AS dist${columns} FROM m ${joins} ORDER BY ${order.join(', ')} LIMIT @limit OFFSET @offset`;
  }
  const { param, numeric } = only.path;
  const column = numeric ? 'num' : 'text';
  const index = numeric ? 'search_values_num' : 'search_values_text';
  const hasValue = `sk0.path = ${param} AND sk0.seq = 0${numeric ? ' AND sk0.num IS NOT NULL' : ''}`;
  const withValue = `SELECT d.doc AS doc, d.entry_title AS title, 0 AS score, NULL AS dist, sk0.${column} AS k0 FROM search_values AS sk0 INDEXED BY ${index} CROSS JOIN search_docs AS d ON d.doc = sk0.doc ${where.joins} WHERE ${hasValue} AND ${filter} ORDER BY sk0.${column} ${only.direction}, d.entry_title COLLATE NOCASE ASC, d.doc ASC`;
  const without = `SELECT d.doc AS doc, d.entry_title AS title, 0 AS score, NULL AS dist, NULL AS k0 FROM search_docs AS d ${where.joins} WHERE ${filter} AND NOT EXISTS (SELECT 1 FROM search_values AS sk0 WHERE ${hasValue} AND sk0.doc = d.doc) ORDER BY d.entry_title COLLATE NOCASE ASC, d.doc ASC`;
  return `SELECT * FROM (SELECT * FROM (${withValue}) UNION ALL SELECT * FROM (${without})) LIMIT @limit OFFSET @offset`;
}

/**
 * How to sort `m` by a field: an expression over `m` (columns, title) or over a value row
 * joined per key (`sk<i>`: the first value of the path, seq 0). A path holding numbers or
 * dates anywhere sorts by value, and its documents whose first value is text sort with the
 * missing ones; other paths sort by text, case-insensitively. Undefined when the field
 * cannot order anything (no document has it).
 */
function sortKeyOf(
  field: string,
  index: number,
  params: SqlParams,
  paths: PathIdReader,
): Omit<SortKey, 'direction'> | undefined {
  if (field === 'entryTitle') return { expr: 'm.title COLLATE NOCASE' };
  const column = columnOf(field);
  if (column) return { expr: `m.${column} COLLATE NOCASE`, column };
  if (field === VERSION_STATUS_FIELD) return undefined;
  const id = paths.exact(field);
  if (id === undefined) return undefined;
  const alias = `sk${index}`;
  const param = params.add(id);
  const numeric = paths.hasNumbers(id);
  return {
    expr: numeric ? `${alias}.num` : `${alias}.text`,
    join: `LEFT JOIN search_values AS ${alias} ON ${alias}.path = ${param} AND ${alias}.doc = m.doc AND ${alias}.seq = 0`,
    path: { param, numeric },
  };
}

function aggregationParts(
  spec: AggregationSpec,
  index: number,
  params: SqlParams,
  paths: PathIdReader,
  large: boolean,
): string[] {
  const size = params.add(spec.size);
  const column = columnOf(spec.field);
  const parts: string[] = [];
  if (column) {
    parts.push(
      `SELECT * FROM (SELECT ${PART.bucket} AS part, ${index} AS agg, count(*) AS n, min(m.${column} COLLATE BINARY) AS s${NULLS} FROM m WHERE m.${column} <> '' GROUP BY m.${column} COLLATE NOCASE ORDER BY n DESC, s COLLATE NOCASE LIMIT ${size})`,
    );
    if (spec.missing !== undefined) {
      parts.push(`SELECT ${PART.missing}, ${index}, count(*), NULL${NULLS} FROM m WHERE m.${column} = ''`);
    }
    return parts;
  }
  const id = paths.exact(spec.field);
  if (id === undefined) {
    if (spec.missing !== undefined)
      parts.push(`SELECT ${PART.missing}, ${index}, count(*), NULL${NULLS} FROM m`);
    return parts;
  }
  const path = params.add(id);
  // Values group case-insensitively (the column's NOCASE); the key shown is the
  // binary-smallest spelling, so 'Transport' wins over 'transport' whatever the row order.
  if (large) {
    parts.push(
      `SELECT * FROM (SELECT ${PART.bucket} AS part, ${index} AS agg, count(*) AS n, min(v.text COLLATE BINARY) AS s${NULLS} FROM search_values AS v INDEXED BY search_values_text WHERE v.path = ${path} AND v.doc IN (SELECT doc FROM m) GROUP BY v.text ORDER BY n DESC, s COLLATE NOCASE LIMIT ${size})`,
    );
    if (spec.missing !== undefined) {
      parts.push(
        `SELECT ${PART.missing}, ${index}, (SELECT count(*) FROM m) - (SELECT count(DISTINCT v.doc) FROM search_values AS v WHERE v.path = ${path} AND v.doc IN (SELECT doc FROM m)), NULL${NULLS}`,
      );
    }
    return parts;
  }
  // CROSS JOIN keeps `m` outside: one primary-key probe per matched document, rather than a
  // scan of every value of the path when only a few documents matched.
  parts.push(
    `SELECT * FROM (SELECT ${PART.bucket} AS part, ${index} AS agg, count(*) AS n, min(v.text COLLATE BINARY) AS s${NULLS} FROM m CROSS JOIN search_values AS v ON v.path = ${path} AND v.doc = m.doc GROUP BY v.text ORDER BY n DESC, s COLLATE NOCASE LIMIT ${size})`,
  );
  if (spec.missing !== undefined) {
    parts.push(
      `SELECT ${PART.missing}, ${index}, count(*), NULL${NULLS} FROM m WHERE NOT EXISTS (SELECT 1 FROM search_values AS v WHERE v.path = ${path} AND v.doc = m.doc)`,
    );
  }
  return parts;
}
