import type { Reducer } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import { createDeliveryAccess } from '../delivery/delivery-access.js';
import type { RouteComponentProps, SiteDefinition } from '../site/site-definition.js';
import {
  initialRoutingState,
  type RoutingState,
  routeAccessRequired,
  routeFailed,
  routeLoaded,
  routeRequested,
} from '../state/routing-slice.js';
import { createSiteStore } from '../state/store.js';
import type { SiteState } from '../state/store-types.js';
import { isBetweenPages, shownPageStore, shownState } from './shown-page.js';

const Page = (_props: RouteComponentProps) => null;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const at = (pathname: string) => ({ pathname, search: '', hash: '' });

/** A site with a reducer of its own (`cart`), whose state is the visit's, not a page's. */
const cart: Reducer<{ items: number }> = (state = { items: 0 }, action) =>
  action.type === 'cart/add' ? { items: state.items + 1 } : state;
const site: SiteDefinition = {
  name: 'Fake',
  contentTypeMappings: [{ contentTypeId: 'page', component: Page }],
  reducers: { cart },
};

function storeAt(routing: Partial<RoutingState>) {
  return createSiteStore({
    services: {
      site,
      isServer: false,
      delivery: createDeliveryAccess({ rootUrl: 'http://site.invalid', projectId: 'fake' }),
      logger: silent,
      requestLog: null,
      versionInfo: async () => {
        throw new Error('unused');
      },
    },
    preloadedState: { routing: { ...initialRoutingState, ...routing } },
  });
}

const requested = (path: string) => routeRequested({ location: at(path), path, isBrowser: true });
const loaded = (title: string) =>
  routeLoaded({
    entry: { sys: { id: title, contentTypeId: 'page' }, entryTitle: title } as never,
    mappedEntry: null,
    node: null,
    ancestors: [],
    siblings: [],
    staticRoute: null,
    allowedGroups: null,
    isPreview: false,
  });

describe('shownState', () => {
  const settled = {
    routing: { ...initialRoutingState, currentPath: '/a' },
    search: { term: 'a' },
    user: { name: 'before' },
    cart: { items: 1 },
  } as unknown as SiteState;

  it('is the state itself unless a page is loading or a redirect is being followed', () => {
    const state = { ...settled, routing: { ...settled.routing, currentPath: '/b' } } as SiteState;
    expect(shownState(state, settled, ['cart'])).toBe(state);
    expect(isBetweenPages(state)).toBe(false);
  });

  it("keeps the settled page's routing and route slices while the next page loads, the visit's slices current", () => {
    const loading = {
      ...settled,
      routing: { ...settled.routing, currentPath: '/b', isLoading: true, nextPath: '/b' },
      search: { term: 'b' },
      user: { name: 'after' },
      cart: { items: 2 },
    } as unknown as SiteState;
    const shown = shownState(loading, settled, ['cart']) as unknown as Record<string, unknown>;
    expect(shown.routing).toBe(settled.routing);
    expect(shown.search).toBe(settled.search);
    expect(shown.user).toEqual({ name: 'after' });
    expect(shown.cart).toEqual({ items: 2 });
  });

  it('shows the state itself when no page was ever settled (the loading component shows)', () => {
    const loading = { ...settled, routing: { ...settled.routing, isLoading: true } } as SiteState;
    expect(shownState(loading, null, [])).toBe(loading);
  });
});

describe('shownPageStore', () => {
  it('keeps the page on screen through a load, then swaps to the loaded page in one change', () => {
    const store = storeAt({ location: at('/a'), currentPath: '/a' });
    store.dispatch(loaded('Page A'));
    const shown = shownPageStore(store, ['cart']);
    const before = shown.getState();
    expect(before.routing.entry?.entryTitle).toBe('Page A');

    store.dispatch(requested('/b'));
    // The store says where it is going, as the routing state must…
    expect(store.getState().routing).toMatchObject({ isLoading: true, nextPath: '/b', currentPath: '/b' });
    // …while what renders is still page A, the very same routing object.
    expect(shown.getState().routing).toBe(before.routing);
    expect(shown.getState()).toBe(shown.getState());
    // The visit's state goes on changing meanwhile.
    store.dispatch({ type: 'cart/add' });
    expect(shown.getState().cart).toEqual({ items: 1 });
    expect(shown.getState().routing).toBe(before.routing);

    store.dispatch(loaded('Page B'));
    expect(shown.getState()).toBe(store.getState());
    expect(shown.getState().routing).toMatchObject({ currentPath: '/b', isLoading: false, nextPath: null });
    // Everything else is the store's own.
    expect(shown.dispatch).toBe(store.dispatch);
    expect(shown.services).toBe(store.services);
  });

  it('keeps the page while a redirect (sign in) is followed, and shows a failure whole', () => {
    const store = storeAt({ location: at('/a'), currentPath: '/a' });
    store.dispatch(loaded('Page A'));
    const shown = shownPageStore(store, []);
    store.dispatch(requested('/members'));
    store.dispatch(routeAccessRequired({ status: 401, location: '/account/login', allowedGroups: [] }));
    expect(shown.getState().routing.entry?.entryTitle).toBe('Page A');

    store.dispatch(requested('/broken'));
    store.dispatch(routeFailed({ status: 500, message: 'Internal Server Error' }));
    expect(shown.getState().routing).toMatchObject({ isError: true, statusCode: 500, entry: null });
  });
});
