import type { Client, Entry, Query } from '@canopy/client';
import { configureStore } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import type { SiteDispatch } from '../state/store-types.js';
import { defineSearch } from './config.js';
import { buildSearchQuery } from './query-builder.js';
import { ensureSearch, type SearchCallContext, searchSomeWordsWanted } from './search-flow.js';
import { searchActions, searchReducer } from './search-slice.js';
import { initialSearchState, type SearchState } from './search-state.js';
import { hasSeveralWords, termExpression } from './term.js';
import { parseSearchRoute } from './url-codec.js';

// Any word when all the words find nothing, and "did you mean", in the search flow: a fake
// platform answers by what a query asks (all words, any word, a count), so each decision and
// each request can be seen.

const config = defineSearch({
  tabs: [
    { id: 0, title: 'Everything', defaultFacet: 'all' },
    { id: 1, title: 'Study', defaultFacet: 'courses' },
  ],
  facets: {
    all: {
      title: 'Everything',
      tabId: 0,
      queryParams: {
        pageSize: 2,
        fuzzySearch: true,
        weightedSearchFields: [{ fieldId: 'entryTitle', weight: 10 }],
        featuredResults: { contentTypeId: 'course', count: 1 },
      },
    },
    courses: {
      title: 'Courses',
      tabId: 1,
      queryParams: { pageSize: 2, customWhere: [{ field: 'sys.contentTypeId', equalTo: 'course' }] },
    },
  },
});

const entry = (id: string, title: string) =>
  ({ sys: { id, contentTypeId: 'page' }, entryTitle: title }) as Entry;

interface FakePlatform {
  /** Matches of all the words (0 unless set). */
  all?: number;
  /** Matches of any word. */
  any?: number;
  /** What every count query counts. */
  counted?: number;
  /** Entries the any-word search answers with. */
  anyEntries?: Entry[];
  failAnyWord?: boolean;
}

function setup(platform: FakePlatform) {
  const searches: { kind: 'count' | 'all' | 'any'; where: string; pageIndex: number }[] = [];
  const client = {
    entries: {
      async search(query: Query) {
        const where = JSON.stringify(query.where);
        const isCount = query.pageSize === 1 && query.fields?.join() === 'sys.id';
        const kind = isCount ? 'count' : /"operator":"or"/.test(where) ? 'any' : 'all';
        searches.push({ kind, where, pageIndex: query.pageIndex ?? 0 });
        if (kind === 'any' && platform.failAnyWord) throw new Error('platform down');
        const totalCount =
          kind === 'count'
            ? (platform.counted ?? 0)
            : kind === 'any'
              ? (platform.any ?? 0)
              : (platform.all ?? 0);
        const items = kind === 'any' ? (platform.anyEntries ?? []) : [];
        return {
          items: totalCount > 0 ? items : [],
          totalCount,
          pageIndex: query.pageIndex ?? 0,
          pageSize: query.pageSize ?? 2,
          pageCount: Math.ceil(totalCount / 2),
        };
      },
    },
  } as unknown as Client;
  const warnings: string[] = [];
  const logger = { info() {}, warn: (message: string) => warnings.push(message), error() {} };
  const store = configureStore({
    reducer: { search: searchReducer(config) },
    middleware: (getDefault) =>
      getDefault({
        thunk: { extraArgument: { logger, outages: null } },
        serializableCheck: false,
        immutableCheck: false,
      }),
  });
  const dispatch = store.dispatch as unknown as SiteDispatch;
  const call: SearchCallContext = { client, versionStatus: 'published' };
  const go = async (url: string) => {
    const parsed = new URL(url, 'http://site.test');
    const route = parseSearchRoute(
      { pathname: parsed.pathname, search: parsed.search },
      { basePath: '/search' },
    );
    store.dispatch(searchActions.routeApplied({ context: 'facets', route }));
    searches.length = 0;
    await dispatch(ensureSearch({ context: 'facets', facet: store.getState().search.currentFacet }, call));
    return store.getState().search as SearchState;
  };
  return { go, searches, warnings };
}

const TRAIN = '/search/all?term=aberwen+by+train';
const RESULTS = [entry('a', 'Getting here by train'), entry('b', 'Aberwen campus')];

describe('any word when all the words find nothing', () => {
  it('searches once more with any word and marks the results, without featured ones', async () => {
    const { go, searches } = setup({ any: 7, anyEntries: RESULTS });
    const state = await go(TRAIN);
    const all = state.facets.all!;
    expect(all.someWords).toBe(true);
    expect(all.pagingInfo.totalCount).toBe(7);
    expect(all.entries.items.map((item) => item.sys.id)).toEqual(['a', 'b']);
    expect(all.entries.isLoading).toBe(false);
    expect(all.featuredEntries.items).toEqual([]);
    // The search, its featured results and the counts, then, last, one with any word.
    expect(searches.map((search) => search.kind).sort()).toEqual(['all', 'all', 'any', 'count', 'count']);
    expect(searches.at(-1)?.kind).toBe('any');
  });

  it('asks nothing more when all the words find something', async () => {
    const { go, searches } = setup({ all: 3, any: 7 });
    const state = await go(TRAIN);
    expect(state.facets.all!.someWords).toBe(false);
    expect(searches.filter((search) => search.kind === 'any')).toEqual([]);
  });

  it('asks nothing more for one word, or when another facet has all the words', async () => {
    const single = setup({ any: 7 });
    expect((await single.go('/search/all?term=zzyzx')).facets.all!.pagingInfo.totalCount).toBe(0);
    expect(single.searches.filter((search) => search.kind === 'any')).toEqual([]);

    const elsewhere = setup({ any: 7, counted: 4 });
    const state = await elsewhere.go(TRAIN);
    expect(state.facets.all!.someWords).toBe(false);
    expect(state.facets.all!.pagingInfo.totalCount).toBe(0);
    expect(state.facets.courses!.count).toBe(4);
    expect(elsewhere.searches.filter((search) => search.kind === 'any')).toEqual([]);
  });

  it('goes on with any word for the next page, in one request', async () => {
    const { go, searches } = setup({ any: 7, anyEntries: RESULTS });
    await go(TRAIN);
    const state = await go(`${TRAIN}&pageIndex=2`);
    expect(state.facets.all!.someWords).toBe(true);
    expect(searches.filter((search) => search.kind !== 'count')).toEqual([
      expect.objectContaining({ kind: 'any', pageIndex: 1 }),
    ]);
  });

  it('keeps the answer of all the words when any word fails or finds nothing', async () => {
    const failing = setup({ failAnyWord: true });
    const failed = (await failing.go(TRAIN)).facets.all!;
    expect(failed.entries.isError).toBe(false);
    expect(failed.entries.isLoading).toBe(false);
    expect(failed.someWords).toBe(false);
    expect(failing.warnings).toHaveLength(1);

    const empty = (await setup({ any: 0 }).go(TRAIN)).facets.all!;
    expect(empty.someWords).toBe(false);
    expect(empty.pagingInfo.totalCount).toBe(0);
  });

  it('offers a correction from the results it found', async () => {
    const { go } = setup({
      any: 2,
      anyEntries: [entry('a', 'BSc Psychology'), entry('b', 'PhD Psychology')],
    });
    const state = await go('/search/all?term=pyschology+zzyzx');
    expect(state.facets.all!.correction).toBe('psychology zzyzx');
  });
});

describe('searchSomeWordsWanted', () => {
  it('is wanted unless another facet of the search page counts results', () => {
    const state = initialSearchState(config);
    const ref = { context: 'facets', facet: 'all' } as const;
    expect(searchSomeWordsWanted(state, ref)).toBe(true);
    const counted = {
      ...state,
      facets: { ...state.facets, courses: { ...state.facets.courses!, count: 2 } },
    };
    expect(searchSomeWordsWanted(counted, ref)).toBe(false);
    expect(searchSomeWordsWanted(counted, { context: 'facets', facet: 'courses' })).toBe(true);
    expect(searchSomeWordsWanted(counted, { context: 'listings', facet: 'x' })).toBe(true);
  });
});

describe('any word in the query', () => {
  it('tells a term of several words from one word or a phrase', () => {
    expect(hasSeveralWords('aberwen by train')).toBe(true);
    expect(hasSeveralWords('marine')).toBe(false);
    expect(hasSeveralWords('"marine biology"')).toBe(false);
    expect(hasSeveralWords('"marine biology" degree')).toBe(false);
    expect(hasSeveralWords("marine ' !")).toBe(false);
  });

  it('asks the free text of every field for any word, phrases still whole', () => {
    const json = JSON.stringify(
      termExpression('"sea life" aberwen train', {
        weightedSearchFields: [{ fieldId: 'entryTitle', weight: 10 }],
        operator: 'or',
      }),
    );
    expect(json).toContain(
      '{"field":"entryTitle","freeText":{"term":"aberwen train","fuzzy":false,"operator":"or"}',
    );
    expect(json).toContain(
      '{"field":"searchContent","freeText":{"term":"aberwen train","fuzzy":false,"operator":"or"}',
    );
    expect(json).toContain('{"field":"entryTitle","contains":"sea life"');
    const query = (anyWord: boolean) =>
      JSON.stringify(
        buildSearchQuery({ queryParams: {}, term: 'aberwen train', versionStatus: 'published', anyWord })
          .where,
      );
    expect(query(true)).toContain('"operator":"or"');
    expect(query(false)).not.toContain('"operator":"or"');
  });
});
