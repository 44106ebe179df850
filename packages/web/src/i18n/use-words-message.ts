import { useSiteSelector } from '../state/hooks.js';
import { usePageLanguage } from './use-words.js';
import { formatWordsMessage, type WordsValues } from './words-message.js';

/**
 * Messages that take values, a count above all: `message('{count, plural, one {# result}
 * other {# results}}', { count: 3 })` is `3 results` on an English page and `3 chanlyniad` on
 * a Welsh one. The message is the default language's, as the catalogue has it; the branch is
 * picked with the browser's `Intl.PluralRules` for the page's language and numbers are written
 * with its `Intl.NumberFormat` (see `formatWordsMessage`), so no formatter is loaded. Kept
 * apart from `useWords`, in a module of its own, so that a page with no counts loads none of it
 * (a bundler keeps a module's code together, and `useWords` is on every page).
 *
 * @example
 * const message = useWordsMessage();
 * message('Page {page} of {pages}', { page: 2, pages: 7 }); // 'Tudalen 2 o 7' on a Welsh page
 */
export function useWordsMessage(): (english: string, values: WordsValues) => string {
  const words = useSiteSelector((state) => state.routing.words);
  const language = usePageLanguage();
  return (english, values) => formatWordsMessage(words?.[english] ?? english, language, values);
}
