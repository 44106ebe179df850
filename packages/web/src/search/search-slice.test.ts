import type { Entry } from '@canopy/client';
import { describe, expect, it } from 'vitest';
import { defineSearch } from './config.js';
import { loadedQueryOf, searchActions, searchReducer } from './search-slice.js';
import type { SearchState } from './search-state.js';
import { parseSearchRoute } from './url-codec.js';

const config = defineSearch({
  tabs: [
    { id: 0, title: 'Study', defaultFacet: 'courses' },
    { id: 1, title: 'Everything', defaultFacet: 'all' },
  ],
  facets: {
    courses: {
      title: 'Courses',
      tabId: 0,
      queryParams: { contentTypeIds: ['course'], dynamicOrderBy: ['', 'entryTitle'], pageSize: 10 },
      filters: {
        level: {
          title: 'Level',
          fieldId: 'studyLevel',
          items: [
            { key: 'Undergraduate', title: 'Undergraduate' },
            { key: 'Postgraduate', title: 'Postgraduate' },
          ],
        },
        mode: {
          title: 'Mode',
          fieldId: 'studyMode',
          isSingleSelect: true,
          items: [
            { key: 'Full-time', title: 'Full-time' },
            { key: 'Part-time', title: 'Part-time' },
          ],
        },
        subject: { title: 'Subject', fieldId: 'subject.key', path: 'Root/Subjects' },
      },
    },
    all: {
      title: 'Everything',
      tabId: 1,
      queryParams: {},
      filters: {
        type: {
          title: 'Type',
          fieldId: 'sys.contentTypeId',
          isGrouped: true,
          items: [{ key: 'course', title: 'Courses' }],
        },
      },
    },
    news: { title: 'News', tabId: 1, queryParams: { contentTypeIds: ['newsArticle'], loadMorePaging: true } },
    events: { title: 'Events', tabId: 1, queryParams: { internalPaging: true } },
    old: { title: 'Old', isDisabled: true, queryParams: {} },
  },
});

const reducer = searchReducer(config);
const initial = (): SearchState => reducer(undefined, { type: '@@init' });
const courses = { context: 'facets' as const, facet: 'courses' };
const news = { context: 'facets' as const, facet: 'news' };

function applyUrl(state: SearchState, url: string): SearchState {
  const parsed = new URL(url, 'http://site.test');
  return reducer(
    state,
    searchActions.routeApplied({
      context: 'facets',
      route: parseSearchRoute({ pathname: parsed.pathname, search: parsed.search }, { basePath: '/search' }),
    }),
  );
}

function entry(id: string): Entry {
  return {
    sys: { id, contentTypeId: 'course', dataFormat: 'entry', language: 'en-GB', versionStatus: 'published' },
  };
}

function loaded(
  state: SearchState,
  ref: typeof courses,
  pageIndex: number,
  ids: string[],
  extra: object = {},
): SearchState {
  return reducer(
    state,
    searchActions.searchLoaded({
      ...ref,
      items: ids.map(entry),
      pageIndex,
      pageSize: 10,
      pageCount: 5,
      totalCount: 42,
      duration: 12,
      loadedQuery: loadedQueryOf(state, ref, 'published'),
      ...extra,
    }),
  );
}

const selected = (state: SearchState, facet: string, filter: string) =>
  state.facets[facet]?.filters[filter]?.items.filter((item) => item.isSelected).map((item) => item.key);

describe('initial state', () => {
  it('holds the enabled facets, the tabs and the first facet as current', () => {
    const state = initial();
    expect(Object.keys(state.facets)).toEqual(['courses', 'all', 'news', 'events']);
    expect(state.currentFacet).toBe('courses');
    expect(state.tabs.map((tab) => tab.title)).toEqual(['Study', 'Everything']);
    expect(state.basePath).toBe('/search');
    expect(state.facets.courses?.pagingInfo.pageSize).toBe(10);
  });
});

describe('routeApplied', () => {
  it('marks route values selected and adds unknown values as selected items', () => {
    const state = applyUrl(initial(), '/search/courses?level=Undergraduate&subject=0/1/2/3');
    expect(selected(state, 'courses', 'level')).toEqual(['Undergraduate']);
    expect(state.facets.courses?.filters.subject?.items).toEqual([{ key: '0/1/2/3', isSelected: true }]);
  });

  it('sets the facet, its tab, the term, page and size', () => {
    const state = applyUrl(initial(), '/search/news?term=sea&pageIndex=3&pageSize=5');
    expect(state.currentFacet).toBe('news');
    expect(state.tabs[1]?.currentFacet).toBe('news');
    expect(state.term).toBe('sea');
    expect(state.facets.news?.pagingInfo).toMatchObject({ pageIndex: 2, pageSize: 5, prevPageIndex: 0 });
  });

  it('falls back to the first facet for an unknown or disabled one', () => {
    expect(applyUrl(initial(), '/search/old').currentFacet).toBe('courses');
    expect(applyUrl(initial(), '/search/nope').currentFacet).toBe('courses');
  });

  it('resets paging when the filters change after loading, and every facet on a new term', () => {
    let state = loaded(applyUrl(initial(), '/search/courses?pageIndex=2'), courses, 1, ['a']);
    state = loaded(applyUrl(state, '/search/news'), news, 0, ['n']);
    state = applyUrl(state, '/search/courses?level=Undergraduate');
    expect(state.facets.courses?.pagingInfo).toMatchObject({ pageIndex: 0, pagesLoaded: [] });
    expect(state.facets.courses?.queryDuration).toBe(0);
    expect(state.facets.news?.pagingInfo.pagesLoaded).toEqual([0]);
    state = applyUrl(state, '/search/courses?term=new&level=Undergraduate');
    expect(state.facets.news?.pagingInfo.pagesLoaded).toEqual([]);
  });

  it('only accepts sort keys the facet offers', () => {
    expect(applyUrl(initial(), '/search/courses?orderBy=entryTitle').facets.courses?.orderBy).toBe(
      'entryTitle',
    );
    expect(applyUrl(initial(), '/search/courses?orderBy=secret').facets.courses?.orderBy).toBeNull();
  });

  it('applying the same address twice changes nothing', () => {
    const once = applyUrl(initial(), '/search/courses?term=x&level=Undergraduate&pageIndex=2');
    expect(applyUrl(once, '/search/courses?term=x&level=Undergraduate&pageIndex=2')).toEqual(once);
  });
});

describe('tabs and facets', () => {
  it('a tab opens its current facet, else its default, else its first', () => {
    let state = reducer(initial(), searchActions.tabSelected({ tabId: 1 }));
    expect(state.currentFacet).toBe('all');
    state = reducer(state, searchActions.facetSelected({ facet: 'news' }));
    state = reducer(state, searchActions.tabSelected({ tabId: 0 }));
    expect(state.currentFacet).toBe('courses');
    state = reducer(state, searchActions.tabSelected({ tabId: 1 }));
    expect(state.currentFacet).toBe('news');
  });
});

describe('visitor changes', () => {
  it('toggling flips an item and resets paging', () => {
    let state = loaded(applyUrl(initial(), '/search/courses?pageIndex=3'), courses, 2, ['a']);
    state = reducer(
      state,
      searchActions.filterItemToggled({ ...courses, filter: 'level', key: 'Undergraduate' }),
    );
    expect(selected(state, 'courses', 'level')).toEqual(['Undergraduate']);
    expect(state.facets.courses?.pagingInfo).toMatchObject({ pageIndex: 0, pagesLoaded: [] });
    state = reducer(
      state,
      searchActions.filterItemToggled({ ...courses, filter: 'level', key: 'Undergraduate' }),
    );
    expect(selected(state, 'courses', 'level')).toEqual([]);
  });

  it('single-select deselects the others', () => {
    let state = reducer(
      initial(),
      searchActions.filterItemToggled({ ...courses, filter: 'mode', key: 'Full-time' }),
    );
    state = reducer(state, searchActions.filterItemToggled({ ...courses, filter: 'mode', key: 'Part-time' }));
    expect(selected(state, 'courses', 'mode')).toEqual(['Part-time']);
  });

  it('a grouped filter clears the other facets', () => {
    let state = applyUrl(initial(), '/search/courses?level=Undergraduate');
    state = reducer(
      state,
      searchActions.filterItemToggled({ context: 'facets', facet: 'all', filter: 'type', key: 'course' }),
    );
    expect(selected(state, 'all', 'type')).toEqual(['course']);
    expect(selected(state, 'courses', 'level')).toEqual([]);
  });

  it('clears one filter or all of them', () => {
    let state = applyUrl(initial(), '/search/courses?level=Undergraduate&mode=Full-time');
    state = reducer(state, searchActions.filtersCleared({ ...courses, filter: 'level' }));
    expect(selected(state, 'courses', 'level')).toEqual([]);
    expect(selected(state, 'courses', 'mode')).toEqual(['Full-time']);
    state = reducer(state, searchActions.filtersCleared(courses));
    expect(selected(state, 'courses', 'mode')).toEqual([]);
  });

  it('a page change keeps the previous index, loads and resets the duration unless paging is internal', () => {
    let state = loaded(initial(), courses, 0, ['a']);
    state = reducer(state, searchActions.pageChanged({ ...courses, pageIndex: 3 }));
    expect(state.facets.courses?.pagingInfo).toMatchObject({
      pageIndex: 3,
      prevPageIndex: 0,
      isLoading: true,
    });
    expect(state.facets.courses?.queryDuration).toBe(0);
    const events = { context: 'facets' as const, facet: 'events' };
    state = loaded(state, events, 0, ['e']);
    state = reducer(state, searchActions.pageChanged({ ...events, pageIndex: 1 }));
    expect(state.facets.events?.queryDuration).toBe(12);
  });

  it('a page size change returns to the first page', () => {
    let state = applyUrl(initial(), '/search/courses?pageIndex=4');
    state = reducer(state, searchActions.pageSizeChanged({ ...courses, pageSize: 50 }));
    expect(state.facets.courses?.pagingInfo).toMatchObject({ pageIndex: 0, pageSize: 50 });
  });

  it('a sort change sets the dynamic order and resets paging', () => {
    let state = applyUrl(initial(), '/search/courses?pageIndex=4');
    state = reducer(state, searchActions.sortChanged({ ...courses, orderBy: 'entryTitle' }));
    expect(state.facets.courses?.orderBy).toBe('entryTitle');
    expect(state.facets.courses?.pagingInfo.pageIndex).toBe(0);
  });

  it('a term change resets the paging of every facet', () => {
    let state = loaded(loaded(initial(), courses, 0, ['a']), news, 0, ['n']);
    state = reducer(state, searchActions.termChanged({ term: 'sea' }));
    expect(state.term).toBe('sea');
    expect(state.facets.courses?.pagingInfo.pagesLoaded).toEqual([]);
    expect(state.facets.news?.pagingInfo.pagesLoaded).toEqual([]);
  });
});

describe('results', () => {
  it('stores a page, its counts and filter aggregates', () => {
    const state = loaded(initial(), courses, 0, ['a', 'b'], {
      aggregations: { sf_level: { undergraduate: 7 } },
    });
    const facet = state.facets.courses;
    expect(facet?.entries).toMatchObject({ isLoading: false, isError: false });
    expect(facet?.entries.items.map((e) => e.sys.id)).toEqual(['a', 'b']);
    expect(facet?.pagingInfo).toMatchObject({ totalCount: 42, pageCount: 5, pagesLoaded: [0] });
    expect(facet?.filters.level?.items.map((i) => i.aggregate)).toEqual([7, 0]);
    expect(state.tabs[0]?.totalCount).toBe(42);
  });

  it('load-more appends the next page and prepends an earlier one, without duplicates', () => {
    let state = applyUrl(initial(), '/search/news?pageIndex=2');
    state = loaded(state, news, 1, ['b', 'c']);
    state = loaded(state, news, 2, ['c', 'd']);
    state = loaded(state, news, 0, ['a', 'b']);
    expect(state.facets.news?.entries.items.map((e) => e.sys.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(state.facets.news?.pagingInfo.pagesLoaded).toEqual([0, 1, 2]);
  });

  it('a page of another query replaces the results even with load-more', () => {
    let state = loaded(applyUrl(initial(), '/search/news'), news, 0, ['a']);
    state = applyUrl(state, '/search/news?term=x');
    state = loaded(state, news, 0, ['z']);
    expect(state.facets.news?.entries.items.map((e) => e.sys.id)).toEqual(['z']);
  });

  it('a failure sets the error state and ends loading; a later success clears it', () => {
    let state = reducer(initial(), searchActions.searchStarted(courses));
    expect(state.facets.courses?.entries.isLoading).toBe(true);
    state = reducer(state, searchActions.searchFailed({ ...courses, error: 'boom' }));
    expect(state.facets.courses?.entries).toMatchObject({ isLoading: false, isError: true, error: 'boom' });
    expect(state.facets.courses?.pagingInfo.isLoading).toBe(false);
    state = loaded(reducer(state, searchActions.searchStarted(courses)), courses, 0, ['a']);
    expect(state.facets.courses?.entries).toMatchObject({ isLoading: false, isError: false, error: null });
  });

  it('filter loading: loading, then items (selection kept) or error', () => {
    let state = applyUrl(initial(), '/search/courses?subject=0/1/1/1');
    const ref = { ...courses, filter: 'subject' };
    state = reducer(state, searchActions.filterLoading(ref));
    expect(state.facets.courses?.filters.subject?.isLoading).toBe(true);
    state = reducer(
      state,
      searchActions.filterLoaded({
        ...ref,
        items: [{ key: '0/1/1', title: 'Sciences', children: [{ key: '0/1/1/1', title: 'Biology' }] }],
      }),
    );
    const subject = state.facets.courses?.filters.subject;
    expect(subject?.isLoading).toBe(false);
    expect(subject?.items[0]?.children?.[0]).toMatchObject({ key: '0/1/1/1', isSelected: true });
    state = reducer(
      state,
      searchActions.filterFailed({ ...ref, error: 'Nothing returned for taxonomy Root/Subjects' }),
    );
    expect(state.facets.courses?.filters.subject).toMatchObject({ isError: true, isLoading: false });
  });

  it('facet counts set each facet and the tab totals', () => {
    const state = reducer(
      initial(),
      searchActions.facetCountsLoaded({ counts: { courses: 3, all: 30, news: 9 }, query: 'q' }),
    );
    expect(state.facets.all?.count).toBe(30);
    expect(state.tabs.map((tab) => tab.totalCount)).toEqual([3, 30]);
    expect(state.countsQuery).toBe('q');
  });
});

describe('filter counts', () => {
  it('items that load after the search still get their counts', () => {
    let state = loaded(initial(), courses, 0, ['a'], { aggregations: { sf_subject: { '0/1/1/1': 4 } } });
    state = reducer(
      state,
      searchActions.filterLoaded({
        ...courses,
        filter: 'subject',
        items: [
          {
            key: '0/1/1',
            title: 'Sciences',
            children: [
              { key: '0/1/1/1', title: 'Biology' },
              { key: '0/1/1/2', title: 'Physics' },
            ],
          },
        ],
      }),
    );
    expect(state.facets.courses?.filters.subject?.items[0]?.children?.map((item) => item.aggregate)).toEqual([
      4, 0,
    ]);
  });
});

describe('what an action leaves alone', () => {
  it('is the same object afterwards, so selectors and the inline state see no change', () => {
    const before = loaded(applyUrl(initial(), '/search/courses?term=sea&level=Undergraduate'), courses, 0, [
      'a',
    ]);
    // The same address again changes nothing at all.
    expect(applyUrl(before, '/search/courses?term=sea&level=Undergraduate')).toBe(before);

    const started = reducer(before, searchActions.searchStarted(courses));
    expect(started.facets.courses).not.toBe(before.facets.courses);
    expect(started.facets.courses?.filters).toBe(before.facets.courses?.filters);
    expect(started.facets.news).toBe(before.facets.news);
    expect(started.tabs).toBe(before.tabs);
    // The state it was given is as it was.
    expect(before.facets.courses?.entries.isLoading).toBe(false);

    const toggled = reducer(
      before,
      searchActions.filterItemToggled({ ...courses, filter: 'mode', key: 'Part-time' }),
    );
    expect(toggled.facets.courses?.filters.level).toBe(before.facets.courses?.filters.level);
    expect(toggled.facets.courses?.filters.mode).not.toBe(before.facets.courses?.filters.mode);
    expect(before.facets.courses?.filters.mode?.items.map((item) => item.isSelected)).toEqual([false, false]);

    // A new term restarts paging; facets whose paging had not started stay the same objects.
    const termed = reducer(before, searchActions.termChanged({ term: 'river' }));
    expect(termed.facets.news).toBe(before.facets.news);
    expect(termed.facets.courses?.pagingInfo.pagesLoaded).toEqual([]);
    expect(reducer(termed, searchActions.facetSelected({ facet: 'nope' }))).toBe(termed);
  });
});
