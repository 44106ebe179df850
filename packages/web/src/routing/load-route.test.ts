import type { Reducer } from '@reduxjs/toolkit';
import { describe, expect, it, vi } from 'vitest';
import { createDeliveryAccess } from '../delivery/delivery-access.js';
import type { RouteComponentProps, SiteDefinition } from '../site/site-definition.js';
import { initialRoutingState } from '../state/routing-slice.js';
import { createSiteStore } from '../state/store.js';
import { fakePlatform } from '../test-support/fake-platform.js';
import { loadRoute } from './load-route.js';

const Page = (_props: RouteComponentProps) => null;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const at = (pathname: string, search = '') => ({ pathname, search, hash: '' });

function setup(site: SiteDefinition, options: { isServer?: boolean; fetchFn?: typeof fetch } = {}) {
  const platform = fakePlatform();
  const store = createSiteStore({
    services: {
      site,
      isServer: options.isServer ?? false,
      delivery: createDeliveryAccess({
        rootUrl: 'http://site.invalid',
        projectId: 'fake',
        fetchFn: options.fetchFn ?? platform.fetchFn,
      }),
      logger: silent,
      requestLog: null,
      versionInfo: async () => {
        throw new Error('unused');
      },
    },
    preloadedState: { routing: { ...initialRoutingState, currentProject: 'fake' } },
  });
  return { store, platform };
}

const baseSite: SiteDefinition = {
  name: 'Fake',
  contentTypeMappings: [
    { contentTypeId: 'home', component: Page },
    { contentTypeId: 'page', component: Page },
  ],
};

describe('loadRoute', () => {
  it("matches a static route by its pattern in the page's language, and moves its default address there", async () => {
    const site: SiteDefinition = {
      ...baseSite,
      language: 'en-GB',
      languages: ['en-GB', 'cy'],
      routes: [{ path: '/news', paths: { cy: '/newyddion' }, component: Page }],
    };
    // A Welsh page's store, as the renderer makes it: the language in the routing state.
    const english = setup(site).store;
    const welsh = createSiteStore({
      services: english.services,
      preloadedState: {
        routing: { ...initialRoutingState, currentProject: 'fake', language: 'cy', basePath: '/cy' },
      },
    });
    await expect(welsh.dispatch(loadRoute(at('/news', '?page=2')))).resolves.toEqual({
      kind: 'redirect',
      status: 301,
      location: '/newyddion?page=2',
    });
    await expect(welsh.dispatch(loadRoute(at('/newyddion')))).resolves.toMatchObject({ kind: 'loaded' });
    // The route's name in the state is its default path in every language.
    expect(welsh.getState().routing.staticRoute?.path).toBe('/news');
    await expect(english.dispatch(loadRoute(at('/news')))).resolves.toMatchObject({ kind: 'loaded' });
    expect(english.getState().routing.staticRoute?.path).toBe('/news');
    // The Welsh address is no English route: the content tree has nothing there.
    await expect(english.dispatch(loadRoute(at('/newyddion')))).resolves.toMatchObject({ kind: 'notFound' });
  });

  it('marks the route as loading in the browser only', async () => {
    for (const isServer of [false, true]) {
      const { store } = setup(baseSite, { isServer });
      const pending = store.dispatch(loadRoute(at('/about')));
      expect(store.getState().routing.isLoading).toBe(!isServer);
      expect(store.getState().routing.nextPath).toBe('/about');
      await pending;
      expect(store.getState().routing.isLoading).toBe(false);
      expect(store.getState().routing.nextPath).toBeNull();
    }
  });

  it('lets a later navigation supersede an earlier one', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const platform = fakePlatform();
    const slowFirst = (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
      if (String(input).includes('/nodes/about')) await gate;
      return platform.fetchFn(input, init);
    }) as typeof fetch;
    const { store } = setup(baseSite, { fetchFn: slowFirst });
    const first = store.dispatch(loadRoute(at('/about')));
    const second = store.dispatch(loadRoute(at('/news')));
    expect(await second).toMatchObject({ kind: 'loaded' });
    release();
    expect(await first).toEqual({ kind: 'superseded' });
    expect(store.getState().routing.currentPath).toBe('/news');
    expect(store.getState().routing.entry?.sys.id).toBe('e-news');
  });

  it('reports whether a not-found page replaced a page with an entry', async () => {
    const { store } = setup(baseSite);
    expect(await store.dispatch(loadRoute(at('/missing')))).toMatchObject({
      kind: 'notFound',
      hadEntry: false,
    });
    await store.dispatch(loadRoute(at('/about')));
    expect(await store.dispatch(loadRoute(at('/missing')))).toMatchObject({
      kind: 'notFound',
      hadEntry: true,
    });
    const routing = store.getState().routing;
    expect(routing).toMatchObject({ notFound: true, entry: null, entryID: null, statusCode: 404 });
  });

  it('calls the route events, which may prevent the scroll to the top', async () => {
    const onRouteLoad = vi.fn(() => undefined);
    const onRouteLoaded = vi.fn(() => ({ preventScrollTop: true }));
    const { store } = setup({ ...baseSite, routeEvents: { onRouteLoad, onRouteLoaded } });
    const outcome = await store.dispatch(loadRoute(at('/about', '?x=1')));
    expect(outcome).toMatchObject({ kind: 'loaded', preventScrollTop: true });
    expect(onRouteLoad).toHaveBeenCalledWith(
      expect.objectContaining({ path: '/about', staticRoute: null, isServer: false }),
    );
    expect(onRouteLoaded).toHaveBeenCalledWith(expect.objectContaining({ statusCode: 200 }));
    const quiet = setup(baseSite);
    expect(await quiet.store.dispatch(loadRoute(at('/about')))).toMatchObject({ preventScrollTop: false });
  });

  it('keeps loading when a route event handler throws', async () => {
    const { store } = setup({
      ...baseSite,
      routeEvents: {
        onRouteLoad: () => {
          throw new Error('handler bug');
        },
      },
    });
    expect(await store.dispatch(loadRoute(at('/about')))).toMatchObject({ kind: 'loaded' });
  });

  it('injects the reducer a mapping asks for', async () => {
    const reducer: Reducer<{ visits: number }> = (state = { visits: 1 }) => state;
    const site: SiteDefinition = {
      ...baseSite,
      contentTypeMappings: [
        { contentTypeId: 'page', component: Page, injectRedux: async () => ({ key: 'pageExtras', reducer }) },
      ],
    };
    const { store } = setup(site);
    await store.dispatch(loadRoute(at('/about')));
    expect(store.getState().pageExtras).toEqual({ visits: 1 });
  });

  it('runs a static route loader and records the static route', async () => {
    const loader = vi.fn(
      async ({ params, isServer }: { params: Record<string, string>; isServer: boolean }) => {
        expect(params).toEqual({ id: '42' });
        expect(isServer).toBe(false);
      },
    );
    const { store } = setup({ ...baseSite, routes: [{ path: '/things/:id', component: Page, loader }] });
    expect(await store.dispatch(loadRoute(at('/things/42')))).toMatchObject({ kind: 'loaded' });
    expect(loader).toHaveBeenCalledTimes(1);
    expect(store.getState().routing.staticRoute).toEqual({
      path: '/things/:id',
      params: { id: '42' },
      nodePath: null,
    });
  });

  it('loads the node a static route derives, and is not found when it does not exist', async () => {
    const site: SiteDefinition = {
      ...baseSite,
      routes: [
        { path: '/about/:tab', component: Page, fetchNode: { level: 1 } },
        { path: '/gone/:x', component: Page, fetchNode: true },
      ],
    };
    const { store } = setup(site);
    await store.dispatch(loadRoute(at('/about/team')));
    expect(store.getState().routing.entry?.sys.id).toBe('e-about');
    expect(store.getState().routing.staticRoute?.nodePath).toBe('/about');
    expect(await store.dispatch(loadRoute(at('/gone/1')))).toMatchObject({ kind: 'notFound' });
  });

  it("runs a static route's loader beside its node lookup, not one round trip after it", async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const platform = fakePlatform();
    const slowNode = (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
      if (String(input).includes('/nodes/about')) await gate;
      return platform.fetchFn(input, init);
    }) as typeof fetch;
    const loader = vi.fn(async () => undefined);
    const { store } = setup(
      { ...baseSite, routes: [{ path: '/about/:tab', component: Page, fetchNode: { level: 1 }, loader }] },
      { fetchFn: slowNode },
    );
    const pending = store.dispatch(loadRoute(at('/about/team')));
    await vi.waitFor(() => expect(loader).toHaveBeenCalledTimes(1));
    // The node is still on its way: the route is not loaded before it arrives.
    expect(store.getState().routing.entry).toBeNull();
    release();
    expect(await pending).toMatchObject({ kind: 'loaded' });
    expect(store.getState().routing.entry?.sys.id).toBe('e-about');
  });

  it('is not found when the node is missing, even when the loader fails too', async () => {
    const loader = vi.fn(async () => {
      throw new Error('the loader failed');
    });
    const { store } = setup({
      ...baseSite,
      routes: [
        { path: '/gone/:x', component: Page, fetchNode: true, loader },
        { path: '/here/:x', component: Page, loader },
      ],
    });
    expect(await store.dispatch(loadRoute(at('/gone/1')))).toMatchObject({ kind: 'notFound' });
    expect(loader).toHaveBeenCalledTimes(1);
    // Without a node to miss, the loader's failure is the route's.
    expect(await store.dispatch(loadRoute(at('/here/1')))).toMatchObject({ kind: 'error', status: 500 });
  });

  it('decodes the path and trims its trailing slash', async () => {
    const { store } = setup(baseSite);
    await store.dispatch(loadRoute(at('/about/')));
    expect(store.getState().routing.currentPath).toBe('/about');
    expect(store.getState().routing.entry?.sys.id).toBe('e-about');
  });
});
