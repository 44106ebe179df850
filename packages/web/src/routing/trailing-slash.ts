import { sameSitePath } from './same-site.js';

/** Redirect statuses a trailing-slash redirect may use. */
export type TrailingSlashRedirectStatus = 301 | 302 | 307 | 308;

/** The spec's default: a temporary redirect, so a later change of policy is never cached forever. */
export const DEFAULT_TRAILING_SLASH_STATUS: TrailingSlashRedirectStatus = 302;

/**
 * A path without a trailing slash and without repeated slashes, so every page has exactly one
 * URL. The root stays `/`.
 *
 * @example
 * trimTrailingSlash('/courses//marine/'); // '/courses/marine'
 * trimTrailingSlash('/'); // '/'
 */
export function trimTrailingSlash(path: string): string {
  const collapsed = path.replace(/\/{2,}/g, '/');
  if (collapsed === '/' || collapsed === '') return '/';
  return collapsed.endsWith('/') ? collapsed.replace(/\/+$/, '') || '/' : collapsed;
}

/** Where a URL with a trailing slash goes, and with which status. */
export interface TrailingSlashRedirect {
  status: TrailingSlashRedirectStatus;
  location: string;
}

/**
 * The redirect for a URL whose path ends in `/` (or holds `//`), or `null` when the path is
 * already canonical. The query string and hash are kept as they were.
 *
 * @example
 * trailingSlashRedirect('/news/?page=2#top'); // { status: 302, location: '/news?page=2#top' }
 * trailingSlashRedirect('/news'); // null
 */
export function trailingSlashRedirect(
  url: string,
  status: TrailingSlashRedirectStatus = DEFAULT_TRAILING_SLASH_STATUS,
): TrailingSlashRedirect | null {
  const { pathname, rest } = splitUrl(url);
  const trimmed = trimTrailingSlash(pathname);
  if (trimmed === pathname) return null;
  // A request path such as `/\evil.example/` would otherwise become a Location that browsers
  // read as another host.
  return { status, location: sameSitePath(`${trimmed}${rest}`) };
}

/** Splits a path-and-query URL into its path and everything after it (`?…` and `#…`). */
export function splitUrl(url: string): { pathname: string; rest: string } {
  const cut = url.search(/[?#]/);
  return cut === -1 ? { pathname: url, rest: '' } : { pathname: url.slice(0, cut), rest: url.slice(cut) };
}

/**
 * A query string without one parameter, the rest kept byte for byte (re-serialising through
 * `URLSearchParams` would turn `%20` into `+` and change what the browser sees).
 *
 * @example
 * withoutQueryParameter('?q=a%20b&redux=true', 'redux'); // '?q=a%20b'
 */
export function withoutQueryParameter(search: string, name: string): string {
  const query = search.startsWith('?') ? search.slice(1) : search;
  if (!query) return '';
  const kept = query.split('&').filter((part) => {
    const key = part.split('=')[0] ?? '';
    try {
      return decodeURIComponent(key.replace(/\+/g, ' ')) !== name;
    } catch {
      return true;
    }
  });
  return kept.length ? `?${kept.join('&')}` : '';
}
