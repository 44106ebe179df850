/**
 * The one place that decides where the site may send a visitor after signing in, signing out,
 * registering or being refused: always a path of this site, never another host.
 */

/** A host that cannot exist, used only to let the URL parser resolve a path as browsers do. */
const PROBE_ORIGIN = 'http://canopy.invalid';

/** Longest redirect target kept; anything longer falls back. */
const MAX_TARGET_LENGTH = 2048;

/**
 * `value` when it is a path of this site, else `fallback`. The value is read the way a browser
 * reads a `Location` header (WHATWG URL parsing: backslashes count as slashes, tabs and line
 * breaks are dropped, leading spaces and control characters are ignored), and only a result on
 * the same origin that still starts with exactly one slash is accepted. So absolute URLs,
 * scheme-relative `//host`, `/\host`, `\\host`, `javascript:` and encoded or whitespace-laden
 * forms of them all fall back. The answer is the normalised path, query and hash.
 *
 * @example
 * safeRedirectTarget('/members?tab=2'); // '/members?tab=2'
 * safeRedirectTarget('//evil.example'); // '/'
 * safeRedirectTarget('/\\evil.example'); // '/'
 * safeRedirectTarget('https://evil.example/x', '/account'); // '/account'
 */
export function safeRedirectTarget(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_TARGET_LENGTH) return fallback;
  // Browsers ignore these, so `\t//evil` or ` /\evil` would become another host.
  if (!value.startsWith('/')) return fallback;
  const second = value[1];
  if (second === '/' || second === '\\') return fallback;
  // Control characters (tab, CR, LF and friends) are removed by URL parsing and let a
  // harmless-looking value turn into `//host`.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: detecting them is the point
  if (/[\u0000-\u001f\u007f]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, `${PROBE_ORIGIN}/`);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN) return fallback;
  const target = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can normalise `/.//evil` into `//evil`.
  if (!target.startsWith('/') || target[1] === '/' || target[1] === '\\') return fallback;
  return target;
}

/**
 * The site path inside a legacy `ReturnURL` value: the value split on `/` with its first three
 * parts dropped, as the framework the spec describes does (for `https://cms.example/a/b` that
 * drops the scheme, the empty part and the host, leaving `/a/b`). The result still goes through
 * {@link safeRedirectTarget}.
 *
 * @example
 * returnUrlPath('https://cms.example/members/news?x=1'); // '/members/news?x=1'
 * returnUrlPath('https://evil.example//evil.example'); // '/'
 */
export function returnUrlPath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || value.length === 0) return fallback;
  const parts = value.split('/');
  if (parts.length <= 3) return fallback;
  return safeRedirectTarget(`/${parts.slice(3).join('/')}`, fallback);
}

/** The query values that say where to go after signing in (website spec §2). */
export interface RedirectQuery {
  redirect_uri?: unknown;
  redirect?: unknown;
  ReturnURL?: unknown;
}

/**
 * Where a visitor goes after signing in or registering: a `ReturnURL` (legacy CMS sign-in) to
 * its path with the first three parts dropped, else `redirect_uri`, else `redirect`, else the
 * fallback (the home page). Every candidate is checked by {@link safeRedirectTarget}; a hostile
 * one falls back rather than trying the next, so a forged value never picks the destination.
 *
 * @example
 * afterSignInTarget({ redirect_uri: '/members' }); // '/members'
 * afterSignInTarget({ ReturnURL: 'https://cms.example/staff/rota' }); // '/staff/rota'
 * afterSignInTarget({ redirect_uri: 'https://evil.example' }); // '/'
 */
export function afterSignInTarget(query: RedirectQuery, fallback = '/'): string {
  if (present(query.ReturnURL)) return returnUrlPath(query.ReturnURL, fallback);
  if (present(query.redirect_uri)) return safeRedirectTarget(query.redirect_uri, fallback);
  if (present(query.redirect)) return safeRedirectTarget(query.redirect, fallback);
  return fallback;
}

function present(value: unknown): boolean {
  return typeof value === 'string' && value !== '';
}
