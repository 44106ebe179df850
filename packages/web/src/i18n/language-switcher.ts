import { type LanguageLocation, type LanguageOrigins, linkTo, localisedPath } from './language-paths.js';
import type { SiteLanguages } from './site-languages.js';

/** What the switcher needs to know of the page being shown. */
export interface PageInLanguages {
  /** The page's language. */
  language: string;
  /**
   * For a content page: the languages its entry has a variation in (`sys.availableLanguages`).
   * Null or absent for a page that is not an entry (see `staticPath`).
   */
  availableLanguages?: readonly string[] | null;
  /**
   * For a content page: its node path in each language's tree, as the platform answers the
   * entry's node in that language (`/cyrsiau/llb-y-gyfraith`). A language without one is
   * treated as untranslated.
   */
  nodePaths?: Readonly<Record<string, string | null | undefined>> | null;
  /**
   * For a page that is not an entry (a static route such as `/account/login`): its path,
   * the same in every language. Ignored when `nodePaths` is given.
   */
  staticPath?: string | null;
  /**
   * For a static route whose pattern differs between languages: its path in each
   * (`{ 'en-GB': '/news', cy: '/newyddion' }`); a language not named has `staticPath`.
   */
  staticPaths?: Readonly<Record<string, string>> | null;
}

/** Where the switcher sends a visitor who asks for the page in another language. */
export interface SwitcherTarget extends LanguageLocation {
  /** The link: a path on the same host, else an absolute URL. */
  href: string;
  /** Whether it is the same page in that language; false: that language's home, with the notice. */
  translated: boolean;
}

/**
 * The query parameter a switcher's fallback link carries (`/cy?translation=missing`), so the
 * home page it leads to can say the page asked for is not translated, also without JavaScript.
 */
export const MISSING_TRANSLATION_PARAM = 'translation';
const MISSING_TRANSLATION_VALUE = 'missing';

/**
 * The page's node path in `language`, or null when the page has no version in it: a content
 * page needs a variation in that language (`availableLanguages`) and a node path there; a
 * static route exists in every language, at its path there (`staticPaths`) or the same one.
 */
export function pathInLanguage(page: PageInLanguages, language: string): string | null {
  if (page.nodePaths) {
    const available = page.availableLanguages ?? [];
    const path = page.nodePaths[language];
    return available.includes(language) && typeof path === 'string' && path.startsWith('/') ? path : null;
  }
  if (typeof page.staticPath !== 'string' || !page.staticPath.startsWith('/')) return null;
  const own = page.staticPaths?.[language];
  return typeof own === 'string' && own.startsWith('/') ? own : page.staticPath;
}

/**
 * Where the language switcher of `page` links for language `to`: the same page in that
 * language when there is one, else that language's home page, marked untranslated and with
 * {@link MISSING_TRANSLATION_PARAM} on the link so the home page can show a notice.
 *
 * @example
 * switcherTarget({ language: 'en-GB', availableLanguages: ['en-GB', 'cy'],
 *   nodePaths: { 'en-GB': '/courses/llb-law', cy: '/cyrsiau/llb-y-gyfraith' } }, 'cy', site, origin);
 * // { language: 'cy', host: null, path: '/cy/cyrsiau/llb-y-gyfraith', href: '/cy/cyrsiau/llb-y-gyfraith', translated: true }
 * switcherTarget({ language: 'en-GB', availableLanguages: ['en-GB'], nodePaths: { 'en-GB': '/news/x' } }, 'cy', site, origin);
 * // { …, path: '/cy?translation=missing', translated: false }
 */
export function switcherTarget(
  page: PageInLanguages,
  to: string,
  site: SiteLanguages,
  origins: LanguageOrigins,
): SwitcherTarget {
  const path = pathInLanguage(page, to);
  const translated = path !== null;
  const location = localisedPath(
    to,
    translated ? path : `/?${MISSING_TRANSLATION_PARAM}=${MISSING_TRANSLATION_VALUE}`,
    site,
  );
  return { ...location, href: linkTo(location, page.language, site, origins), translated };
}

/** The switcher's targets for every language of the site but the page's own, in the site's order. */
export function switcherTargets(
  page: PageInLanguages,
  site: SiteLanguages,
  origins: LanguageOrigins,
): SwitcherTarget[] {
  return site.languages
    .filter((language) => language !== page.language)
    .map((language) => switcherTarget(page, language, site, origins));
}

/**
 * Whether an address's query asks for the missing-translation notice (the switcher's
 * fallback link). Takes `location.search` or a whole query string, with or without `?`.
 */
export function asksForMissingTranslationNotice(search: string): boolean {
  return new URLSearchParams(search).get(MISSING_TRANSLATION_PARAM) === MISSING_TRANSLATION_VALUE;
}
