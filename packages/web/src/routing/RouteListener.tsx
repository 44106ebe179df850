import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router';
import {
  findFocusMark,
  focusMarkOf,
  type PagePlace,
  PlaceMemory,
  placeKey,
} from '../client/scroll-memory.js';
import { useSiteDispatch, useSiteStore } from '../state/hooks.js';
import { trailingSlashRedirect } from './trailing-slash.js';

/**
 * Keeps the store in step with browser navigation: on every new path or query it dispatches
 * the same `loadRoute` the server ran, follows redirects (trailing slash, sign in, access
 * denied), reloads when a page that had an entry turns out not to exist (the server then
 * answers with the real status), and puts the visitor where they belong on the new page:
 *
 * - back and forward (and a reload, or a return from another site) go back to the scroll
 *   position the visitor left the page at, with focus on the link they had focused;
 * - any other navigation starts at the top (or at the element the hash names), with focus on
 *   the page's `main` element so a screen reader starts reading the new page — unless a route
 *   event prevented it or the navigation's state says `{ preventScrollTop: true }` (a search
 *   refined in place), which leaves both scroll and focus alone.
 *
 * The first render needs nothing: the server loaded that location already. `loadRoute` (with
 * the delivery client) is loaded on the first navigation, or before by prefetching; if its
 * code cannot be loaded the browser asks the server for the page.
 */
export function RouteListener() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const dispatch = useSiteDispatch();
  const store = useSiteStore();
  const places = useRef<PlaceMemory | null>(null);
  const shownKey = useRef(placeKey(location));

  // Once, after hydration: the framework restores places itself, and keeps the current one
  // when the document goes (a reload, a link to another site).
  useEffect(() => {
    const memory = new PlaceMemory(sessionStorageOrNull());
    places.current = memory;
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    const navigationEntry = performance.getEntriesByType?.('navigation')[0] as
      | PerformanceNavigationTiming
      | undefined;
    const returning = navigationEntry?.type === 'back_forward' || navigationEntry?.type === 'reload';
    const place = returning ? memory.get(shownKey.current) : undefined;
    if (place) restorePlace(place);
    const keep = () => memory.save(shownKey.current, currentPlace());
    window.addEventListener('pagehide', keep);
    return () => window.removeEventListener('pagehide', keep);
  }, []);

  // Only path and query changes load a page; a hash change just scrolls.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the hash and history key are read, not triggers
  useEffect(() => {
    const loaded = store.getState().routing;
    if (loaded.location.pathname === location.pathname && loaded.location.search === location.search) {
      if (loaded.redirect) navigate(loaded.redirect.location, { replace: true });
      return;
    }
    // The page on screen is still the one being left: note where the visitor was on it, and
    // keep it as it is, to show again at once if the visitor comes back.
    places.current?.save(shownKey.current, currentPlace());
    // Only the query changed (a search or listing refined in place): that route keeps its own
    // state in step with the address, so no snapshot of it is kept or shown.
    const samePage = loaded.location.pathname === location.pathname;
    const caches = samePage ? undefined : store.services.navigationCache;
    const answers = caches?.answers ?? null;
    const pages = caches?.pages ?? null;
    if (caches && !loaded.isLoading && loaded.statusCode === 200 && !loaded.redirect) {
      const siteSlices = Object.keys(store.services.site.reducers ?? {});
      if (answers && pages) pages.keep(store.getState(), siteSlices, answers.changesSeen);
      else if (caches.waiting.length < 5) caches.waiting.push({ state: store.getState(), at: Date.now() });
    }
    const key = placeKey(location);
    shownKey.current = key;
    const redirect = trailingSlashRedirect(`${location.pathname}${location.search}${location.hash}`);
    if (redirect) {
      navigate(redirect.location, { replace: true });
      return;
    }
    const target = { pathname: location.pathname, search: location.search, hash: location.hash };
    // A navigation may ask to keep the scroll position (a search refined in place).
    const keepScroll = Boolean((location.state as { preventScrollTop?: boolean } | null)?.preventScrollTop);
    const returnTo = navigationType === 'POP' ? places.current?.get(key) : undefined;
    const snapshot =
      answers && pages
        ? pages.get(addressOf(target), { maxAgeMs: answers.reuseMs, changes: answers.changesSeen })
        : undefined;
    const state = store.getState();
    const restore = caches?.restorePage;
    const outcome =
      snapshot && restore && Object.keys(snapshot).every((slice) => slice in state)
        ? Promise.resolve(dispatch(restore(target, snapshot)))
        : import('./load-route.js').then(({ loadRoute }) => dispatch(loadRoute(target)));
    void outcome.then(
      (outcome) => {
        if (outcome.kind === 'superseded') return;
        if (outcome.kind === 'redirect') {
          navigate(outcome.location, { replace: true });
          return;
        }
        if (outcome.kind === 'notFound' && outcome.hadEntry) {
          window.location.reload();
          return;
        }
        // The new page is committed by the next frame; moving there before it paints shows no jump.
        if (returnTo) afterRender(() => restorePlace(returnTo));
        else if (!outcome.preventScrollTop && !keepScroll) afterRender(() => startPage(target.hash));
      },
      () => {
        // The navigation's code did not load (offline, or a newer deployment removed it): the
        // server renders the page instead, unless the visitor has moved on meanwhile.
        if (shownKey.current === key) window.location.assign(`${addressOf(target)}${target.hash}`);
      },
    );
  }, [location.pathname, location.search, dispatch, navigate, store]);

  return null;
}

function addressOf(location: { pathname: string; search: string }): string {
  return `${location.pathname}${location.search}`;
}

function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function afterRender(action: () => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(action);
  else setTimeout(action, 0);
}

function currentPlace(): PagePlace {
  return { x: window.scrollX, y: window.scrollY, focus: focusMarkOf(document.activeElement, document) };
}

/** Back at a page: its scroll position, and focus on the link that had it (else the page's main). */
function restorePlace(place: PagePlace): void {
  window.scrollTo(place.x, place.y);
  (findFocusMark(place.focus, document) ?? mainOf())?.focus({ preventScroll: true });
}

/** A new page: at the element the hash names (focused), else at the top with focus on its main element. */
function startPage(hash: string): void {
  const id = hash.startsWith('#') ? safeDecode(hash.slice(1)) : '';
  const target = id ? document.getElementById(id) : null;
  if (target) target.scrollIntoView();
  else window.scrollTo(0, 0);
  focusable(target ?? document.querySelector<HTMLElement>('main'))?.focus({ preventScroll: true });
}

function mainOf(): HTMLElement | null {
  return focusable(document.querySelector<HTMLElement>('main'));
}

/** The element, made focusable by script (not by Tab) if it is not already. */
function focusable(element: HTMLElement | null): HTMLElement | null {
  if (element && element.tabIndex < 0 && !element.hasAttribute('tabindex'))
    element.setAttribute('tabindex', '-1');
  return element;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
