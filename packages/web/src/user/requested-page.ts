import { ACCESS_DENIED_PATH, LOGIN_PATH } from '../routing/access.js';
import { matchStaticRoute } from '../routing/match-route.js';
import type { StaticRoute } from '../site/site-definition.js';
import { afterSignInTarget, safeRedirectTarget } from './redirect-target.js';
import type { RequestedPage } from './user-slice.js';

export type { RequestedPage } from './user-slice.js';

/**
 * The site server's endpoint that names a path for client navigation (GET `?path=`, JSON
 * `{ path, title }`); server renders put the name in the state themselves.
 */
export const PAGE_NAME_PATH = '/account/page-name';

/** Longest path considered for naming. */
const MAX_PATH_LENGTH = 1024;

/**
 * The path a sign-in page (`/account/login`: its return address, the same one signing in
 * returns to) or an access-denied page (`/account/access-denied`: `original_uri`) is about,
 * or `null` for any other page, for the home page and for anything that is not a path of this
 * site. When signing in leads on to an access-denied page, the page behind that is meant.
 *
 * @example
 * requestedPagePath('/account/login', '?redirect_uri=%2Fmembers%3Ftab%3D2'); // '/members'
 * requestedPagePath('/account/login', '?redirect_uri=%2Faccount%2Faccess-denied%3Foriginal_uri%3D%252Fstaff'); // '/staff'
 * requestedPagePath('/account/access-denied', '?original_uri=https%3A%2F%2Fevil.example'); // null
 */
export function requestedPagePath(pathname: string, search: string): string | null {
  const query = new URLSearchParams(search);
  let target = '';
  if (pathname === LOGIN_PATH) {
    target = afterSignInTarget(
      {
        ReturnURL: query.get('ReturnURL') ?? undefined,
        redirect_uri: query.get('redirect_uri') ?? undefined,
        redirect: query.get('redirect') ?? undefined,
      },
      '',
    );
    const inner = splitTarget(target);
    if (inner.path === ACCESS_DENIED_PATH) return requestedPagePath(ACCESS_DENIED_PATH, inner.search);
  } else if (pathname === ACCESS_DENIED_PATH) {
    target = safeRedirectTarget(query.get('original_uri'), '');
  }
  if (!target) return null;
  const path = decodePath(splitTarget(target).path);
  return path && path !== '/' && path.length <= MAX_PATH_LENGTH ? path : null;
}

/**
 * The title of a static route of the site at `path` (its `title`, e.g. "Your account"), or
 * `null` when no static route with a title matches.
 *
 * @example
 * staticRouteTitle(site.routes ?? [], '/account'); // 'Your account'
 */
export function staticRouteTitle(routes: readonly StaticRoute[], path: string): string | null {
  return matchStaticRoute(routes, path)?.route.title ?? null;
}

function splitTarget(target: string): { path: string; search: string } {
  const withoutHash = target.split('#')[0] ?? '';
  const at = withoutHash.indexOf('?');
  return at < 0
    ? { path: withoutHash, search: '' }
    : { path: withoutHash.slice(0, at), search: withoutHash.slice(at) };
}

function decodePath(path: string): string | null {
  try {
    return decodeURI(path);
  } catch {
    return null;
  }
}
