import { describe, expect, it } from 'vitest';
import { restorePage } from '../client/restore-page.js';
import { createDeliveryAccess } from '../delivery/delivery-access.js';
import type { RouteComponentProps, SiteDefinition } from '../site/site-definition.js';
import { initialRoutingState } from '../state/routing-slice.js';
import { createSiteStore } from '../state/store.js';
import { fakePlatform } from '../test-support/fake-platform.js';
import { loadRoute } from './load-route.js';
import { claimNavigation, isCurrentNavigation } from './navigation-turns.js';

const Page = (_props: RouteComponentProps) => null;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const at = (pathname: string) => ({ pathname, search: '', hash: '' });
const site: SiteDefinition = {
  name: 'Fake',
  contentTypeMappings: [
    { contentTypeId: 'home', component: Page },
    { contentTypeId: 'page', component: Page },
  ],
};

/** A browser store over the fake platform; `hold` keeps the answers for paths it names until released. */
function setup(hold: string | null = null) {
  const platform = fakePlatform();
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const fetchFn = (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    if (hold && String(input).includes(hold)) await gate;
    return platform.fetchFn(input, init);
  }) as typeof fetch;
  const store = createSiteStore({
    services: {
      site,
      isServer: false,
      delivery: createDeliveryAccess({ rootUrl: 'http://site.invalid', projectId: 'fake', fetchFn }),
      logger: silent,
      requestLog: null,
      versionInfo: async () => {
        throw new Error('unused');
      },
    },
    preloadedState: { routing: { ...initialRoutingState, currentProject: 'fake' } },
  });
  return { store, platform, release };
}

describe('navigation turns', () => {
  it('make every earlier navigation stale, and abort its load', () => {
    const turns = { sequence: 0, controller: new AbortController() as AbortController | null };
    const signal = turns.controller?.signal;
    const first = claimNavigation(turns);
    expect(signal?.aborted).toBe(true);
    const second = claimNavigation(turns);
    expect(isCurrentNavigation(turns, first)).toBe(false);
    expect(isCurrentNavigation(turns, second)).toBe(true);
  });

  it('discard a load whose code arrived after the visitor moved on: it changes nothing', async () => {
    const { store, platform } = setup();
    await store.dispatch(loadRoute(at('/about')));
    const shown = store.getState();
    // The click on a link claimed a navigation; Back claimed another before loadRoute arrived.
    const click = claimNavigation(store.services.navigation);
    claimNavigation(store.services.navigation);
    const calls = platform.calls.length;
    expect(await store.dispatch(loadRoute(at('/news'), { navigation: click }))).toEqual({
      kind: 'superseded',
    });
    expect(store.getState()).toBe(shown);
    expect(platform.calls).toHaveLength(calls);
  });

  it('discard a load that finishes after a newer navigation started', async () => {
    const { store, release } = setup('/nodes/news');
    await store.dispatch(loadRoute(at('/about')));
    const slow = store.dispatch(
      loadRoute(at('/news'), { navigation: claimNavigation(store.services.navigation) }),
    );
    // Back to the page shown (restored from its snapshot) before the slow load ends.
    const back = claimNavigation(store.services.navigation);
    const snapshot = {
      routing: { ...store.getState().routing, location: at('/about'), currentPath: '/about' },
    };
    expect(store.dispatch(restorePage(at('/about'), snapshot, back))).toMatchObject({ kind: 'loaded' });
    release();
    expect(await slow).toEqual({ kind: 'superseded' });
    expect(store.getState().routing).toMatchObject({
      currentPath: '/about',
      isLoading: false,
      nextPath: null,
    });
    expect(store.getState().routing.entry?.sys.id).toBe('e-about');
  });

  it('let a kept page be shown only for the navigation it was chosen for', () => {
    const { store } = setup();
    const old = claimNavigation(store.services.navigation);
    claimNavigation(store.services.navigation);
    const before = store.getState();
    const snapshot = { routing: { ...before.routing, currentPath: '/elsewhere' } };
    expect(store.dispatch(restorePage(at('/elsewhere'), snapshot, old))).toEqual({ kind: 'superseded' });
    expect(store.getState()).toBe(before);
  });
});
