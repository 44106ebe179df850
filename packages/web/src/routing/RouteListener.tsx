import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSiteDispatch, useSiteStore } from '../state/hooks.js';
import { loadRoute } from './load-route.js';
import { trailingSlashRedirect } from './trailing-slash.js';

/**
 * Keeps the store in step with browser navigation: on every new path or query it dispatches
 * the same `loadRoute` the server ran, follows redirects (trailing slash, sign in, access
 * denied), reloads when a page that had an entry turns out not to exist (the server then
 * answers with the real status), and scrolls to the top unless a route event prevented it or
 * the navigation's state says `{ preventScrollTop: true }`.
 * The first render needs nothing: the server loaded that location already.
 */
export function RouteListener() {
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useSiteDispatch();
  const store = useSiteStore();

  // Only path and query changes load a page; a hash change just scrolls.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the hash is read, not a trigger
  useEffect(() => {
    const loaded = store.getState().routing;
    if (loaded.location.pathname === location.pathname && loaded.location.search === location.search) {
      if (loaded.redirect) navigate(loaded.redirect.location, { replace: true });
      return;
    }
    const redirect = trailingSlashRedirect(`${location.pathname}${location.search}${location.hash}`);
    if (redirect) {
      navigate(redirect.location, { replace: true });
      return;
    }
    const target = { pathname: location.pathname, search: location.search, hash: location.hash };
    // A navigation may ask to keep the scroll position (a search refined in place).
    const keepScroll = Boolean((location.state as { preventScrollTop?: boolean } | null)?.preventScrollTop);
    void dispatch(loadRoute(target)).then((outcome) => {
      if (outcome.kind === 'superseded') return;
      if (outcome.kind === 'redirect') {
        navigate(outcome.location, { replace: true });
        return;
      }
      if (outcome.kind === 'notFound' && outcome.hadEntry) {
        window.location.reload();
        return;
      }
      if (!outcome.preventScrollTop && !keepScroll) scrollAfterNavigation(target.hash);
    });
  }, [location.pathname, location.search, dispatch, navigate, store]);

  return null;
}

/** Scrolls to the element the hash names, else to the top. */
function scrollAfterNavigation(hash: string): void {
  const id = hash.startsWith('#') ? decodeURIComponent(hash.slice(1)) : '';
  const target = id ? document.getElementById(id) : null;
  if (target) target.scrollIntoView();
  else window.scrollTo(0, 0);
}
