import type { Db } from '../db/db-handle.js';
import { PART } from './compile-search.js';
import type { FtsScore } from './compile-where.js';
import { holds, MAX_INDEXED_PHRASES, type PhraseIndex } from './phrase-postings.js';
import { cachedStatement } from './statement-cache.js';
import { asciiLower } from './text.js';

/** A hit row as the search statement's hits part gives it (search.ts `ResultRow`). */
export interface HitRow {
  part: number;
  agg: null;
  n: number;
  s: string;
  language: string;
  is_published: number;
  is_latest: number;
  score: number;
  dist: null;
}

/** What {@link rankInMemory} needs. */
export interface MemoryRanking {
  db: Db;
  fts: FtsScore;
  /** The in-memory index of each phrase of `fts` (phrase-postings.ts). */
  indexOf: (phrase: string) => PhraseIndex;
  /** The documents that match and pass every filter, in document order. */
  passing: Int32Array;
  pageIndex: number;
  pageSize: number;
}

/**
 * Ranks a first page of a free-text search in JavaScript, with the very scores the SQL
 * statement gives, or says it cannot (null: too many phrases).
 *
 * FTS5's bm25 of an expression adds one term per phrase, in the order the phrases appear in
 * the expression (fts-query.ts `FtsShape`), starting from 0, and each term is exactly what
 * the phrase scores alone, which the phrase's index holds per document. So every passing
 * document's score is summed here bit for bit, in that order; the exactness factor and the
 * word coverage follow from which phrases it holds, and they and the weight are multiplied in
 * the order compile-search.ts writes them. The page is then the best `k` by score, ties by
 * title (NOCASE) and document, as in SQL; titles are read only for the documents scoring at
 * least the k-th.
 */
export function rankInMemory(input: MemoryRanking): HitRow[] | null {
  const { fts, passing } = input;
  const sequence = fts.shape.parts.flatMap((part) => part.flat());
  const phrases = [...new Set(sequence)];
  if (phrases.length > MAX_INDEXED_PHRASES) return null;
  const indexes = phrases.map((phrase) => input.indexOf(phrase));
  const order = Int32Array.from(sequence, (phrase) => phrases.indexOf(phrase));
  const finalScore = scoring(fts, phrases);

  const scores = new Float64Array(passing.length);
  const cursors = new Int32Array(phrases.length);
  for (let i = 0; i < passing.length; i++) {
    const doc = passing[i]!;
    let raw = 0;
    let mask = 0;
    for (let j = 0; j < order.length; j++) {
      const phrase = order[j]!;
      const index = indexes[phrase]!;
      if (!holds(index.bits, doc)) continue;
      if (index.scores) raw += index.scores[doc]!;
      else {
        // A sparse phrase's documents are in order, as `passing` is: walk them along.
        let at = cursors[phrase]!;
        while (index.docs[at]! < doc) at++;
        cursors[phrase] = at;
        raw += index.sparse[at]!;
      }
      mask |= 1 << phrase;
    }
    scores[i] = 0 + finalScore(mask, raw);
  }
  const k = (input.pageIndex + 1) * input.pageSize;
  const kth = kthLargest(scores, k);
  const hits: Array<{ doc: number; score: number }> = [];
  for (let i = 0; i < passing.length; i++)
    if (scores[i]! >= kth) hits.push({ doc: passing[i]!, score: scores[i]! });
  return pageOf(input, hits);
}

/**
 * The final score from the summed bm25 and the mask of phrases held: raw × exactness factor
 * (the strictest level the document matches, else the loosest factor) × word coverage (with
 * `or` and several words) × weight, left to right. Per mask, the factor and coverage are
 * worked out once.
 */
function scoring(fts: FtsScore, phrases: string[]): (mask: number, raw: number) => number {
  const { parts, operator } = fts.shape;
  const bitOf = new Map(phrases.map((phrase, i) => [phrase, 1 << i]));
  const partHas = (part: string[][], upTo: number, mask: number) =>
    part.slice(0, upTo + 1).some((options) => options.some((phrase) => (mask & bitOf.get(phrase)!) !== 0));
  const matchesUpTo = (upTo: number, mask: number) =>
    operator === 'and'
      ? parts.every((part) => partHas(part, upTo, mask))
      : parts.some((part) => partHas(part, upTo, mask));
  const covered = fts.words.length >= 2;
  const squared = fts.words.length * fts.words.length;
  const weighted = fts.weight > 1;
  const factors = new Map<number, { factor: number; coverage: number }>();
  return (mask, raw) => {
    let found = factors.get(mask);
    if (!found) {
      const level = fts.levels.find((candidate) => matchesUpTo(candidate.upTo, mask));
      const held = parts.filter((part) => partHas(part, part.length - 1, mask)).length;
      found = { factor: level ? level.factor : fts.factor, coverage: (held * held * 1.0) / squared };
      factors.set(mask, found);
    }
    let score = raw * found.factor;
    if (covered) score = score * found.coverage;
    return weighted ? score * fts.weight : score;
  };
}

/** The k-th largest value (−Infinity when there are fewer): a min-heap of the best k. */
function kthLargest(values: Float64Array, k: number): number {
  if (values.length < k) return Number.NEGATIVE_INFINITY;
  const heap = new Float64Array(k);
  let size = 0;
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    if (size < k) {
      let at = size++;
      while (at > 0) {
        const parent = (at - 1) >> 1;
        if (heap[parent]! <= value) break;
        heap[at] = heap[parent]!;
        at = parent;
      }
      heap[at] = value;
    } else if (value > heap[0]!) {
      let at = 0;
      for (;;) {
        const left = 2 * at + 1;
        if (left >= k) break;
        const right = left + 1;
        const child = right < k && heap[right]! < heap[left]! ? right : left;
        if (heap[child]! >= value) break;
        heap[at] = heap[child]!;
        at = child;
      }
      heap[at] = value;
    }
  }
  return heap[0]!;
}

/** The requested page of `hits` (every document scoring at least the k-th), in SQL's order. */
function pageOf(input: MemoryRanking, hits: Array<{ doc: number; score: number }>): HitRow[] {
  if (hits.length === 0) return [];
  const rows = cachedStatement(
    input.db,
    'SELECT doc, entry_id, language, is_published, is_latest, entry_title FROM search_docs WHERE doc IN (SELECT value FROM json_each(?))',
  )
    .raw(true)
    .all(JSON.stringify(hits.map((hit) => hit.doc))) as Array<
    [number, string, string, number, number, string]
  >;
  const byDoc = new Map(rows.map((row) => [row[0], row]));
  const titleKey = new Map(rows.map((row) => [row[0], Buffer.from(asciiLower(row[5]), 'utf8')]));
  const ordered = hits
    .filter((hit) => byDoc.has(hit.doc))
    .sort(
      (a, b) =>
        b.score - a.score || Buffer.compare(titleKey.get(a.doc)!, titleKey.get(b.doc)!) || a.doc - b.doc,
    );
  const offset = input.pageIndex * input.pageSize;
  return ordered.slice(offset, offset + input.pageSize).map((hit) => {
    const [doc, entryId, language, published, latest] = byDoc.get(hit.doc)!;
    return {
      part: PART.hit,
      agg: null,
      n: doc,
      s: entryId,
      language,
      is_published: published,
      is_latest: latest,
      score: hit.score,
      dist: null,
    };
  });
}
