import { pageSlicesOf } from '../state/page-slices.js';
import type { SiteStore } from '../state/store.js';
import type { SiteState } from '../state/store-types.js';

/**
 * Whether a state is between two pages: a browser navigation is loading the next page (the
 * routing state's `isLoading`), or ended in a redirect the router is about to follow.
 */
export function isBetweenPages(state: SiteState): boolean {
  return state.routing.isLoading || state.routing.redirect !== null;
}

/**
 * What the visitor sees of `state`: the state itself, except between pages, when the page of
 * `settled` (the last state that was not between pages) stays on screen whole — its routing
 * state (title, breadcrumb, content) and its route's slices — over the visit's slices (user,
 * consent, menus) and the site's own, which stay current. Without a settled page (nothing was
 * ever shown) the state itself, so the loading component shows.
 *
 * @example
 * shownState(loading, lastSettled, []).routing.location.pathname; // still the page being left
 */
export function shownState(
  state: SiteState,
  settled: SiteState | null,
  siteSlices: readonly string[],
): SiteState {
  if (!settled || !isBetweenPages(state)) return state;
  return { ...state, ...pageSlicesOf(settled, siteSlices) };
}

/**
 * The store React renders from in the browser: the site's store, whose `getState` answers
 * {@link shownState}, so a client navigation keeps the current page on screen until the next
 * one is loaded and then swaps it in one render, while the store itself keeps the routing
 * state's flags (`isLoading`, `nextPath`) as loading goes. The same state object comes back
 * until the store changes, as `useSyncExternalStore` requires. Everything else (dispatch,
 * subscribe, services) is the store's own.
 *
 * @example
 * <Provider store={shownPageStore(store, Object.keys(site.reducers ?? {}))}>…</Provider>
 */
export function shownPageStore(store: SiteStore, siteSlices: readonly string[]): SiteStore {
  let settled: SiteState | null = null;
  let seen: SiteState | null = null;
  let shown: SiteState | null = null;
  const getState = (): SiteState => {
    const state = store.getState();
    if (state === seen && shown) return shown;
    if (!isBetweenPages(state)) settled = state;
    seen = state;
    shown = shownState(state, settled, siteSlices);
    return shown;
  };
  // Every state passes through here, so the last settled one is known whoever reads first.
  getState();
  store.subscribe(getState);
  return Object.assign(Object.create(store) as SiteStore, { getState });
}
