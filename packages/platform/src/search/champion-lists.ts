import type { Db } from '../db/db-handle.js';
import { cachedStatement } from './statement-cache.js';

/**
 * How champion lists are kept (see {@link championsOf}): `size` documents per phrase, lists
 * only for expressions of at most `maxPhrases` phrases, at most `maxLists` lists per
 * connection (the least recently used go first). Tests make `size` small, so that lists are
 * incomplete on small data sets and every path is taken.
 */
export const championPolicy = { size: 1000, maxPhrases: 16, maxLists: 256 };

/** The best documents of one phrase by its own bm25, for one state of the database. */
interface ChampionList {
  /** The database state the scores belong to (facet-columns.ts `databaseState`). */
  state: string;
  docs: number[];
  /** The lowest score in the list: no document outside it scores more for this phrase. */
  last: number;
  /** The list holds every document the phrase matches. */
  complete: boolean;
}

/** The candidates of a ranking from champion lists, and what a document outside them can score. */
export interface Champions {
  /** Every listed document of every phrase, as a JSON array (for `json_each`). */
  docs: string;
  /**
   * An upper bound of the bm25 score (negated, as the search ranks it) of any matching
   * document not among `docs`; 0 when every phrase's list is complete, so there is none.
   */
  bound: number;
}

const listsByDb = new WeakMap<Db, Map<string, ChampionList>>();

// Rankings the lists could not prove in the current state (see noteUnproven), per connection.
const unprovenByDb = new WeakMap<Db, { state: string; keys: Set<string> }>();

const rankingKey = (phrases: readonly string[], pageEnd: number) =>
  `${pageEnd}\u0000${phrases.join('\u0000')}`;

/**
 * Remembers that the lists of `phrases` could not prove a page ending at `pageEnd` in this
 * state, so the same search goes straight to scoring every match until the next write
 * instead of trying the lists every time (a word whose scores barely differ, asked for a
 * page far down).
 */
export function noteUnproven(db: Db, phrases: readonly string[], pageEnd: number, state: string): void {
  let unproven = unprovenByDb.get(db);
  if (unproven?.state !== state) {
    unproven = { state, keys: new Set() };
    unprovenByDb.set(db, unproven);
  }
  if (unproven.keys.size < championPolicy.maxLists) unproven.keys.add(rankingKey(phrases, pageEnd));
}

/**
 * Champion lists (top documents per term, a long-standing device of search engines): for a
 * free-text expression, the `size` best documents of each of its phrases by that phrase's own
 * bm25, read from FTS5 once per phrase and state of the database and kept by this connection.
 *
 * Why it is exact: FTS5's bm25 of an expression is a sum of one term per phrase, and each
 * term is what the phrase alone scores (the same idf, document length and average length,
 * as long as the database is in the same state). A matching document in none of the lists
 * scores at most the sum, over the phrases whose list is incomplete, of the list's lowest
 * score; that is `bound`. A ranking that finds `k` candidates scoring above `bound` times
 * the largest factor knows its first `k` places hold no other document (compile-search.ts
 * checks it and search.ts falls back to scoring every match when it does not hold).
 *
 * Lists belong to one state: a write anywhere (another connection's commit or this one's)
 * changes every idf and the average length, so the next search builds them again. Call it
 * inside the search's read transaction, with the state read in it after a first read.
 * Undefined for an expression of more than `maxPhrases` phrases (a field target multiplies
 * them), and for a ranking the lists could not prove before in this state (`noteUnproven`):
 * those are scored in full.
 *
 * @example
 * const champions = championsOf(db, ['"research"', '"ǂresearch"'], databaseState(db));
 * // { docs: '[913,4012,…]', bound: 2.79e-6 }
 */
export function championsOf(
  db: Db,
  phrases: readonly string[],
  state: string,
  pageEnd = 0,
): Champions | undefined {
  if (phrases.length === 0 || phrases.length > championPolicy.maxPhrases) return undefined;
  const unproven = unprovenByDb.get(db);
  if (unproven?.state === state && unproven.keys.has(rankingKey(phrases, pageEnd))) return undefined;
  const docs = new Set<number>();
  let bound = 0;
  for (const phrase of phrases) {
    const list = listOf(db, phrase, state);
    for (const doc of list.docs) docs.add(doc);
    if (!list.complete) bound += list.last;
  }
  return { docs: JSON.stringify([...docs]), bound };
}

function listOf(db: Db, phrase: string, state: string): ChampionList {
  let lists = listsByDb.get(db);
  if (!lists) {
    lists = new Map();
    listsByDb.set(db, lists);
  }
  const kept = lists.get(phrase);
  // Map order is the order of use: taken out and put back, it becomes the most recent.
  if (kept) lists.delete(phrase);
  const list = kept?.state === state ? kept : buildList(db, phrase, state);
  lists.set(phrase, list);
  if (lists.size > championPolicy.maxLists) {
    const oldest = lists.keys().next().value;
    if (oldest !== undefined) lists.delete(oldest);
  }
  return list;
}

function buildList(db: Db, phrase: string, state: string): ChampionList {
  const size = championPolicy.size;
  // Ties at the cut are harmless: a document left out scores at most `last`, which is all
  // the bound claims.
  const rows = cachedStatement(
    db,
    'SELECT rowid, -bm25(search_fts) FROM search_fts WHERE search_fts MATCH ? ORDER BY 2 DESC LIMIT ?',
  )
    .raw(true)
    .all(phrase, size) as Array<[number, number]>;
  return {
    state,
    docs: rows.map(([doc]) => doc),
    last: rows.length > 0 ? rows[rows.length - 1]![1] : 0,
    complete: rows.length < size,
  };
}
