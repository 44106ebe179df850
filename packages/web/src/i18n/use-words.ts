import { useContext } from 'react';
import { SiteContext } from '../site/site-context.js';
import { useSiteSelector } from '../state/hooks.js';

/**
 * The page's interface words: `text('Next')` is `Next` on a page in the default language and
 * `Nesaf` on a Welsh one. Components write their default-language words as they are (each
 * must be a message of the framework's or the site's reference catalogue, which a test
 * checks); a page in another language carries that language's words in its state
 * (`routing.words`, see `pageWordsOf`), so the browser loads no catalogue.
 *
 * @example
 * const text = useWords();
 * <a href={next}>{text('Next')}</a>
 */
export function useWords(): (english: string) => string {
  const words = useSiteSelector((state) => state.routing.words);
  return (english) => words?.[english] ?? english;
}

/**
 * The page's language, for `Intl` (`cy` under `/cy`, else the site's default, `en-GB` when the
 * site names none): dates, numbers and lists written in the page's language.
 *
 * @example
 * new Intl.NumberFormat(usePageLanguage()).format(1234); // '1,234'
 */
export function usePageLanguage(): string {
  // Outside a site app (a component rendered on its own in a test) the default is en-GB.
  const fallback = useContext(SiteContext)?.language ?? 'en-GB';
  return useSiteSelector((state) => state.routing.language ?? fallback);
}
