import { stemmer } from 'stemmer';
import { FIELD_TOKEN_SEPARATOR } from './fields.js';
import { foldWord } from './text.js';
import { welshBaseForms } from './welsh-plurals.js';

/**
 * Word analysis of free text (contract §2.3 `freeText`), shared by the indexer and the query
 * builder so both cut and reduce words the same way:
 *  - folding: case and diacritics, as the FTS5 `unicode61 remove_diacritics 2` tokenizer;
 *  - stems: English (Porter) stems from the `stemmer` library, so "nurse", "nurses" and
 *    "nursing" meet. The index keeps every word as written and adds a stem token only for
 *    words whose stem differs (`ǂnurs` in the entry's text, `12ǂǂnurs` in the field with path
 *    id 12), which keeps exact and stem matches apart for ranking and the index small;
 *  - typos: how many edits a word of a given length may carry (see {@link maxTypos});
 *  - language: the stems are English. Welsh text (an entry or a query in `cy`) is never cut
 *    by English rules; its words are matched through their radical candidates instead
 *    (welsh-mutations.ts: "Brifysgol", "Mhrifysgol" and "Phrifysgol" meet "Prifysgol"). The
 *    radicals take the stems' place in the index (`ǂprifysgol`), so the two never mix within
 *    one entry, and a query asks for the base forms of the languages it searches. A Welsh
 *    plural adds its singular candidates (welsh-plurals.ts: "cyrsiau" → "cwrs"), found from
 *    each radical, so "gyrsiau" meets "cwrs" too: number plays the part the English stem plays.
 */

/** How the words of a text are reduced to base forms: English stems or Welsh radicals. */
export type WordAnalysis = 'english' | 'welsh';

/**
 * The word analysis of a language code: Welsh for `cy` (and `cy-…`), in any case; English
 * for anything else, and when there is no code.
 *
 * @example
 * analysisOf('cy'); // 'welsh'
 * analysisOf('en-GB'); // 'english'
 */
export function analysisOf(language: string | null | undefined): WordAnalysis {
  return language !== null && language !== undefined && /^cy(?:-|$)/i.test(language) ? 'welsh' : 'english';
}

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

/** Folds one word as cut by `words()`, as the tokenizer stores it. */
export function fold(word: string): string {
  // Most words are plain ASCII: lower-casing is all their folding needs.
  return /^[\x20-\x7e]*$/.test(word) ? word.toLowerCase() : foldWord(word);
}

/** Folds and stems one word as cut by `words()`. */
export function analyse(word: string): AnalysedWord {
  const folded = fold(word);
  return { folded, stem: stemOf(folded) };
}

/**
 * The base forms of a folded word by one analysis: its English stem, or its Welsh radical
 * candidates (the word itself first) followed by the singular candidates of each radical that
 * reads as a plural. Two words of one language meet when their base forms share one.
 *
 * @example
 * baseForms('nursing', 'english'); // ['nurs']
 * baseForms('brifysgol', 'welsh'); // ['brifysgol', 'prifysgol']
 * baseForms('gyrsiau', 'welsh');   // ['gyrsiau', 'cyrsiau', 'gyrs', 'cwrs']
 */
export function baseForms(folded: string, analysis: WordAnalysis): string[] {
  return analysis === 'welsh' ? welshBaseForms(folded) : [stemOf(folded)];
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
