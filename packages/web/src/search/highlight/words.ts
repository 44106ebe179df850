import { stemmer } from 'stemmer';

/**
 * Word analysis as the content platform does it for `freeText` (docs/platform.md, "contains
 * or freeText"), repeated here because the framework talks to the platform only over HTTP:
 * highlights must mark the words the platform matched, by the same rules. Words are runs of
 * letters, digits and combining marks (the FTS5 `unicode61` tokenizer), folded for case and
 * diacritics, and reduced to their English (Porter) stems with the same `stemmer` library.
 */

/** One word of a text: where it is, and how the platform compares it. */
export interface TextWord {
  /** Offset of its first UTF-16 unit in the text. */
  start: number;
  /** Offset just past its last unit. */
  end: number;
  /** Lower case, without diacritics. */
  folded: string;
  /** Its English stem (the folded word itself for short words and words with digits). */
  stem: string;
}

const WORD = /[\p{L}\p{N}\p{M}]+/gu;

/**
 * A word as the platform's index stores it: lower case, without combining marks.
 *
 * @example
 * foldWord('Crème'); // 'creme'
 */
export function foldWord(word: string): string {
  return word
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/**
 * The English stem of a folded word; words with digits and words of fewer than three letters
 * are their own stem, as on the platform.
 *
 * @example
 * stemOf('nursing'); // 'nurs'
 */
export function stemOf(folded: string): string {
  return folded.length < 3 || /\d/.test(folded) ? folded : stemmer(folded);
}

/**
 * The words of a text with their places, folded and stemmed.
 *
 * @example
 * textWords('Nursing, BSc')[0]; // { start: 0, end: 7, folded: 'nursing', stem: 'nurs' }
 */
export function textWords(text: string): TextWord[] {
  const found: TextWord[] = [];
  for (const match of text.matchAll(WORD)) {
    const folded = foldWord(match[0]);
    // A run of combining marks alone folds to nothing: the tokenizer keeps no word of it.
    if (!folded) continue;
    found.push({ start: match.index, end: match.index + match[0].length, folded, stem: stemOf(folded) });
  }
  return found;
}

/**
 * Typo edits a query word of `length` letters may carry: none below 5 letters, one for 5–8,
 * two from 9 (the platform's rule).
 */
export function maxTypos(length: number): number {
  if (length < 5) return 0;
  return length <= 8 ? 1 : 2;
}

/** Shortest last word matched as the beginning of a word. */
export const MIN_PREFIX_LENGTH = 3;

/**
 * Optimal-string-alignment distance (Levenshtein plus adjacent swaps) between `a` and `b`,
 * or `limit + 1` as soon as it must exceed `limit`: the platform's measure of a typo.
 *
 * @example
 * editDistance('pyschology', 'psychology', 2); // 1
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
