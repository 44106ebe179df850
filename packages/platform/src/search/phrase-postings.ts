import type { Db } from '../db/db-handle.js';
import type { FtsShape } from './fts-query.js';
import { cachedStatement } from './statement-cache.js';

/**
 * One phrase of the full-text index held in memory for one state of the database: the
 * documents holding it (a bit set by document number: bit `d % 32` of word `d >> 5`) and each
 * one's bm25 for the phrase alone (negated, as searches rank it),
 * read from FTS5 in one pass and kept by the connection. A free-text expression's matches, exactness
 * levels and word coverage are then set operations, and its bm25 a sum (doc-rank.ts),
 * instead of passes over the full-text index.
 */
export interface PhraseIndex {
  state: string;
  bits: Uint32Array;
  /**
   * Scores by document number, for a phrase many documents hold; for a rarer one (fewer than
   * one document in eight up to the last holding it) `docs` in order and `sparse` beside it,
   * which a ranking walks along with its documents in order (doc-rank.ts).
   */
  scores: Float64Array | null;
  docs: Int32Array;
  sparse: Float64Array;
}

const bytesOf = (index: PhraseIndex) =>
  index.bits.byteLength + (index.scores?.byteLength ?? 0) + index.docs.byteLength + index.sparse.byteLength;

/**
 * How much memory a connection gives phrase indexes: past `maxBytes` the least recently used
 * go first. A common word at a million entries takes about 8 MB (a score per document).
 */
export const phraseIndexPolicy = { maxBytes: 256 * 1024 * 1024 };

/**
 * Expressions of at most this many distinct phrases are matched and ranked from phrase indexes
 * (a document's phrases then fit a 16-bit mask); bigger ones (a field target multiplies
 * phrases) are left to FTS5.
 */
export const MAX_INDEXED_PHRASES = 16;

const indexesByDb = new WeakMap<Db, Map<string, PhraseIndex>>();

/** The index of `phrase` (a quoted FTS5 phrase, maybe a prefix `*`) in `state`. */
export function phraseIndexOf(db: Db, phrase: string, state: string): PhraseIndex {
  let held = indexesByDb.get(db);
  if (!held) {
    held = new Map();
    indexesByDb.set(db, held);
  }
  const kept = held.get(phrase);
  if (kept) held.delete(phrase);
  const index = kept?.state === state ? kept : readIndex(db, phrase, state);
  // Map order is the order of use: the least recently used go first.
  held.set(phrase, index);
  let bytes = 0;
  for (const item of held.values()) bytes += bytesOf(item);
  for (const [key, item] of held) {
    if (bytes <= phraseIndexPolicy.maxBytes || key === phrase) break;
    bytes -= bytesOf(item);
    held.delete(key);
  }
  return index;
}

function readIndex(db: Db, phrase: string, state: string): PhraseIndex {
  const docs: number[] = [];
  const values: number[] = [];
  const rows = cachedStatement(
    db,
    'SELECT rowid, -bm25(search_fts) FROM search_fts WHERE search_fts MATCH ?',
  ).raw(true);
  let maxDoc = -1;
  for (const [doc, score] of rows.iterate(phrase) as IterableIterator<[number, number]>) {
    docs.push(doc);
    values.push(score);
    if (doc > maxDoc) maxDoc = doc;
  }
  const bits = new Uint32Array((maxDoc >> 5) + 1);
  for (const doc of docs) bits[doc >> 5]! |= 1 << (doc & 31);
  if (docs.length * 8 < maxDoc + 1) {
    // FTS5 gives rowids in order, but the order is not promised: sort by document.
    const order = Array.from(docs.keys()).sort((a, b) => docs[a]! - docs[b]!);
    return {
      state,
      bits,
      scores: null,
      docs: Int32Array.from(order, (i) => docs[i]!),
      sparse: Float64Array.from(order, (i) => values[i]!),
    };
  }
  const scores = new Float64Array(maxDoc + 1);
  for (let i = 0; i < docs.length; i++) scores[docs[i]!] = values[i]!;
  return { state, bits, scores, docs: new Int32Array(0), sparse: new Float64Array(0) };
}

/** Whether bit set `bits` holds `doc`. */
export function holds(bits: Uint32Array, doc: number): boolean {
  const word = doc >> 5;
  return word < bits.length && (bits[word]! & (1 << (doc & 31))) !== 0;
}

/**
 * The documents a free-text expression matches, from its phrases' bit sets: per part the union
 * of its alternatives, then the parts' intersection (`and`) or union (`or`), in document order.
 */
export function matchedByShape(shape: FtsShape, bitsOf: (phrase: string) => Uint32Array): Int32Array {
  let result: Uint32Array | undefined;
  for (const part of shape.parts) {
    let union: Uint32Array | undefined;
    for (const phrase of part.flat()) union = combine(union, bitsOf(phrase), 'or');
    if (!union) continue;
    result = result ? combine(result, union, shape.operator) : union;
  }
  return result ? docsOf(result) : new Int32Array(0);
}

function combine(a: Uint32Array | undefined, b: Uint32Array, operator: 'and' | 'or'): Uint32Array {
  if (!a) return b.slice();
  if (operator === 'and') {
    const out = new Uint32Array(Math.min(a.length, b.length));
    for (let i = 0; i < out.length; i++) out[i] = a[i]! & b[i]!;
    return out;
  }
  const [long, short] = a.length >= b.length ? [a, b] : [b, a];
  const out = long.slice();
  for (let i = 0; i < short.length; i++) out[i]! |= short[i]!;
  return out;
}

function docsOf(bits: Uint32Array): Int32Array {
  let count = 0;
  for (let i = 0; i < bits.length; i++) {
    let word = bits[i]!;
    while (word !== 0) {
      word &= word - 1;
      count++;
    }
  }
  const docs = new Int32Array(count);
  let n = 0;
  for (let i = 0; i < bits.length; i++) {
    let word = bits[i]!;
    while (word !== 0) {
      const low = word & -word;
      docs[n++] = (i << 5) + 31 - Math.clz32(low);
      word ^= low;
    }
  }
  return docs;
}
