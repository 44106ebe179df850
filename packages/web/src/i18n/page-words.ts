import { loadTranslator } from './messages/catalogue.js';
import type { CatalogueLoaders } from './messages/message-types.js';

/**
 * A language's interface words, by the default language's words: `{ Menu: 'Dewislen' }`. The
 * components keep their default-language words in their code and show this map's entry for
 * them when the page is in another language.
 */
export type PageWords = Readonly<Record<string, string>>;

/**
 * The interface words of each language, from a site's message catalogues (keyed alike in every
 * language): every message that takes no values, formatted in the language (through its
 * translator, so ICU quoting and the fallback language apply) and filed under the same
 * message in the default language. Worked out once per language and process. A page in that
 * language carries them in its state (`routing.words`), so its components show them on the
 * server and in the browser alike, and the browser loads neither catalogue nor formatter; a
 * page in the default language carries nothing (its components' words are the catalogue's).
 * Messages that take values (a count, a date) are left to code that formats them itself.
 *
 * @example
 * const wordsOf = pageWordsOf(SITE_CATALOGUES, 'en-GB');
 * (await wordsOf('cy')).Menu; // 'Dewislen'
 */
export function pageWordsOf(
  loaders: CatalogueLoaders,
  defaultLanguage: string,
): (language: string) => Promise<PageWords> {
  const known = new Map<string, Promise<PageWords>>();
  return (language) => {
    let words = known.get(language);
    if (!words) {
      words = wordsIn(loaders, language, defaultLanguage);
      // A catalogue that failed to load is tried again by the next page.
      words.catch(() => known.delete(language));
      known.set(language, words);
    }
    return words;
  };
}

async function wordsIn(
  loaders: CatalogueLoaders,
  language: string,
  defaultLanguage: string,
): Promise<PageWords> {
  const [own, reference] = await Promise.all([
    formatted(loaders, language, defaultLanguage),
    formatted(loaders, defaultLanguage, defaultLanguage),
  ]);
  const words: Record<string, string> = {};
  for (const [key, text] of Object.entries(reference)) {
    const translated = own[key];
    if (translated !== undefined) words[text] = translated;
  }
  return Object.freeze(words);
}

/** Every message of a language's catalogue that formats without values, by key. */
async function formatted(
  loaders: CatalogueLoaders,
  language: string,
  fallbackLanguage: string,
): Promise<Record<string, string>> {
  const load = loaders[language];
  if (!load) throw new Error(`No message catalogue for ${language}`);
  const [translate, { messages }] = await Promise.all([
    loadTranslator(language, loaders, fallbackLanguage),
    load(),
  ]);
  const texts: Record<string, string> = {};
  for (const key of Object.keys(messages)) {
    try {
      texts[key] = translate(key);
    } catch {
      // A message that needs values: not a word on its own.
    }
  }
  return texts;
}
