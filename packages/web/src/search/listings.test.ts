import type { Entry } from '@canopy/client';
import { describe, expect, it } from 'vitest';
import { defineSearch } from './config.js';
import { buildSearchQuery, filterExpression } from './query-builder.js';
import { filterSelections, loadMoreSpan, MAX_LOAD_MORE_SPAN, searchInputOf } from './search-flow.js';
import { loadedQueryOf, searchActions, searchReducer } from './search-slice.js';
import type { SearchState } from './search-state.js';
import { searchHref, visibleEntries } from './selectors.js';
import { parseSearchRoute } from './url-codec.js';

const UPCOMING = [{ field: 'eventDates.to', greaterThanOrEqualTo: 'now()' }] as const;
const PAST = [{ field: 'eventDates.to', lessThan: 'now()' }] as const;

const config = defineSearch({
  facets: {},
  listings: {
    events: {
      title: 'Events',
      path: '/events',
      queryParams: {
        contentTypeIds: ['event'],
        loadMorePaging: true,
        pageSize: 2,
        orderBy: ['eventDates.from'],
      },
      filters: {
        when: {
          title: 'When',
          isSingleSelect: true,
          defaultKey: 'upcoming',
          renderable: false,
          items: [
            { key: 'upcoming', title: 'Upcoming', where: [...UPCOMING], orderBy: 'eventDates.from' },
            { key: 'past', title: 'Past', where: [...PAST], orderBy: '-eventDates.from' },
          ],
        },
        category: { title: 'Category', fieldId: 'category' },
      },
    },
  },
  minilists: {
    related: {
      title: 'Related',
      queryParams: { contentTypeIds: ['course'], pageSize: 3, useSearchTerm: false },
      filters: {
        subject: { title: 'Subject', fieldId: 'subject.key', renderable: false },
        exclude: { title: 'Not this one', fieldId: 'sys.id', logicOperator: 'not', renderable: false },
      },
    },
  },
});

const reducer = searchReducer(config);
const events = { context: 'listings' as const, facet: 'events' };
const related = { context: 'minilist' as const, facet: 'related' };

function atUrl(state: SearchState, url: string): SearchState {
  const parsed = new URL(url, 'http://site.test');
  return reducer(
    state,
    searchActions.routeApplied({
      context: 'listings',
      facet: 'events',
      route: parseSearchRoute({ pathname: parsed.pathname, search: parsed.search }, { basePath: '/events' }),
    }),
  );
}

function entries(...ids: string[]): Entry[] {
  return ids.map((id) => ({
    sys: { id, contentTypeId: 'event', dataFormat: 'entry', language: 'en-GB', versionStatus: 'published' },
  }));
}

function loaded(state: SearchState, pageIndex: number, ids: string[], pagesLoaded?: number[]): SearchState {
  return reducer(
    state,
    searchActions.searchLoaded({
      ...events,
      items: entries(...ids),
      pageIndex,
      pageSize: 2,
      pageCount: 4,
      totalCount: 8,
      duration: 3,
      loadedQuery: loadedQueryOf(state, events, 'published'),
      ...(pagesLoaded ? { pagesLoaded } : {}),
    }),
  );
}

const initial = () => reducer(undefined, { type: '@@init' });
const eventsOf = (state: SearchState) =>
  state.listings.events as NonNullable<SearchState['listings'][string]>;
const ids = (list: readonly Entry[]) => list.map((entry) => entry.sys.id);

describe('filter items with their own where clause and order', () => {
  it('match by the item where clause instead of the field, and other values by the field', () => {
    expect(filterExpression({ values: ['past'], itemWhere: { past: PAST } })).toEqual(PAST[0]);
    const mixed = filterExpression({
      fieldId: 'category',
      values: ['past', 'Sport'],
      itemWhere: { past: PAST },
    });
    expect(JSON.parse(JSON.stringify(mixed))).toEqual({
      or: [PAST[0], { field: 'category', in: ['Sport'] }],
    });
    const negated = filterExpression({ values: ['past'], itemWhere: { past: PAST }, logicOperator: 'not' });
    expect(JSON.parse(JSON.stringify(negated))).toEqual({ not: [PAST[0]] });
  });

  it('select the default item when the address names none, and leave it out of the address', () => {
    let state = atUrl(initial(), '/events');
    const when = eventsOf(state).filters.when;
    expect(when?.items.filter((item) => item.isSelected).map((item) => item.key)).toEqual(['upcoming']);
    expect(searchHref(state, events)).toBe('/events');
    state = atUrl(state, '/events?when=past');
    expect(searchHref(state, events)).toBe('/events?when=past');
    // Clearing the filter returns to the default, not to nothing.
    state = reducer(state, searchActions.filtersCleared({ ...events, filter: 'when' }));
    expect(searchHref(state, events)).toBe('/events');
    // Toggling the only selected single-select item off falls back to the default too.
    state = reducer(state, searchActions.filterItemToggled({ ...events, filter: 'when', key: 'upcoming' }));
    expect(eventsOf(state).filters.when?.items.find((item) => item.isSelected)?.key).toBe('upcoming');
  });

  it('give the query the selected item where clause and order, and no aggregation for hidden filters', () => {
    const state = atUrl(initial(), '/events?when=past&category=Sport');
    const input = searchInputOf(state, events, { versionStatus: 'published' });
    expect(input?.orderBy).toBe('-eventDates.from');
    const query = JSON.parse(JSON.stringify(buildSearchQuery(input as NonNullable<typeof input>)));
    expect(query.orderBy).toEqual([{ desc: 'eventDates.from' }]);
    expect(JSON.stringify(query.where)).toContain('"lessThan":"now()"');
    expect(Object.keys(query.aggregations ?? {})).toEqual(['sf_category']);
    expect(filterSelections(eventsOf(state)).when).toMatchObject({
      aggregate: false,
      itemWhere: { past: PAST },
    });
  });
});

describe('load-more listings', () => {
  it('fetch every page up to the address at once when the page before is not shown', () => {
    const state = atUrl(initial(), '/events?pageIndex=3');
    const query = loadedQueryOf(state, events, 'published');
    expect(loadMoreSpan(eventsOf(state), query)).toEqual({ pageIndex: 2, pageSize: 2 });
    // The first page, and the page after the shown ones, are single pages.
    expect(loadMoreSpan(eventsOf(atUrl(initial(), '/events')), query)).toBeNull();
    const shown = loaded(atUrl(initial(), '/events'), 0, ['a', 'b']);
    const next = atUrl(shown, '/events?pageIndex=2');
    expect(loadMoreSpan(eventsOf(next), loadedQueryOf(next, events, 'published'))).toBeNull();
    // Too deep for one query: one page.
    const deep = atUrl(initial(), `/events?pageIndex=${MAX_LOAD_MORE_SPAN}`);
    expect(loadMoreSpan(eventsOf(deep), loadedQueryOf(deep, events, 'published'))).toBeNull();
  });

  it('store several pages from one answer, and show the pages up to the address', () => {
    let state = atUrl(initial(), '/events?pageIndex=2');
    state = loaded(state, 1, ['a', 'b', 'c', 'd'], [0, 1]);
    expect(eventsOf(state).pagingInfo.pagesLoaded).toEqual([0, 1]);
    expect(ids(visibleEntries(eventsOf(state)))).toEqual(['a', 'b', 'c', 'd']);
    state = atUrl(state, '/events?pageIndex=3');
    state = loaded(state, 2, ['e', 'f']);
    expect(ids(visibleEntries(eventsOf(state)))).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    // Back to the first page: the list it showed, with the later pages kept for forward.
    state = atUrl(state, '/events');
    expect(ids(visibleEntries(eventsOf(state)))).toEqual(['a', 'b']);
    expect(eventsOf(state).pagingInfo.pagesLoaded).toEqual([0, 1, 2]);
    state = atUrl(state, '/events?pageIndex=3');
    expect(ids(visibleEntries(eventsOf(state)))).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });
});

describe('minilists with values from the page', () => {
  it('select the filter values, and a change starts the paging again', () => {
    let state = reducer(
      initial(),
      searchActions.minilistApplied({ minilist: 'related', filters: { subject: ['0/1'], exclude: ['c1'] } }),
    );
    const minilist = () => state.minilist.related as NonNullable<SearchState['minilist'][string]>;
    expect(filterSelections(minilist()).subject?.values).toEqual(['0/1']);
    const input = searchInputOf(state, related, { versionStatus: 'published' });
    const query = JSON.parse(JSON.stringify(buildSearchQuery(input as NonNullable<typeof input>)));
    expect(query.where).toContainEqual({ not: [{ field: 'sys.id', in: ['c1'] }] });
    expect(query.aggregations ?? {}).toEqual({});
    const before = loadedQueryOf(state, related, 'published');
    state = reducer(
      state,
      searchActions.minilistApplied({ minilist: 'related', filters: { subject: ['0/2'], exclude: ['c2'] } }),
    );
    expect(loadedQueryOf(state, related, 'published')).not.toBe(before);
    expect(state.context).toBe('facets');
  });
});

describe('taxonomy selections', () => {
  it('count a selected child item as selected', () => {
    const search = defineSearch({
      facets: {},
      listings: {
        courses: {
          title: 'Courses',
          path: '/courses',
          queryParams: {},
          filters: {
            subject: {
              title: 'Subject',
              fieldId: 'subject.key',
              items: [{ key: '0/1', title: 'Science', children: [{ key: '0/1/1', title: 'Physics' }] }],
            },
          },
        },
      },
    });
    const courses = { context: 'listings' as const, facet: 'courses' };
    const reduce = searchReducer(search);
    let state = reduce(undefined, { type: '@@init' });
    state = reduce(
      state,
      searchActions.routeApplied({
        context: 'listings',
        facet: 'courses',
        route: parseSearchRoute({ pathname: '/courses', search: '' }, { basePath: '/courses' }),
      }),
    );
    state = reduce(state, searchActions.filterItemToggled({ ...courses, filter: 'subject', key: '0/1/1' }));
    expect(searchHref(state, courses)).toBe('/courses?subject=0/1/1');
  });
});
