import { describe, expect, it } from 'vitest';
import { ApiCallLog } from '../delivery/api-call-log.js';
import { createDeliveryAccess } from '../delivery/delivery-access.js';
import { createDeliveryCache } from '../server/delivery-cache.js';
import type { SiteDefinition } from '../site/site-definition.js';
import { createSiteStore } from '../state/store.js';
import { fakePlatform } from '../test-support/fake-platform.js';
import { loadNavigation } from './load-navigation.js';

const site: SiteDefinition = { name: 'Fake', contentTypeMappings: [] };
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A server-side store of one request, reading through `cache` when given. */
function requestStore(fetchFn: typeof fetch, cache: ReturnType<typeof createDeliveryCache> | null) {
  const requestLog = new ApiCallLog();
  const store = createSiteStore({
    services: {
      site,
      isServer: true,
      delivery: createDeliveryAccess({
        rootUrl: 'http://platform.invalid',
        projectId: 'fake',
        accessToken: 'token',
        fetchFn,
        requestSurrogateKeys: true,
        cache: cache?.forToken('token') ?? null,
      }),
      logger: silent,
      requestLog,
      versionInfo: async () => {
        throw new Error('unused');
      },
    },
  });
  return { store, requestLog };
}

describe('loadNavigation', () => {
  it('asks for the menu tree without entries, and keeps the menu nodes only', async () => {
    const platform = fakePlatform();
    const { store } = requestStore(platform.fetchFn, null);
    await store.dispatch(loadNavigation());
    expect(platform.calls.map((call) => call.path)).toEqual([
      '/api/delivery/projects/fake/nodes/root?depth=2&entryFields=sys.id&language=en-GB',
    ]);
    const root = store.getState().navigation.root;
    expect(root?.children?.map((node) => node.path)).toEqual(['/about', '/news', '/odd']);
    expect(JSON.stringify(root)).not.toContain('"entry"');
  });

  it('derives the menu once per cached answer and records its surrogate keys on every page', async () => {
    const platform = fakePlatform();
    const cache = createDeliveryCache();
    const first = requestStore(platform.fetchFn, cache);
    const second = requestStore(platform.fetchFn, cache);
    await first.store.dispatch(loadNavigation());
    await second.store.dispatch(loadNavigation());
    expect(platform.calls).toHaveLength(1);
    expect(second.store.getState().navigation.root).toBe(first.store.getState().navigation.root);
    expect(Object.isFrozen(second.store.getState().navigation.root)).toBe(true);
    expect(second.requestLog.keys()).toEqual(first.requestLog.keys());
    expect(second.requestLog.keys()).toContain('node:n-root');
  });

  it('stores a failure without the message or address of the platform', async () => {
    const failing = (async () =>
      new Response(JSON.stringify({ message: 'SQLITE_BUSY at db-7.internal', logId: 'x1' }), {
        status: 500,
        statusText: 'Internal Server Error',
        headers: { 'content-type': 'application/json' },
      })) as typeof fetch;
    const broken = requestStore(failing, null);
    await broken.store.dispatch(loadNavigation());
    expect(broken.store.getState().navigation.error).toEqual({
      isError: true,
      message: 'Internal Server Error',
    });

    const down = requestStore(
      (async () => {
        throw new TypeError('connect ECONNREFUSED 10.0.0.5:3001');
      }) as typeof fetch,
      null,
    );
    await down.store.dispatch(loadNavigation());
    expect(down.store.getState().navigation.error).toEqual({
      isError: true,
      message: 'The content platform is not available',
    });
    for (const store of [broken.store, down.store]) {
      const state = JSON.stringify(store.getState());
      for (const secret of ['platform.invalid', 'SQLITE_BUSY', '10.0.0.5', 'ECONNREFUSED']) {
        expect(state).not.toContain(secret);
      }
    }
  });
});
