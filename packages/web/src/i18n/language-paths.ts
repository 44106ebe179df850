import type { SiteLanguages } from './site-languages.js';

/** Which language an address is in, and the node path it asks for in that language's tree. */
export interface LanguageOfPath {
  language: string;
  /** The path in the language's own node tree (`/cyrsiau/llb-y-gyfraith`), `/` for its home. */
  nodePath: string;
  /** The prefix the address started with (`cy`), or null: the default language, or a language's own host. */
  prefix: string | null;
}

/** Where a page lives in one language: the host it needs (null: any of the site's hosts) and the path. */
export interface LanguageLocation {
  language: string;
  /** Host name of a language with a host of its own, else null (the host the visitor is on). */
  host: string | null;
  /** The address path, prefix included, with the query and fragment it was given. */
  path: string;
}

/** A request's host without its port, in lower case (`WWW.Aberwen.example:8443` → `www.aberwen.example`). */
function hostName(host: string | null | undefined): string | null {
  if (!host) return null;
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0]!;
  return name.toLowerCase();
}

/** Splits `/a/b?x=1#y` into the path and what follows it (`?x=1#y`). */
function splitPath(address: string): [path: string, rest: string] {
  const cut = address.search(/[?#]/);
  return cut < 0 ? [address, ''] : [address.slice(0, cut), address.slice(cut)];
}

/**
 * The language of an address and the node path it names in that language. On the host of a
 * language other than the default, the address is that language's and its path is the node
 * path as it stands. Elsewhere a first path segment equal to a language's prefix (whole
 * segment, exact case: `/cy/…` but not `/cymraeg` or `/CY`) names that language and is
 * taken off (`/cy` and `/cy/` are its home, `/`); any other address is in the default
 * language, whole. Query and fragment are left out of `nodePath`.
 *
 * @example
 * const site = siteLanguages({ languages: ['en-GB', 'cy'], defaultLanguage: 'en-GB' });
 * languageOfPath('/cy/cyrsiau/llb-y-gyfraith', site); // { language: 'cy', nodePath: '/cyrsiau/llb-y-gyfraith', prefix: 'cy' }
 * languageOfPath('/courses/llb-law', site);           // { language: 'en-GB', nodePath: '/courses/llb-law', prefix: null }
 */
export function languageOfPath(address: string, site: SiteLanguages, host?: string | null): LanguageOfPath {
  const [path] = splitPath(address);
  const name = hostName(host);
  if (name !== null) {
    for (const [language, languageHost] of Object.entries(site.hosts)) {
      if (languageHost === name && language !== site.defaultLanguage)
        return { language, nodePath: path, prefix: null };
    }
  }
  const segment = path.split('/')[1] ?? '';
  for (const [language, prefix] of Object.entries(site.prefixes)) {
    if (segment !== prefix) continue;
    const rest = path.slice(prefix.length + 1);
    return { language, nodePath: rest === '' || rest === '/' ? '/' : rest, prefix };
  }
  return { language: site.defaultLanguage, nodePath: path, prefix: null };
}

/**
 * Where a node path of a language's tree lives on the site: the inverse of
 * {@link languageOfPath}. The default language and languages with a host of their own keep
 * the path as it is; the others get their prefix (`/` becomes `/cy`, without a trailing
 * slash, as the site's trailing-slash rule wants). A query or fragment on `nodePath` is kept.
 * Throws for a language the site does not have or a path that does not start with `/`.
 *
 * @example
 * localisedPath('cy', '/cyrsiau?term=hanes', site); // { language: 'cy', host: null, path: '/cy/cyrsiau?term=hanes' }
 * localisedPath('en-GB', '/', site);               // { language: 'en-GB', host: null, path: '/' }
 */
export function localisedPath(language: string, nodePath: string, site: SiteLanguages): LanguageLocation {
  if (!site.languages.includes(language)) throw new Error(`The site has no language ${language}`);
  const [path, rest] = splitPath(nodePath);
  if (!path.startsWith('/') || path.startsWith('//')) throw new Error(`"${nodePath}" is not a path`);
  const host = site.hosts[language] ?? null;
  const prefix = site.prefixes[language];
  const prefixed = prefix === undefined ? path : path === '/' ? `/${prefix}` : `/${prefix}${path}`;
  return { language, host, path: `${prefixed}${rest}` };
}

/**
 * The public origin of each language (`https://www.aberwen.example`): one origin for a site
 * whose languages share its host, or one per language. Absolute URLs (canonical, hreflang,
 * sitemap, a switcher link to another host) are written on it.
 */
export type LanguageOrigins = string | Readonly<Record<string, string>>;

/** The origin of a language, from {@link LanguageOrigins}; throws when a language has none. */
export function originOf(language: string, origins: LanguageOrigins): string {
  const origin = typeof origins === 'string' ? origins : origins[language];
  if (!origin) throw new Error(`No public origin for ${language}`);
  return new URL(origin).origin;
}

/** The absolute URL of a location, on its language's origin. */
export function absoluteUrl(location: LanguageLocation, origins: LanguageOrigins): string {
  return new URL(location.path, originOf(location.language, origins)).href;
}

/**
 * How a page in `fromLanguage` links to a location: its path when both languages are served
 * on the same host (a plain link, followed by client navigation), else the absolute URL on
 * the location's origin.
 *
 * @example
 * linkTo(localisedPath('cy', '/', site), 'en-GB', site, 'https://www.aberwen.example'); // '/cy'
 */
export function linkTo(
  location: LanguageLocation,
  fromLanguage: string,
  site: SiteLanguages,
  origins: LanguageOrigins,
): string {
  const fromHost = site.hosts[fromLanguage] ?? null;
  return location.host === fromHost ? location.path : absoluteUrl(location, origins);
}
