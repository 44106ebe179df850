import { languageOfPath } from './language-paths.js';
import { type SiteLanguages, siteLanguages } from './site-languages.js';

/** What {@link languagesOfSite} reads of a site definition. */
export interface SiteLanguageSettings {
  /** The default language (the site definition's `language`, default `en-GB`). */
  language?: string;
  languages?: readonly string[];
  languagePrefixes?: Readonly<Record<string, string>>;
  languageHosts?: Readonly<Record<string, string>>;
}

/** The language an address is served in, as the renderer sets a page up with it. */
export interface PageLanguage {
  /** The page's language. */
  language: string;
  /** Whether it is the site's default language (served at the root). */
  isDefault: boolean;
  /** The language's prefix as a path (`/cy`), `''` for the default: the router's basename. */
  basePath: string;
  /** The path in the language's own tree (`/cyrsiau/llb-y-gyfraith`): what routing matches. */
  pathname: string;
}

// A definition is made once per process: its languages are checked once, not per request.
const checked = new WeakMap<SiteLanguageSettings, SiteLanguages | null>();

/**
 * The site's languages, checked (see `siteLanguages`); null for a site in one language, which
 * has no prefixes, switcher or alternates. Throws for languages that cannot be served apart.
 *
 * @example
 * languagesOfSite({ language: 'en-GB', languages: ['en-GB', 'cy'] }); // { …, prefixes: { cy: 'cy' } }
 */
export function languagesOfSite(site: SiteLanguageSettings): SiteLanguages | null {
  if (checked.has(site)) return checked.get(site) ?? null;
  const languages =
    site.languages && site.languages.length > 1
      ? siteLanguages({
          languages: site.languages,
          defaultLanguage: site.language ?? 'en-GB',
          ...(site.languagePrefixes ? { prefixes: site.languagePrefixes } : {}),
          ...(site.languageHosts ? { hosts: site.languageHosts } : {}),
        })
      : null;
  checked.set(site, languages);
  return languages;
}

/**
 * The language of a request's path and the path routing sees: `/cy/cyrsiau/x` is Welsh,
 * routed as `/cyrsiau/x` under the basename `/cy`; on the host of a language with a host of
 * its own (`languageHosts`, the request's configured host name) every path is that
 * language's, without a basename; any path of a one-language site, and any other path
 * without a language prefix, is the default language as it stands.
 *
 * @example
 * pageLanguageOf(site, '/cy/cyrsiau/llb-y-gyfraith');
 * // { language: 'cy', isDefault: false, basePath: '/cy', pathname: '/cyrsiau/llb-y-gyfraith' }
 */
export function pageLanguageOf(
  site: SiteLanguageSettings,
  pathname: string,
  host?: string | null,
): PageLanguage {
  const languages = languagesOfSite(site);
  const fallback = site.language ?? 'en-GB';
  if (!languages) return { language: fallback, isDefault: true, basePath: '', pathname };
  const found = languageOfPath(pathname, languages, host);
  if (found.prefix === null) {
    const isDefault = found.language === languages.defaultLanguage;
    return { language: found.language, isDefault, basePath: '', pathname };
  }
  // The trailing slash of `/cy/` is the server's to redirect, as for any other path.
  const rest = pathname.slice(found.prefix.length + 1);
  return { language: found.language, isDefault: false, basePath: `/${found.prefix}`, pathname: rest || '/' };
}
