import { absoluteUrl, type LanguageOrigins, localisedPath } from './language-paths.js';
import { type PageInLanguages, pathInLanguage } from './language-switcher.js';
import type { SiteLanguages } from './site-languages.js';

/** One language version of a page, as `<link rel="alternate" hreflang href>` and `xhtml:link` name it. */
export interface HreflangAlternate {
  /** A language code (`en-GB`, `cy`), or `x-default` for the version shown to everyone else. */
  hreflang: string;
  /** Absolute URL of that version. */
  href: string;
}

/** The XML namespace of `xhtml:link` in a sitemap (declare it on `<urlset>` as `xmlns:xhtml`). */
export const XHTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';

/**
 * The language versions of a page, for `<link rel="alternate" hreflang>` in its head and
 * `xhtml:link` in the sitemap: one per language the page exists in (its own included, as
 * search engines want every version to list all of them), in the site's order, then
 * `x-default` naming the default language's version when there is one. Empty when the page
 * exists in one language only: alternates say nothing then.
 *
 * @example
 * hreflangAlternates({ language: 'cy', availableLanguages: ['en-GB', 'cy'],
 *   nodePaths: { 'en-GB': '/courses/llb-law', cy: '/cyrsiau/llb-y-gyfraith' } }, site, 'https://www.aberwen.example');
 * // [{ hreflang: 'en-GB', href: 'https://www.aberwen.example/courses/llb-law' },
 * //  { hreflang: 'cy', href: 'https://www.aberwen.example/cy/cyrsiau/llb-y-gyfraith' },
 * //  { hreflang: 'x-default', href: 'https://www.aberwen.example/courses/llb-law' }]
 */
export function hreflangAlternates(
  page: PageInLanguages,
  site: SiteLanguages,
  origins: LanguageOrigins,
): HreflangAlternate[] {
  const alternates: HreflangAlternate[] = [];
  for (const language of site.languages) {
    const path = language === page.language ? ownPath(page) : pathInLanguage(page, language);
    if (path === null) continue;
    alternates.push({ hreflang: language, href: absoluteUrl(localisedPath(language, path, site), origins) });
  }
  if (alternates.length < 2) return [];
  const fallback = alternates.find((alternate) => alternate.hreflang === site.defaultLanguage);
  if (fallback) alternates.push({ hreflang: 'x-default', href: fallback.href });
  return alternates;
}

/**
 * The canonical URL of a page in its own language: every language version is canonical for
 * itself (never the default language's), on its language's origin. Null when the page has no
 * path in its own language.
 *
 * @example
 * canonicalUrl({ language: 'cy', staticPath: '/account/login' }, site, 'https://www.aberwen.example');
 * // 'https://www.aberwen.example/cy/account/login'
 */
export function canonicalUrl(
  page: PageInLanguages,
  site: SiteLanguages,
  origins: LanguageOrigins,
): string | null {
  const path = ownPath(page);
  return path === null ? null : absoluteUrl(localisedPath(page.language, path, site), origins);
}

/** The page's path in its own language, whether or not its variations list that language. */
function ownPath(page: PageInLanguages): string | null {
  const path = page.nodePaths ? page.nodePaths[page.language] : page.staticPath;
  return typeof path === 'string' && path.startsWith('/') ? path : null;
}

/** One `<url>` of a multilingual sitemap: a language version of a page and all its versions. */
export interface LanguageSitemapUrl {
  /** Absolute URL of this version. */
  loc: string;
  language: string;
  /** Every version, this one included (empty when the page has one language). */
  alternates: HreflangAlternate[];
}

/**
 * The sitemap URLs of one page: one per language version, each listing all versions as
 * alternates (the sitemaps way of saying what `hreflang` links say in the head).
 *
 * @example
 * sitemapLanguageUrls({ availableLanguages: ['en-GB', 'cy'], nodePaths: { 'en-GB': '/about', cy: '/amdanom-ni' } }, site, origin);
 * // [{ loc: '…/about', language: 'en-GB', alternates }, { loc: '…/cy/amdanom-ni', language: 'cy', alternates }]
 */
export function sitemapLanguageUrls(
  page: Omit<PageInLanguages, 'language'>,
  site: SiteLanguages,
  origins: LanguageOrigins,
): LanguageSitemapUrl[] {
  const urls: LanguageSitemapUrl[] = [];
  for (const language of site.languages) {
    const version: PageInLanguages = { ...page, language };
    const path = pathInLanguage(version, language);
    if (path === null) continue;
    urls.push({
      loc: absoluteUrl(localisedPath(language, path, site), origins),
      language,
      alternates: hreflangAlternates(version, site, origins),
    });
  }
  return urls;
}

const XML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/**
 * The `xhtml:link` elements of a sitemap `<url>` for its alternates, escaped for XML
 * (`<xhtml:link rel="alternate" hreflang="cy" href="…"/>`); empty for none.
 */
export function sitemapAlternatesXml(alternates: readonly HreflangAlternate[]): string {
  const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => XML_ENTITIES[char] as string);
  return alternates
    .map(
      (alternate) =>
        `<xhtml:link rel="alternate" hreflang="${escapeXml(alternate.hreflang)}" href="${escapeXml(alternate.href)}"/>`,
    )
    .join('');
}
