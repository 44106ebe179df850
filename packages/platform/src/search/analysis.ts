import { stemmer } from 'stemmer';
import { FIELD_TOKEN_SEPARATOR } from './fields.js';
import { foldWord } from './text.js';

/**
 * Word analysis of free text (contract §2.3 `freeText`), shared by the indexer and the query
 * builder so both cut and reduce words the same way:
 *  - folding: case and diacritics, as the FTS5 `unicode61 remove_diacritics 2` tokenizer;
 *  - stems: English (Porter) stems from the `stemmer` library, so "nurse", "nurses" and
 *    "nursing" meet. The index keeps every word as written and adds a stem token only for
 *    words whose stem differs (`ǂnurs` in the entry's text, `12ǂǂnurs` in the field with path
 *    id 12), which keeps exact and stem matches apart for ranking and the index small;
 *  - typos: how many edits a word of a given length may carry (see {@link maxTypos}).
 */

/** Marks a stem token: `ǂnurs` is the stem "nurs" of some word of the text. */
export const STEM_MARK = FIELD_TOKEN_SEPARATOR;

// Stemming is pure and words repeat endlessly across a seed: remember recent answers.
const STEM_CACHE_LIMIT = 50_000;
const stems = new Map<string, string>();

/**
 * The English stem of a folded word ("nursing" → "nurs"); words with digits, and words of
 * fewer than three letters, are their own stem.
 *
 * @example
 * stemOf('universities'); // 'univers'
 */
export function stemOf(folded: string): string {
  let stem = stems.get(folded);
  if (stem === undefined) {
    stem = folded.length < 3 || /\d/.test(folded) ? folded : stemmer(folded);
    if (stems.size >= STEM_CACHE_LIMIT) stems.clear();
    stems.set(folded, stem);
  }
  return stem;
}

/** A word as the index compares it: folded, and its stem. */
export interface AnalysedWord {
  folded: string;
  stem: string;
}

/** Folds and stems one word as cut by `words()`. */
export function analyse(word: string): AnalysedWord {
  // Most words are plain ASCII: lower-casing is all their folding needs.
  const folded = /^[\x20-\x7e]*$/.test(word) ? word.toLowerCase() : foldWord(word);
  return { folded, stem: stemOf(folded) };
}

/**
 * Typo edits a query word of `length` letters may carry, as search engines allow them: none
 * below 5 letters, one for 5–8, two from 9.
 */
export function maxTypos(length: number): number {
  if (length < 5) return 0;
  return length <= 8 ? 1 : 2;
}

/** Shortest word matched as a prefix (shorter ones would match too much to mean anything). */
export const MIN_PREFIX_LENGTH = 3;
