import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { FRAMEWORK_CATALOGUES } from './messages/catalogue.js';
import type { CatalogueLoaders, MessageCatalogue } from './messages/message-types.js';

/**
 * A language's interface words, by the default language's words: `{ Menu: 'Dewislen' }`. The
 * components keep their default-language words in their code and show this map's entry for
 * them when the page is in another language. A message with values is filed the same way, in
 * the small part of ICU MessageFormat the browser reads without a formatter (see
 * `formatWordsMessage`): `{ '{count, plural, one {# result} other {# results}}': '{count,
 * plural, one {# canlyniad} two {# ganlyniad} …}' }`.
 */
export type PageWords = Readonly<Record<string, string>>;

/**
 * The interface words of each language, from the framework's catalogues
 * (`FRAMEWORK_CATALOGUES`: search, pager, accounts, consent …) and a site's (keyed alike in
 * every language; the site's win where both have the same default-language words): every
 * message the browser can show on its own, in the language, filed under the same message in
 * the default language. That is a message of plain words (formatted: ICU quoting undone), or
 * one whose values are plain arguments and plurals of plain words (`Page {page} of {pages}`,
 * a count); a message with a date or a select is left to code that formats it with a
 * translator. A message a language lacks is left out, so its component shows the default
 * language's words. Worked out once per language and process. A page in that language carries
 * them in its state (`routing.words`), so its components show them on the server and in the
 * browser alike, and the browser loads neither catalogue nor formatter; a page in the default
 * language carries nothing (its components' words are the catalogue's).
 *
 * @example
 * const wordsOf = pageWordsOf(SITE_CATALOGUES, 'en-GB');
 * (await wordsOf('cy')).Menu; // 'Dewislen'
 * (await wordsOf('cy')).Next; // 'Nesaf' (the framework's pager)
 */
export function pageWordsOf(
  loaders: CatalogueLoaders,
  defaultLanguage: string,
  frameworkLoaders: CatalogueLoaders = FRAMEWORK_CATALOGUES,
): (language: string) => Promise<PageWords> {
  const known = new Map<string, Promise<PageWords>>();
  return (language) => {
    let words = known.get(language);
    if (!words) {
      words = Promise.all([
        wordsIn(frameworkLoaders, language, defaultLanguage),
        wordsIn(loaders, language, defaultLanguage),
      ]).then(([framework, own]) => Object.freeze({ ...framework, ...own }));
      // A catalogue that failed to load is tried again by the next page.
      words.catch(() => known.delete(language));
      known.set(language, words);
    }
    return words;
  };
}

/** The words of one set of catalogues; none when it has no catalogue for the language. */
async function wordsIn(
  loaders: CatalogueLoaders,
  language: string,
  defaultLanguage: string,
): Promise<Record<string, string>> {
  const load = loaders[language];
  const loadReference = loaders[defaultLanguage];
  if (!load || !loadReference) return {};
  const [{ messages: own }, { messages: reference }] = await Promise.all([load(), loadReference()]);
  const words: Record<string, string> = {};
  for (const [key, message] of Object.entries(reference)) {
    const english = wordsMessageOf(message);
    const translated = Object.hasOwn(own, key) ? wordsMessageOf((own as MessageCatalogue)[key] ?? '') : null;
    if (english !== null && translated !== null) words[english] = translated;
  }
  return words;
}

/**
 * A catalogue message as the page's words hold it: plain words as they read (ICU quoting
 * undone), a message with plain arguments and plurals in the part of ICU MessageFormat
 * `formatWordsMessage` reads; null for anything else (a date, a select, braces or `#` in its
 * words), which the browser could not show without a formatter.
 *
 * @example
 * wordsMessageOf("Don''t"); // "Don't"
 * wordsMessageOf('{count, plural, one {# result} other {# results}}'); // the same
 * wordsMessageOf('Last updated {date, date, long}'); // null
 */
export function wordsMessageOf(message: string): string | null {
  let elements: MessageFormatElement[];
  try {
    elements = parse(message, { requiresOtherClause: true });
  } catch {
    return null;
  }
  if (elements.every((element) => element.type === TYPE.literal))
    return elements.map((element) => element.value).join('');
  return written(elements);
}

function written(elements: readonly MessageFormatElement[]): string | null {
  let out = '';
  for (const element of elements) {
    if (element.type === TYPE.literal) {
      // The browser's reader knows no quoting: such words would be read as a placeholder.
      if (/[{}#]/.test(element.value)) return null;
      out += element.value;
    } else if (element.type === TYPE.argument) {
      out += `{${element.value}}`;
    } else if (element.type === TYPE.number && !element.style) {
      out += `{${element.value}, number}`;
    } else if (element.type === TYPE.pound) {
      out += '#';
    } else if (element.type === TYPE.plural && element.pluralType === 'cardinal' && !element.offset) {
      out += `{${element.value}, plural,`;
      for (const [selector, { value }] of Object.entries(element.options)) {
        const branch = written(value);
        if (branch === null) return null;
        out += ` ${selector} {${branch}}`;
      }
      out += '}';
    } else {
      return null;
    }
  }
  return out;
}
