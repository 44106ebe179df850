import type { Location, NavigateFunction, NavigationType } from 'react-router';
import {
  findFocusMark,
  focusMarkOf,
  type PagePlace,
  PlaceMemory,
  placeKey,
} from '../client/scroll-memory.js';
import { withBasePath } from '../i18n/base-path.js';
import type { SiteStore } from '../state/store.js';
import type { SiteDispatch } from '../state/store-types.js';
import { announcePage } from './navigation-status.js';
import { claimNavigation, isCurrentNavigation } from './navigation-turns.js';
import type { RouteOutcome } from './route-outcome.js';
import { trailingSlashRedirect } from './trailing-slash.js';

export { startNavigationStatus } from './navigation-status.js';

// What RouteListener does, loaded apart from the first load: the page hydrates without it, and
// it is there (loaded as the page hydrates) by the time the visitor navigates.

/** What RouteListener keeps between its effects. */
export interface ListenerRefs {
  /** Scroll positions and focus of the pages seen (`null` until `startPlaces`). */
  places: PlaceMemory | null;
  /** The history entry of the page on screen. */
  shownKey: string;
}

/** The listener's state for the page it hydrated with. */
export function listenerRefs(location: Location): ListenerRefs {
  return { places: null, shownKey: placeKey(location) };
}

/**
 * Once, after hydration: the framework restores places itself, and keeps the current one when
 * the document goes (a reload, a link to another site). Returns the cleanup.
 */
export function startPlaces(refs: ListenerRefs): () => void {
  const memory = new PlaceMemory(sessionStorageOrNull());
  refs.places = memory;
  if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  const navigationEntry = performance.getEntriesByType?.('navigation')[0] as
    | PerformanceNavigationTiming
    | undefined;
  const returning = navigationEntry?.type === 'back_forward' || navigationEntry?.type === 'reload';
  const place = returning ? memory.get(refs.shownKey) : undefined;
  if (place) restorePlace(place);
  const keep = () => memory.save(refs.shownKey, currentPlace());
  window.addEventListener('pagehide', keep);
  return () => window.removeEventListener('pagehide', keep);
}

/** What {@link followLocation} needs of the router and the store. */
export interface LocationChange {
  location: Location;
  navigationType: NavigationType;
  navigate: NavigateFunction;
  dispatch: SiteDispatch;
  store: SiteStore;
}

/** A new path or query: loads its page (or shows the one kept), then puts the visitor in place. */
export function followLocation(
  refs: ListenerRefs,
  { location, navigationType, navigate, dispatch, store }: LocationChange,
): void {
  const turns = store.services.navigation;
  const loaded = store.getState().routing;
  const key = placeKey(location);
  if (loaded.location.pathname === location.pathname && loaded.location.search === location.search) {
    // Back at the address whose page is shown (Back pressed before the next page's code or
    // data arrived): whatever was started for another address is over. A load of this very
    // address already in flight (`nextPath` set) goes on.
    if (loaded.nextPath === null) claimNavigation(turns);
    refs.shownKey = key;
    if (loaded.redirect) navigate(loaded.redirect.location, { replace: true });
    return;
  }
  const navigation = claimNavigation(turns);
  // The page on screen is still the one being left: note where the visitor was on it, and
  // keep it as it is, to show again at once if the visitor comes back.
  refs.places?.save(refs.shownKey, currentPlace());
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
  refs.shownKey = key;
  const redirect = trailingSlashRedirect(`${location.pathname}${location.search}${location.hash}`);
  if (redirect) {
    navigate(redirect.location, { replace: true });
    return;
  }
  const target = { pathname: location.pathname, search: location.search, hash: location.hash };
  // A navigation may ask to keep the scroll position (a search refined in place).
  const keepScroll = Boolean((location.state as { preventScrollTop?: boolean } | null)?.preventScrollTop);
  const returnTo = navigationType === 'POP' ? refs.places?.get(key) : undefined;
  const snapshot =
    answers && pages
      ? pages.get(addressOf(target), { maxAgeMs: answers.reuseMs, changes: answers.changesSeen })
      : undefined;
  const state = store.getState();
  const restore = caches?.restorePage;
  const current = () => isCurrentNavigation(turns, navigation);
  const superseded: RouteOutcome = { kind: 'superseded' };
  const outcome =
    snapshot && restore && Object.keys(snapshot).every((slice) => slice in state)
      ? Promise.resolve(dispatch(restore(target, snapshot, navigation)))
      : // The route's code may take a moment to arrive: by then the visitor may have moved on.
        import('./load-route.js').then(({ loadRoute }) =>
          current() ? dispatch(loadRoute(target, { navigation })) : superseded,
        );
  void outcome.then(
    (outcome) => {
      if (outcome.kind === 'superseded' || !current()) return;
      if (outcome.kind === 'redirect') {
        navigate(outcome.location, { replace: true });
        return;
      }
      if (outcome.kind === 'notFound' && outcome.hadEntry) {
        window.location.reload();
        return;
      }
      // The new page is committed by the next frame; moving there before it paints shows no jump.
      afterRender(() => {
        if (!current()) return;
        if (returnTo) restorePlace(returnTo);
        else if (!outcome.preventScrollTop && !keepScroll) startPage(target.hash);
        // A search refined in place is the same page: its results say what changed.
        if (!samePage) announcePage();
      });
    },
    () => {
      // The navigation's code did not load (offline, or a newer deployment removed it): the
      // server renders the page instead, unless the visitor has moved on meanwhile.
      if (current()) {
        const address = withBasePath(store.getState().routing.basePath ?? '', target.pathname);
        window.location.assign(`${address}${target.search}${target.hash}`);
      }
    },
  );
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

/** Back at a page: its scroll position, and focus on the link that had it (else the page's heading). */
function restorePlace(place: PagePlace): void {
  window.scrollTo(place.x, place.y);
  (findFocusMark(place.focus, document) ?? headingOf())?.focus({ preventScroll: true });
}

/** A new page: at the element the hash names (focused), else at the top with focus on its heading. */
function startPage(hash: string): void {
  const id = hash.startsWith('#') ? safeDecode(hash.slice(1)) : '';
  const target = id ? document.getElementById(id) : null;
  if (target) target.scrollIntoView();
  else window.scrollTo(0, 0);
  (focusable(target) ?? headingOf())?.focus({ preventScroll: true });
}

/**
 * Where a screen reader should start on a new page: its level-one heading (in `main` when
 * there is one), else the `main` element itself.
 */
function headingOf(): HTMLElement | null {
  const main = document.querySelector<HTMLElement>('main');
  return focusable((main ?? document).querySelector<HTMLElement>('h1') ?? main);
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
