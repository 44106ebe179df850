import { Client } from '@canopy/client';
import { configureStore } from '@reduxjs/toolkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteDispatch } from '../state/store-types.js';
import {
  DELIVERY_TOKEN,
  PROJECT_ID,
  startTestPlatform,
  type TestPlatform,
} from '../test-support/platform.js';
import { defineSearch } from './config.js';
import { ensureSearch, executeSearch, type SearchCallContext } from './search-flow.js';
import { searchActions, searchReducer } from './search-slice.js';
import type { SearchState } from './search-state.js';
import { parseSearchRoute } from './url-codec.js';

const config = defineSearch({
  tabs: [
    { id: 0, title: 'Study', defaultFacet: 'courses' },
    { id: 1, title: 'Everything' },
  ],
  facets: {
    courses: {
      title: 'Courses',
      tabId: 0,
      queryParams: {
        contentTypeIds: ['course'],
        fields: ['entryTitle', 'studyLevel', 'subject'],
        pageSize: 5,
      },
      filters: {
        subject: { title: 'Subject', fieldId: 'subject.key', path: 'Root/Subjects' },
        level: {
          title: 'Study level',
          fieldId: 'studyLevel',
          items: [{ key: 'Undergraduate', title: 'Undergraduate' }],
        },
      },
    },
    news: { title: 'News', tabId: 1, queryParams: { contentTypeIds: ['newsArticle'], pageSize: 5 } },
    people: { title: 'People', tabId: 1, queryParams: { contentTypeIds: ['person'], pageSize: 5 } },
  },
});

let platform: TestPlatform;
const requests: string[] = [];
const errors: string[] = [];

beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(async () => {
  await platform?.dispose();
});

function setup(fetchFn: typeof fetch = globalThis.fetch) {
  const client = Client.create({
    rootUrl: platform.url,
    projectId: PROJECT_ID,
    accessToken: DELIVERY_TOKEN,
    fetchFn: (input, init) => {
      requests.push(String(input));
      return fetchFn(input, init);
    },
  });
  const logger = { info() {}, warn() {}, error: (message: string) => errors.push(message) };
  const store = configureStore({
    reducer: { search: searchReducer(config) },
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: { logger } }, serializableCheck: false, immutableCheck: false }),
  });
  // The test store has only the search slice; its thunks use the logger alone.
  const dispatchThunk = store.dispatch as unknown as SiteDispatch;
  const call: SearchCallContext = { client, versionStatus: 'published', language: 'en-GB' };
  const go = async (url: string) => {
    const parsed = new URL(url, 'http://site.test');
    const route = parseSearchRoute(
      { pathname: parsed.pathname, search: parsed.search },
      { basePath: '/search' },
    );
    store.dispatch(searchActions.routeApplied({ context: 'facets', route }));
    requests.length = 0;
    await dispatchThunk(
      ensureSearch({ context: 'facets', facet: store.getState().search.currentFacet }, call),
    );
    return store.getState().search as SearchState;
  };
  return { store, go, call, dispatchThunk };
}

describe('ensureSearch against the platform', () => {
  it('loads results, taxonomy filter items with counts and the tab counts in three requests', async () => {
    const { go } = setup();
    const state = await go('/search/courses?term=marine');
    const facet = state.facets.courses;
    expect(facet?.entries.isError).toBe(false);
    expect(facet?.entries.items.map((entry) => entry.entryTitle)).toContain('BSc Marine Biology');
    expect(facet?.pagingInfo.totalCount).toBeGreaterThan(0);
    const faculties = facet?.filters.subject?.items ?? [];
    expect(faculties.length).toBeGreaterThan(1);
    expect(faculties.every((item) => item.title && item.children?.length)).toBe(true);
    const withCount = faculties
      .flatMap((item) => item.children ?? [])
      .filter((item) => (item.aggregate ?? 0) > 0);
    expect(withCount.length).toBeGreaterThan(0);
    expect(state.facets.news?.count).not.toBeNull();
    expect(state.tabs[0]?.totalCount).toBe(facet?.pagingInfo.totalCount);
    // The search, the taxonomy and one request for every facet count.
    expect(requests.filter((url) => url.includes('/entries/search'))).toHaveLength(2);
    expect(requests.filter((url) => url.includes('/taxonomy/'))).toHaveLength(1);
  });

  it('does not search again for what is loaded, and searches once for a filter change', async () => {
    const { go } = setup();
    await go('/search/courses?term=marine');
    await go('/search/courses?term=marine');
    expect(requests).toEqual([]);
    const state = await go('/search/courses?term=marine&level=Undergraduate');
    expect(requests).toHaveLength(1);
    expect(state.facets.courses?.entries.items.every((entry) => entry.studyLevel === 'Undergraduate')).toBe(
      true,
    );
  });

  it('filters by a taxonomy value from the address before the items are known', async () => {
    const { go } = setup();
    const first = await go('/search/courses');
    const biology = first.facets.courses?.filters.subject?.items
      .flatMap((item) => item.children ?? [])
      .find((item) => item.title === 'Marine Biology');
    expect(biology).toBeDefined();
    const { go: fresh } = setup();
    const state = await fresh(`/search/courses?subject=${biology?.key}`);
    const items = state.facets.courses?.entries.items ?? [];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((entry) => (entry.subject as { key: string }).key === biology?.key)).toBe(true);
  });

  it('sets the error state, ends loading and logs when the platform fails; the next try recovers', async () => {
    let fail = true;
    const { store, go, call, dispatchThunk } = setup((input, init) =>
      fail
        ? Promise.resolve(new Response('{"message":"down"}', { status: 500 }))
        : globalThis.fetch(input, init),
    );
    errors.length = 0;
    let state = await go('/search/news?term=sea');
    expect(state.facets.news?.entries).toMatchObject({ isLoading: false, isError: true });
    expect(state.facets.news?.pagingInfo.isLoading).toBe(false);
    expect(errors).toContain('Error running executeSearch');
    fail = false;
    await dispatchThunk(executeSearch({ context: 'facets', facet: 'news' }, call));
    state = store.getState().search;
    expect(state.facets.news?.entries.isError).toBe(false);
  });
});
