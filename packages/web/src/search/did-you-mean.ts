import type { Entry } from '@canopy/client';
import { editDistance, MIN_PREFIX_LENGTH, maxTypos, stemOf, textWords } from './highlight/words.js';

/**
 * "Did you mean …" for a misspelt search (issue 25, point 3), within the platform contract:
 * no vocabulary route is asked, the correction comes from the words of the results the fuzzy
 * search returned. A query word the results hold as written (or by its stem, or the last word
 * as a beginning: the ways the platform matches without a typo) stays; one they do not is
 * replaced by the results' word nearest to it by the platform's typo rules (the same first
 * letter; one edit for 5–8 letters, two from 9; the fewest edits, then the most frequent).
 * So the suggestion is a spelling the platform's vocabulary has and that has results.
 */

/** Fields whose words every result shows, whatever a facet's weighted fields. */
const DEFAULT_TEXT_FIELDS = ['entryTitle', 'entryDescription'] as const;

/** Deepest a field's value is read for text (tags are objects in arrays). */
const MAX_VALUE_DEPTH = 3;

/**
 * The words of a text as the platform's tokenizer cuts and folds them.
 *
 * @example
 * foldedWords('Mateo Fernández, PhD'); // ['mateo', 'fernandez', 'phd']
 */
export function foldedWords(text: string): string[] {
  return textWords(text).map((word) => word.folded);
}

/** The results' words, with how many results hold each. */
function vocabularyOf(texts: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const text of texts) {
    for (const word of new Set(foldedWords(text))) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return counts;
}

/** Whether the platform matched `word` in these results without correcting it. */
function matchedAsWritten(word: string, last: boolean, vocabulary: Map<string, number>): boolean {
  if (vocabulary.has(word)) return true;
  const stem = stemOf(word);
  for (const known of vocabulary.keys()) {
    if (stemOf(known) === stem) return true;
    if (last && word.length >= MIN_PREFIX_LENGTH && known.startsWith(word)) return true;
  }
  return false;
}

/** The results' word nearest to `word` by the typo rules, or `null`. */
function nearest(word: string, vocabulary: Map<string, number>): string | null {
  const edits = maxTypos([...word].length);
  if (edits === 0) return null;
  let best: { word: string; distance: number; count: number } | null = null;
  for (const [known, count] of vocabulary) {
    if (known[0] !== word[0] || known === word) continue;
    const distance = editDistance(word, known, edits);
    if (distance > edits) continue;
    const better =
      !best ||
      distance < best.distance ||
      (distance === best.distance && (count > best.count || (count === best.count && known < best.word)));
    if (better) best = { word: known, distance, count };
  }
  return best?.word ?? null;
}

/**
 * The term as the results spell it, when at least one of its words matched only through a
 * typo correction; `null` when every word matched as written, when nothing can be corrected,
 * or for a term with a quoted phrase (phrases match exactly). `texts` are the results' texts
 * (see {@link resultTexts}).
 *
 * @example
 * didYouMean('pyschology', ['BSc Psychology', 'PhD Psychology']); // 'psychology'
 * didYouMean('nurse', ['BSc Adult Nursing']); // null (a stem match)
 */
export function didYouMean(term: string, texts: readonly string[]): string | null {
  if (term.includes('"') || texts.length === 0) return null;
  const parts = term.split(/\s+/).filter((part) => foldedWords(part).length > 0);
  if (parts.length === 0) return null;
  const vocabulary = vocabularyOf(texts);
  let corrected = false;
  const suggestion = parts.map((part, index) => {
    const words = foldedWords(part);
    // A part the tokenizer cuts in several words ("king's") matches exactly, as a phrase.
    if (words.length !== 1) return part;
    const word = words[0] as string;
    if (matchedAsWritten(word, index === parts.length - 1, vocabulary)) return part;
    const correction = nearest(word, vocabulary);
    if (!correction) return part;
    corrected = true;
    return correction;
  });
  return corrected ? suggestion.join(' ') : null;
}

/** The text of a field's value: strings, and strings inside arrays and objects (tags). */
function valueText(value: unknown, depth = 0): string[] {
  if (typeof value === 'string') return [value];
  if (depth >= MAX_VALUE_DEPTH || value === null || typeof value !== 'object') return [];
  const values = Array.isArray(value) ? value : Object.values(value);
  return values.flatMap((item) => valueText(item, depth + 1));
}

/**
 * The text of each result that the term was searched in and the result carries: its title,
 * its description and the facet's other search fields (`fieldIds`), one string per result.
 *
 * @example
 * resultTexts(entries, ['entryTitle', 'entryTags']);
 */
export function resultTexts(entries: readonly Entry[], fieldIds: readonly string[] = []): string[] {
  const fields = [...new Set([...DEFAULT_TEXT_FIELDS, ...fieldIds])].filter((id) => !id.includes('.'));
  return entries.map((entry) => {
    const record = entry as unknown as Record<string, unknown>;
    return fields.flatMap((field) => valueText(record[field])).join(' ');
  });
}
