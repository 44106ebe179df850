import { createHash } from 'node:crypto';
import type { PageWords } from './page-words.js';

/** Where the site server answers a language's interface words: `/_canopy/words/cy.3f2a9c1b7d04.json`. */
export const WORDS_FILE_PREFIX = '/_canopy/words/';

/** The member of the inline `routing` state that names the words file instead of carrying the words. */
export const WORDS_HREF = 'wordsHref';

/**
 * What a language's pages share and the file holds, as the state holds it: the interface words
 * (`routing.words`) and the site's own consent wording in that language (`consent.message`,
 * `consent.categories`, the very values `consentContentLoaded` put in the state).
 */
export interface LanguageParts {
  words: PageWords;
  consent?: { message?: string; categories?: readonly unknown[] } | null;
}

/**
 * A language's words as the file the browser fetches: its address (named by its content), its
 * JSON (`{ routing: { words }, consent: { message, categories } }`, members of the state) and
 * the state members it holds.
 */
export interface WordsFile {
  path: string;
  json: string;
  parts: { routing: { words: PageWords }; consent?: Readonly<Record<string, unknown>> };
}

/** One file per words object and consent wording (both worked out once per language and process). */
const files = new WeakMap<PageWords, Map<object | null, WordsFile>>();

/**
 * The words of a page's language, with the site's consent wording in it, as a file of their
 * own, which every page in that language names instead of carrying them in its inline state
 * (they were about 32 kB of a Welsh page's 44 kB): the address holds a hash of the content, so
 * the file is cached for good and a change of words is a new address. Made once per words
 * object and wording.
 *
 * @example
 * wordsFileOf('cy', { words: { Menu: 'Dewislen' } }).path; // '/_canopy/words/cy.1d2c3b4a5f6e.json'
 */
export function wordsFileOf(language: string, { words, consent = null }: LanguageParts): WordsFile {
  let byConsent = files.get(words);
  if (!byConsent) {
    byConsent = new Map();
    files.set(words, byConsent);
  }
  let file = byConsent.get(consent);
  if (!file) {
    const wording: Record<string, unknown> = {};
    if (consent?.message !== undefined) wording.message = consent.message;
    if (consent?.categories && consent.categories.length > 0) wording.categories = consent.categories;
    const parts = { routing: { words }, ...(Object.keys(wording).length > 0 ? { consent: wording } : {}) };
    const json = JSON.stringify(parts);
    const hash = createHash('sha256').update(json).digest('hex').slice(0, 12);
    file = { path: `${WORDS_FILE_PREFIX}${encodeURIComponent(language)}.${hash}.json`, json, parts };
    byConsent.set(consent, file);
  }
  return file;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The lean state without what the words file holds: the page's words (replaced by the file's
 * address, {@link WORDS_HREF}) and each consent member whose value in the page's state is the
 * file's (not one the platform's wording replaced). The browser lays the file under the lean
 * state before it hydrates. A state without words (a page in the default language) is returned
 * as it is.
 *
 * @example
 * inlineWordsFile({ routing: { words, language: 'cy' } }, file, state); // { routing: { language: 'cy', wordsHref: file.path } }
 */
export function inlineWordsFile(
  lean: Record<string, unknown>,
  file: WordsFile | null,
  state: { consent?: unknown },
): Record<string, unknown> {
  const routing = lean.routing;
  if (!file || !isRecord(routing) || !('words' in routing)) return lean;
  const { words: _words, ...rest } = routing;
  const trimmed: Record<string, unknown> = { ...lean, routing: { ...rest, [WORDS_HREF]: file.path } };
  const consent = lean.consent;
  const whole = state.consent;
  if (file.parts.consent && isRecord(consent) && isRecord(whole)) {
    const kept = { ...consent };
    for (const [member, value] of Object.entries(file.parts.consent))
      if (whole[member] === value) delete kept[member];
    if (Object.keys(kept).length > 0) trimmed.consent = kept;
    else delete trimmed.consent;
  }
  return trimmed;
}
