import { Client } from '@canopy/client';
import { configureStore } from '@reduxjs/toolkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PageOutages } from '../state/page-outages.js';
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

function setup(fetchFn: typeof fetch = globalThis.fetch, outages: PageOutages | null = null) {
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
      getDefault({
        thunk: { extraArgument: { logger, outages } },
        serializableCheck: false,
        immutableCheck: false,
      }),
  });
  // The test store has only the search slice; its thunks use the logger (and outages) alone.
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

  it('counts a facet with the filters chosen on it, and asks no count again on another tab', async () => {
    const { go } = setup();
    const filtered = await go('/search/courses?term=marine&level=Undergraduate');
    const chosen = filtered.facets.courses?.pagingInfo.totalCount ?? -1;
    expect(filtered.facets.courses?.count).toBe(chosen);
    const state = await go('/search/news?term=marine');
    // The news search alone: every other count is known for this term and these filters.
    expect(requests.filter((url) => url.includes('/entries/search'))).toHaveLength(1);
    expect(state.facets.courses?.count).toBe(chosen);
    const { go: fresh } = setup();
    const unfiltered = await fresh('/search/news?term=marine');
    expect(unfiltered.facets.courses?.count).toBeGreaterThan(chosen);
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

  it('reports the platform failing a search, its filters or its counts as outages, a refused query not', async () => {
    const answering = (status: number) => (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).includes('/entries/search') || String(input).includes('/taxonomy/')
        ? Promise.resolve(new Response('{"message":"no"}', { status }))
        : globalThis.fetch(input, init);
    const failing = new PageOutages();
    await setup(answering(502), failing).go('/search/courses?term=sea');
    expect(failing.status).toBe(502);
    expect(failing.entries().map((outage) => outage.part)).toEqual(
      expect.arrayContaining(['search facets/courses', 'filter subject of facets/courses', 'search counts']),
    );

    const unreachable = new PageOutages();
    const dropped = () => Promise.reject(new TypeError('fetch failed'));
    await setup(dropped, unreachable).go('/search/courses?term=sea');
    expect(unreachable.status).toBe(503);

    const refused = new PageOutages();
    const state = await setup(answering(400), refused).go('/search/courses?term=sea');
    expect(state.facets.courses?.entries.isError).toBe(true);
    expect(refused.status).toBeNull();
  });
});
