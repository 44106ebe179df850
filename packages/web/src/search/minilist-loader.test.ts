import type { Client, Entry } from '@canopy/client';
import { configureStore, type Reducer } from '@reduxjs/toolkit';
import { describe, expect, it, vi } from 'vitest';
import type { RouteLoaderContext } from '../site/site-definition.js';

// A minilist page rendered while the search code is not loaded yet: the first page a server
// process renders, or the first client navigation to such a page. Fresh modules make that
// exact (the slice's code loads during the loader, after the reducer was injected).

const course = (id: string): Entry =>
  ({
    sys: { id, contentTypeId: 'course', dataFormat: 'entry', language: 'en-GB', versionStatus: 'published' },
    entryTitle: id,
  }) as Entry;

describe('minilistLoader', () => {
  it('runs the minilist search even when the search code loads only during the loader', async () => {
    vi.resetModules();
    const { defineSearch } = await import('./config.js');
    const { minilistLoader } = await import('./search-routes.js');
    const config = defineSearch({
      facets: {},
      minilists: { latest: { title: 'Latest', queryParams: { contentTypeIds: ['course'], pageSize: 2 } } },
    });
    const parts = minilistLoader(config, 'latest');
    const injected = await parts.injectRedux?.();
    if (!injected) throw new Error('minilistLoader injects the search reducer');

    const search = vi.fn(async () => ({
      items: [course('a'), course('b')],
      pageIndex: 0,
      pageSize: 2,
      totalCount: 2,
    }));
    const client = { entries: { search } } as unknown as Client;
    const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const store = configureStore({
      reducer: {
        [injected.key]: injected.reducer as Reducer,
        version: (state: unknown = { versionStatus: 'published' }) => state,
      },
      middleware: (defaults) =>
        defaults({ thunk: { extraArgument: { logger, isServer: true } }, serializableCheck: false }),
    });
    expect(store.getState().search).toBeNull();

    await parts.loader?.({
      dispatch: store.dispatch,
      getState: store.getState,
      params: {},
      location: { pathname: '/', search: '', hash: '' },
      client,
      isServer: true,
      signal: new AbortController().signal,
      entry: course('home'),
    } as unknown as RouteLoaderContext & { entry: Entry });

    expect(search).toHaveBeenCalledTimes(1);
    const { minilist } = store.getState().search as {
      minilist: Record<string, { entries: { items: Entry[] } }>;
    };
    expect(minilist.latest?.entries.items.map((entry) => entry.sys.id)).toEqual(['a', 'b']);
    expect(logger.error).not.toHaveBeenCalled();
  });
});
