import { describe, expect, it } from 'vitest';
import { defineSearch } from './config.js';
import { resultsElsewhere } from './results-elsewhere.js';
import { searchActions, searchReducer } from './search-slice.js';
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
      queryParams: { contentTypeIds: ['course'] },
      filters: { level: { title: 'Level', fieldId: 'studyLevel', items: [{ key: 'Undergraduate' }] } },
    },
    all: { title: 'All results', tabId: 1, queryParams: {} },
    news: { title: 'News', tabId: 1, queryParams: { contentTypeIds: ['newsArticle'] } },
    events: { title: 'Events', tabId: 1, queryParams: { contentTypeIds: ['event'] } },
  },
});

const reducer = searchReducer(config);

/** The state of the search page at `address` with these facet counts. */
function stateAt(
  address: string,
  counts: Record<string, number>,
  from: SearchState = reducer(undefined, { type: '@@init' }),
): SearchState {
  const [pathname = '', query = ''] = address.split('?');
  const route = parseSearchRoute({ pathname, search: `?${query}` }, { basePath: '/search' });
  const state = reducer(from, searchActions.routeApplied({ context: 'facets', route, address }));
  return reducer(state, searchActions.facetCountsLoaded({ counts, query: 'q' }));
}

describe('resultsElsewhere', () => {
  it('points a course search with nothing to the Everything tab, as the same search there', () => {
    const state = stateAt('/search/courses?term=open%20day', { courses: 0, all: 11, news: 2, events: 4 });
    expect(resultsElsewhere(state)).toEqual({
      facet: 'all',
      title: 'Everything',
      count: 11,
      href: '/search/all?term=open+day',
    });
  });

  it('names a facet that is not its tab’s default by its own title', () => {
    const state = stateAt('/search/news?term=marine', { courses: 0, all: 0, news: 0, events: 3 });
    expect(resultsElsewhere(state)).toMatchObject({ facet: 'events', title: 'Events', count: 3 });
  });

  it('prefers the facet with the most results, and another tab on a tie', () => {
    expect(
      resultsElsewhere(stateAt('/search/news?term=x', { courses: 5, all: 9, news: 0, events: 0 })),
    ).toMatchObject({ facet: 'all', count: 9 });
    expect(
      resultsElsewhere(stateAt('/search/news?term=x', { courses: 5, all: 5, news: 0, events: 0 })),
    ).toMatchObject({ facet: 'courses', title: 'Study', count: 5 });
  });

  it('starts the other facet on its first page and keeps that facet’s own filters', () => {
    const paged = stateAt('/search/all?term=x&pageIndex=3', { courses: 0, all: 40 });
    const filtered = stateAt('/search/courses?term=x&level=Undergraduate', { courses: 0, all: 40 }, paged);
    expect(resultsElsewhere(filtered)?.href).toBe('/search/all?term=x');
    const back = stateAt('/search/all?term=x', { courses: 7, all: 0 }, filtered);
    expect(resultsElsewhere(back)?.href).toBe('/search/courses?term=x&level=Undergraduate');
  });

  it('says nothing without a term, without counts or when no other facet has results', () => {
    expect(resultsElsewhere(stateAt('/search/courses', { courses: 0, all: 11 }))).toBeNull();
    expect(resultsElsewhere(stateAt('/search/courses?term=x', {}))).toBeNull();
    expect(resultsElsewhere(stateAt('/search/courses?term=x', { courses: 0, all: 0, news: 0 }))).toBeNull();
  });
});
