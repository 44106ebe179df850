import {
  type InjectedRedux,
  loadedQueryOf,
  parseSearchRoute,
  type SearchState,
  searchActions,
  searchReducer,
} from '@canopy/web';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../routes.js';
import { search } from '../search.js';
import { marineBiology, searchPage } from '../test/fixtures.js';
import { mainOf, renderPage } from '../test/render-page.js';

// Search results mark the words the term matched, in the title and in a snippet of the
// summary or, when the summary has none of them, of the page's own text.

let injected: InjectedRedux;
const reducer = searchReducer(search);

beforeAll(async () => {
  const route = routes.find((candidate) => candidate.path === '/search/*');
  injected = (await route?.injectRedux?.()) as InjectedRedux;
});

/** The results page at `url` with the marine biology course as its one result. */
function render(url: string): string {
  const parsed = new URL(url, 'http://site.test');
  const route = parseSearchRoute(
    { pathname: parsed.pathname, search: parsed.search },
    { basePath: '/search' },
  );
  let state: SearchState = reducer(
    undefined,
    searchActions.routeApplied({ context: 'facets', route, address: `${parsed.pathname}${parsed.search}` }),
  );
  const ref = { context: 'facets' as const, facet: state.currentFacet };
  state = reducer(state, searchActions.searchStarted(ref));
  state = reducer(
    state,
    searchActions.searchLoaded({
      ...ref,
      items: [marineBiology],
      pageIndex: 0,
      pageSize: 10,
      pageCount: 1,
      totalCount: 1,
      duration: 5,
      loadedQuery: loadedQueryOf(state, ref, 'published'),
    }),
  );
  return mainOf(
    renderPage({
      url,
      entry: searchPage,
      staticRoute: {
        path: '/search/*',
        params: { '*': parsed.pathname.slice('/search/'.length) },
        nodePath: '/search',
      },
      injected: [injected],
      slices: { search: state },
    }),
  );
}

/** The result's title and description paragraph. */
function result(main: string): { title: string; description: string } {
  return {
    title: /<h3 class="search-result-title">(.*?)<\/h3>/.exec(main)?.[1] ?? '',
    description: /<p class="search-result-description">(.*?)<\/p>/.exec(main)?.[1] ?? '',
  };
}

describe('SearchResultList', () => {
  it('marks stems and the last word as a beginning in the title and the summary', () => {
    expect(result(render('/search/courses?term=marines%20biolo'))).toEqual({
      title: '<a href="/courses/bsc-marine-biology">BSc <mark>Marine Biology</mark></a>',
      description:
        'Learn <mark>marine biology</mark> in small groups, from <mark>Marine</mark> Ecology in your first year to an independent project in your last.',
    });
  });

  it("takes the snippet from the page's text when the summary does not match", () => {
    expect(result(render('/search/courses?term=conservation%20careers')).description).toBe(
      // React separates the ellipsis from the text with a comment in server-rendered HTML.
      '…<!-- -->is the study of life in the sea. What you will study Modules include Marine Ecology and Oceanography. <mark>Careers</mark> Graduates go on to <mark>careers</mark> in <mark>conservation</mark>.',
    );
  });

  it('shows the summary unmarked without a term, and escapes a hostile one', () => {
    expect(result(render('/search/courses')).description).toBe(marineBiology.entryDescription);
    const main = render('/search/courses?term=%3Cscript%3Ealert(1)%3C%2Fscript%3E%20marine');
    expect(main).not.toContain('<script');
    expect(result(main).title).toContain('<mark>Marine</mark>');
  });
});
