import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router';
import type { SiteStore } from '../state/store.js';

type ListenerLogic = typeof import('./route-listener-logic.js');

/** The listener's code once loaded (it is needed after hydration only). */
let logic: ListenerLogic | null = null;
let loading: Promise<ListenerLogic> | null = null;

/** Runs `action` with the listener's code: at once when it is loaded, else once it is. */
function withLogic(action: (code: ListenerLogic) => void, failed?: () => void): void {
  if (logic) {
    action(logic);
    return;
  }
  loading ??= import('./route-listener-logic.js').then(
    (code) => {
      logic = code;
      return code;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  loading.then(action, () => failed?.());
}

/**
 * Keeps the store (the site's own, not the page shown) in step with browser navigation: on
 * every new path or query it dispatches the same `loadRoute` the server ran, or shows a page it
 * kept; follows redirects (trailing slash, sign in, access denied); reloads when a page that had
 * an entry turns out not to exist (the server then answers with the real status); and puts the
 * visitor where they belong on the new page:
 *
 * - back and forward (and a reload, or a return from another site) go back to the scroll
 *   position the visitor left the page at, with focus on the link they had focused;
 * - any other navigation starts at the top (or at the element the hash names), with focus on
 *   the page's heading so a screen reader starts reading the new page — unless a route event
 *   prevented it or the navigation's state says `{ preventScrollTop: true }` (a search refined
 *   in place), which leaves both scroll and focus alone;
 * - a route announcer tells screen readers the new page's title, and a progress indicator
 *   shows while a page takes a moment to load.
 *
 * Every new address starts a navigation at once (`claimNavigation`), before the code and data
 * it needs have arrived, so the newest address always wins. The first render needs nothing:
 * the server loaded that location already. `loadRoute` (with the delivery client) is loaded on
 * the first navigation, or before by prefetching; if its code cannot be loaded the browser asks
 * the server for the page.
 */
export function RouteListener({ store }: { store: SiteStore }) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const dispatch = store.dispatch;
  const first = useRef(location);
  const refs = useRef<import('./route-listener-logic.js').ListenerRefs | null>(null);

  // Once, after hydration: the places of the pages seen (see startPlaces), the progress
  // indicator and the route announcer (see startNavigationStatus).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the store of a page never changes
  useEffect(() => {
    const stops: (() => void)[] = [];
    let stopped = false;
    withLogic((code) => {
      refs.current ??= code.listenerRefs(first.current);
      if (!stopped) stops.push(code.startPlaces(refs.current), code.startNavigationStatus(store));
    });
    return () => {
      stopped = true;
      for (const stop of stops) stop();
    };
  }, []);

  // Only path and query changes load a page; a hash change just scrolls.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the hash and history key are read, not triggers
  useEffect(() => {
    withLogic(
      (code) => {
        refs.current ??= code.listenerRefs(first.current);
        code.followLocation(refs.current, { location, navigationType, navigate, dispatch, store });
      },
      () => {
        // The code did not load (offline, or a newer deployment removed it): the server
        // renders the new address instead.
        const shown = store.getState().routing.location;
        if (shown.pathname !== location.pathname || shown.search !== location.search) {
          // The address bar holds the new address already (under any language prefix).
          window.location.reload();
        }
      },
    );
  }, [location.pathname, location.search, dispatch, navigate, store]);

  return null;
}
