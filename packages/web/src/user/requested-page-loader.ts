import { staticRoutesOf } from '../site/routes.js';
import type { RouteLoaderContext, SiteDispatch } from '../site/site-definition.js';
import { PAGE_NAME_PATH, requestedPagePath, staticRouteTitle } from './requested-page.js';
import { requestedPageNamed } from './user-slice.js';

/**
 * The loader of the sign-in and access-denied routes: names the page they are about (see
 * `RequestedPage`) by the site's route table, else by what the server found: on the server
 * the state has it already (the site server looked it up before rendering); in the browser,
 * on client navigation, from `GET /account/page-name`. Never from the address itself: a path
 * nobody can name stays unnamed, and the page says "the page you asked for".
 *
 * @example
 * { path: ACCOUNT_PATHS.login, component: SignInPage, loader: loadRequestedPage }
 */
export async function loadRequestedPage({
  dispatch,
  getState,
  location,
  isServer,
  signal,
}: RouteLoaderContext): Promise<void> {
  const path = requestedPagePath(location.pathname, location.search);
  const known = getState().user.requestedPage;
  if (isServer) {
    // The server looked the platform up before rendering; a static route of the site is what
    // answers its path, so its title comes first (e.g. "Your account").
    const title = path && known?.path === path ? routeTitle(dispatch, path) : null;
    if (path && title) dispatch(requestedPageNamed({ path, title }));
    return;
  }
  if (!path) {
    if (known) dispatch(requestedPageNamed(null));
    return;
  }
  if (known?.path === path) return;
  const title = routeTitle(dispatch, path) ?? (await serverTitle(path, signal));
  if (!signal.aborted) dispatch(requestedPageNamed({ path, title }));
}

/**
 * The title of the site's static route at `path`; a path of the page's language (`/cy/account`
 * on a Welsh page) is matched without its prefix, as the route table has it.
 */
function routeTitle(dispatch: SiteDispatch, path: string): string | null {
  return dispatch((_dispatch, getState, services) => {
    const base = getState().routing.basePath ?? '';
    const inTree = !base
      ? path
      : path === base
        ? '/'
        : path.startsWith(`${base}/`)
          ? path.slice(base.length)
          : null;
    return inTree === null ? null : staticRouteTitle(staticRoutesOf(services.site), inTree);
  });
}

/** The site server's name for a path; `null` when it has none or cannot be asked. */
async function serverTitle(path: string, signal: AbortSignal): Promise<string | null> {
  try {
    const response = await fetch(`${PAGE_NAME_PATH}?path=${encodeURIComponent(path)}`, {
      headers: { accept: 'application/json' },
      signal,
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { title?: unknown };
    return typeof body.title === 'string' && body.title ? body.title : null;
  } catch {
    // The page still works without its name: it says "the page you asked for".
    return null;
  }
}
