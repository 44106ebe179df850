import { analyse, analysisOf, baseForms, fold, STEM_MARK, type WordAnalysis } from './analysis.js';
import { FIELD_TOKEN_SEPARATOR } from './fields.js';
import type { FlatEntry } from './flatten.js';

/**
 * The full-text row of one entry (see migration 002 and analysis.ts), in this order:
 *  1. the entry's text (what `searchContent` and `*` match), phrases intact;
 *  2. each text field's words as `<path id>ǂ<word>` (what freeText on a field matches);
 *  3. the stems that differ from their words: `ǂ<stem>` for the entry's text and
 *     `<path id>ǂǂ<stem>` per field, each once per text or field. With Welsh `analysis` (by
 *     default that of the entry's language: an entry in `cy`) these are the words' Welsh base
 *     forms instead, their radical candidates and singulars (`ǂprifysgol` for "Brifysgol",
 *     `ǂcwrs` for "cyrsiau"), and nothing is stemmed by English rules.
 * Stems come last so they never sit between the words of a phrase.
 */
export function fullTextBody(
  flat: FlatEntry,
  pathId: (path: string) => number,
  wordsOf: (text: string) => string[],
  analysis: WordAnalysis = analysisOf(flat.language),
): string | undefined {
  const addStems = analysis === 'welsh' ? addWelshBaseForms : addEnglishStems;
  const content = flat.content;
  const chunks = [content.join('\n')];
  const stemChunks: string[] = [];
  const contentStems = new Set<string>();
  for (const text of content) addStems(wordsOf(text), contentStems);
  if (contentStems.size > 0) stemChunks.push([...contentStems].map((stem) => STEM_MARK + stem).join(' '));
  for (const [path, parts] of flat.texts) {
    const prefix = `${pathId(path)}${FIELD_TOKEN_SEPARATOR}`;
    const fieldStems = new Set<string>();
    for (const part of parts) {
      const found = wordsOf(part);
      if (found.length === 0) continue;
      chunks.push(prefix + found.join(` ${prefix}`));
      addStems(found, fieldStems);
    }
    if (fieldStems.size > 0) {
      const stemPrefix = prefix + STEM_MARK;
      stemChunks.push(stemPrefix + [...fieldStems].join(` ${stemPrefix}`));
    }
  }
  const body = [...chunks, ...stemChunks].join('\n');
  return body.trim() === '' ? undefined : body;
}

function addEnglishStems(found: string[], into: Set<string>): void {
  for (const word of found) {
    const { folded, stem } = analyse(word);
    if (stem !== folded) into.add(stem);
  }
}

function addWelshBaseForms(found: string[], into: Set<string>): void {
  for (const word of found) {
    const forms = baseForms(fold(word), 'welsh');
    // The first is the word itself, which the row already holds as written.
    for (let i = 1; i < forms.length; i++) into.add(forms[i]!);
  }
}
