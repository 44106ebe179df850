/**
 * Deleting the cookies of a withdrawn consent category (website spec §4: a category going from
 * on to off reloads the page; its cookies must not outlive the choice). Pure: no DOM, no
 * Fastify. The browser and the consent endpoint both write what {@link expiredCookies} gives.
 */
import type { ConsentServerSettings } from './consent-config.js';
import type { ConsentCategoryId, ConsentRecord } from './consent-record.js';
import { revokedCategories } from './consent-transitions.js';

/** Where the cookies to delete may have been set, and whether the page is on HTTPS. */
export interface ClearingPlace {
  /** The site's host name, e.g. `www.aberwen.ac.uk` (no port). */
  hostname: string;
  /** The path of the page the visitor is on (cookies set without `Path` belong to its folder). */
  pathname: string;
  /** Over HTTPS: a cookie set `Secure` is only replaced by a `Secure` write. */
  secure: boolean;
}

/**
 * Whether a cookie name matches a configured name: exact, or with `*` standing for any run of
 * characters (`_ga_*` matches `_ga_X1Y2Z3`).
 *
 * @example
 * cookieNameMatches('_ga_*', '_ga_ABC'); // true
 * cookieNameMatches('aw_visitor', 'aw_visitor2'); // false
 */
export function cookieNameMatches(pattern: string, name: string): boolean {
  if (!pattern.includes('*')) return pattern === name;
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`).test(name);
}

/** The cookie names in a `Cookie` header (or `document.cookie`), each once. */
export function cookieNames(header: string | null | undefined): string[] {
  if (!header) return [];
  const names = new Set<string>();
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    const name = (index < 0 ? part : part.slice(0, index)).trim();
    if (name) names.add(name);
  }
  return [...names];
}

/**
 * The names of the cookies to delete: every exact name configured (deleting a cookie that is not
 * there costs nothing, and a cookie on another path is not in `header`), and each cookie in
 * `header` a pattern matches. `keep` (the consent cookie, the session cookie) is never deleted.
 *
 * @example
 * cookiesToClear('aw_visitor=1; _ga_X=2; theme=dark', ['aw_visitor', '_ga_*', 'YSC']);
 * // ['aw_visitor', 'YSC', '_ga_X']
 */
export function cookiesToClear(
  header: string | null | undefined,
  patterns: readonly string[],
  keep: readonly string[] = [],
): string[] {
  const names = new Set<string>();
  for (const pattern of patterns) if (!pattern.includes('*')) names.add(pattern);
  for (const name of cookieNames(header)) {
    if (patterns.some((pattern) => cookieNameMatches(pattern, name))) names.add(name);
  }
  return [...names].filter((name) => !keep.includes(name) && isCookieName(name));
}

/** The configured cookie names and patterns of the categories withdrawn. */
export function patternsOf(
  cookiesByCategory: Readonly<Partial<Record<ConsentCategoryId, readonly string[]>>>,
  withdrawn: readonly ConsentCategoryId[],
): string[] {
  return withdrawn.flatMap((id) => cookiesByCategory[id] ?? []);
}

/**
 * The `Domain` values a cookie of this host may carry: none (a host-only cookie) and the host
 * and each parent domain with at least two labels (`a.b.example.com`, `b.example.com`,
 * `example.com`). An IP address or a single-label host (`localhost`) has only host-only cookies.
 */
export function domainVariants(hostname: string): (string | null)[] {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (!host.includes('.') || /^[\d.]+$/.test(host) || host.includes(':')) return [null];
  const labels = host.split('.');
  const domains: (string | null)[] = [null];
  for (let index = 0; index <= labels.length - 2; index += 1) domains.push(labels.slice(index).join('.'));
  return domains;
}

/**
 * The `Path` values a cookie visible on `pathname` may carry: `/` and each leading part of the
 * path, with and without its trailing slash (a cookie is named by its exact path).
 *
 * @example
 * pathVariants('/news/item'); // ['/', '/news', '/news/', '/news/item', '/news/item/']
 */
export function pathVariants(pathname: string): string[] {
  const paths = new Set<string>(['/']);
  const parts = pathname.split('/').filter(Boolean).slice(0, MAX_PATH_DEPTH);
  let prefix = '';
  for (const part of parts) {
    prefix += `/${part}`;
    paths.add(prefix);
    paths.add(`${prefix}/`);
  }
  return [...paths].filter(isCookiePath);
}

/** Deepest path whose variants are written (a cookie deeper than this is rare, and headers add up). */
const MAX_PATH_DEPTH = 4;

/**
 * The writes (`Set-Cookie` values, or `document.cookie` assignments) that delete each named
 * cookie wherever it may have been set on this site: every domain and path variant, expired.
 *
 * @example
 * expiredCookies(['aw_visitor'], { hostname: 'localhost', pathname: '/', secure: false });
 * // ['aw_visitor=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax']
 */
export function expiredCookies(names: readonly string[], place: ClearingPlace): string[] {
  const secure = place.secure ? '; Secure' : '';
  const writes: string[] = [];
  for (const name of names) {
    if (!isCookieName(name)) continue;
    for (const domain of domainVariants(place.hostname)) {
      for (const path of pathVariants(place.pathname)) {
        const domainPart = domain ? `; Domain=${domain}` : '';
        writes.push(
          `${name}=; Path=${path}${domainPart}; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax${secure}`,
        );
      }
    }
  }
  return writes;
}

/** A name a cookie write can carry as it is (a token of RFC 6265). */
function isCookieName(name: string): boolean {
  return /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(name);
}

/** A path a cookie attribute can carry as it is (printable ASCII without `;`, not overlong). */
function isCookiePath(path: string): boolean {
  return path.length <= 256 && /^\/[!-:<-~]*$/.test(path);
}

/**
 * The writes that delete the cookies of every category on in `before` and off in `after`
 * (none when nothing was withdrawn). `header` is the `Cookie` header or `document.cookie`, for
 * the names a pattern matches.
 *
 * @example
 * withdrawalWrites(settings, ALL, { ...ALL, analytics: false }, document.cookie, place);
 * // ['aw_visitor=; Path=/; Max-Age=0; …', …]
 */
export function withdrawalWrites(
  settings: Pick<ConsentServerSettings, 'cookieName' | 'cookiesByCategory'>,
  before: ConsentRecord | null,
  after: ConsentRecord | null,
  header: string | null | undefined,
  place: ClearingPlace,
): string[] {
  const withdrawn = revokedCategories(before, after);
  if (withdrawn.length === 0) return [];
  const names = cookiesToClear(header, patternsOf(settings.cookiesByCategory, withdrawn), [
    settings.cookieName,
  ]);
  return expiredCookies(names, place);
}
