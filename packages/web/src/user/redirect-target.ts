import { sameSitePath } from '../routing/same-site.js';

/**
 * Where the account flows send a visitor (after signing in, signing out, registering): the
 * candidates the spec names, each checked by `sameSitePath`, the one function every redirect
 * target of the site goes through, so the answer is always a path of this site.
 */

/** Longest redirect target considered; anything longer falls back. */
const MAX_TARGET_LENGTH = 2048;

/**
 * {@link sameSitePath} with a length limit: a path of this site (backslashes, spaces and
 * control characters percent-encoded), or the fallback.
 *
 * @example
 * safeRedirectTarget('/members?tab=2'); // '/members?tab=2'
 * safeRedirectTarget('//evil.example'); // '/'
 */
export function safeRedirectTarget(value: unknown, fallback = '/'): string {
  if (typeof value === 'string' && value.length > MAX_TARGET_LENGTH) return fallback;
  return sameSitePath(value, fallback);
}

/**
 * The site path inside a legacy `ReturnURL` value: the value split on `/` with its first three
 * parts dropped, as the framework the spec describes does (for `https://cms.example/a/b` that
 * drops the scheme, the empty part and the host, leaving `/a/b`), checked like any target.
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
 * fallback (the home page). The chosen candidate is checked by `sameSitePath`; a hostile one
 * falls back rather than trying the next, so a forged value never picks the destination.
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
