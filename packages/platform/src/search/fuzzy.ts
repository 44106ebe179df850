import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/db-handle.js';
import { maxTypos } from './analysis.js';
import { tryHousekeeping } from './fts-staging.js';
import { foldWord } from './text.js';
import { refreshVocabulary } from './vocabulary.js';

/**
 * Typo tolerance of fuzzy free text (contract §2.3 `fuzzy: true`): a query word also matches
 * the words of the index vocabulary within {@link maxTypos} edits (insert, delete, substitute
 * or swap adjacent letters) — one for words of 5–8 letters, two from 9, none for shorter ones,
 * as search engines allow — and never on the first letter: candidates share it. The
 * vocabulary (`search_terms`, every word the indexer has seen, folded) is read through its
 * index on (first letter, length) (migration 012), so a lookup reads only the words that could
 * be close enough. At most {@link MAX_EXPANSIONS} spellings are added, closest first. The last
 * word's prefix matching lives in fts-query.ts.
 */

/** Most vocabulary words one fuzzy word expands to. */
export const MAX_EXPANSIONS = 16;

/**
 * Optimal-string-alignment distance between `a` and `b` (Levenshtein plus adjacent swaps),
 * or `limit + 1` as soon as it must exceed `limit`.
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const n = b.length;
  let prevPrev: number[] = [];
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, prevPrev[j - 2]! + 1);
      }
      row.push(value);
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > limit) return limit + 1;
    prevPrev = prev;
    prev = row;
  }
  return prev[n]!;
}

const vocabByDb = new WeakMap<Db, Statement<[string, number, number], { term: string }>>();

/**
 * Vocabulary words close to `word` (see module notes), folded as the index stores them,
 * excluding the word itself; empty when the word is too short to be fuzzy.
 */
export function fuzzyExpansions(db: Db, word: string): string[] {
  const folded = foldWord(word);
  const length = [...folded].length;
  const edits = maxTypos(length);
  if (edits === 0) return [];
  // A bulk load may have left the vocabulary behind the full-text index.
  tryHousekeeping(() => refreshVocabulary(db));
  let vocab = vocabByDb.get(db);
  if (!vocab) {
    // The expressions are those of the index search_terms_shape, so the planner uses it.
    vocab = db.prepare(
      'SELECT term FROM search_terms WHERE substr(term, 1, 1) = ? AND length(term) BETWEEN ? AND ?',
    );
    vocabByDb.set(db, vocab);
  }
  const first = String.fromCodePoint(folded.codePointAt(0)!);
  const found: Array<{ term: string; distance: number }> = [];
  for (const { term } of vocab.iterate(first, length - edits, length + edits)) {
    if (term === folded) continue;
    const distance = editDistance(folded, term, edits);
    if (distance <= edits) found.push({ term, distance });
  }
  found.sort((x, y) => x.distance - y.distance || (x.term < y.term ? -1 : 1));
  return found.slice(0, MAX_EXPANSIONS).map((item) => item.term);
}
