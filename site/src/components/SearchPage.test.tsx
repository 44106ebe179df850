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
import { element, expectHeadingOutline } from '../test/html.js';
import { mainOf, renderPage } from '../test/render-page.js';
import { IN_WELSH } from '../test/welsh.js';

let injected: InjectedRedux;
const reducer = searchReducer(search);

beforeAll(async () => {
  const route = routes.find((candidate) => candidate.path === '/search/*');
  // The route's injector also loads the page component, as a real route load does.
  injected = (await route?.injectRedux?.()) as InjectedRedux;
});

/** The search state after the route `url` was applied and, optionally, its results arrived. */
function searchState(url: string, outcome: 'results' | 'empty' | 'error' | 'loading'): SearchState {
  const parsed = new URL(url, 'http://site.test');
  const route = parseSearchRoute(
    { pathname: parsed.pathname, search: parsed.search },
    { basePath: '/search' },
  );
  let state = reducer(
    undefined,
    searchActions.routeApplied({ context: 'facets', route, address: `${parsed.pathname}${parsed.search}` }),
  );
  const ref = { context: 'facets' as const, facet: state.currentFacet };
  state = reducer(state, searchActions.searchStarted(ref));
  if (outcome === 'error') return reducer(state, searchActions.searchFailed({ ...ref, error: 'down' }));
  if (outcome === 'loading') return state;
  const items = outcome === 'results' ? [marineBiology] : [];
  return reducer(
    state,
    searchActions.searchLoaded({
      ...ref,
      items,
      pageIndex: route.pageIndex,
      pageSize: 10,
      pageCount: outcome === 'results' ? 3 : 0,
      totalCount: outcome === 'results' ? 21 : 0,
      aggregations: { sf_level: { undergraduate: 12 } },
      duration: 5,
      loadedQuery: loadedQueryOf(state, ref, 'published'),
    }),
  );
}

function render(url: string, outcome: 'results' | 'empty' | 'error' | 'loading') {
  const parsed = new URL(url, 'http://site.test');
  return renderPage({
    url,
    entry: searchPage,
    staticRoute: {
      path: '/search/*',
      params: { '*': parsed.pathname.slice('/search/'.length) },
      nodePath: '/search',
    },
    injected: [injected],
    slices: { search: searchState(url, outcome) },
  });
}

describe('SearchPage', () => {
  it('renders a GET form, tabs, filters, the announced count, results and pages', () => {
    const html = render('/search/courses?term=marine&level=Undergraduate&pageIndex=2', 'results');
    const main = mainOf(html);
    expect(main).toContain('<h1>Search</h1>');
    expect(element(main, 'form')).toMatchObject({
      method: 'get',
      action: '/search/courses',
      id: 'search-form-facets',
    });
    expect(element(main, 'input')).toMatchObject({ type: 'search', name: 'term', value: 'marine' });
    expect(main).toContain(
      '<a aria-current="page" href="/search/courses?term=marine&amp;pageIndex=2&amp;level=Undergraduate">Study<span class="search-count"> (21)</span></a>',
    );
    expect(main).toContain('<a href="/search/all?term=marine">Everything</a>');
    expect(main).toMatch(/<select id="[^"]+" name="orderBy" form="search-form-facets">/);
    expect(main).toContain('role="status" aria-live="polite">21 results for “marine”, showing 11–11</p>');
    expect(main).toMatch(
      /<input id="[^"]+" type="checkbox" form="search-form-facets" name="level" checked="" value="Undergraduate"\/>/,
    );
    expect(main).toContain('Undergraduate<span class="search-count"> (12)</span>');
    // A taxonomy filter whose items have not loaded is left out rather than shown empty.
    expect(main).not.toContain('<legend>Subject</legend>');
    // The words searched for are marked in the title and the summary.
    expect(main).toContain('<a href="/courses/bsc-marine-biology">BSc <mark>Marine</mark> Biology</a>');
    expect(main).toContain('<p class="search-result-description">Learn <mark>marine</mark> biology');
    expect(main).toContain(
      'href="/search/courses?term=marine&amp;level=Undergraduate#search-results" rel="prev">Previous</a>',
    );
    expect(main).toContain(
      'href="/search/courses?term=marine&amp;pageIndex=3&amp;level=Undergraduate#search-results" rel="next">Next</a>',
    );
    expectHeadingOutline(html);
  });

  it('folds the filters into "Filters (n selected)" after a "Skip to results" link, leaving out items that find nothing', () => {
    const main = mainOf(render('/search/courses?term=marine&level=Undergraduate', 'results'));
    const skip = main.indexOf('<a class="skip-to-results" href="#search-results">Skip to results</a>');
    const fold = main.indexOf('<details class="search-filters-fold"><summary>Filters (1 selected)</summary>');
    expect(skip).toBeGreaterThan(-1);
    expect(fold).toBeGreaterThan(skip);
    expect(main.indexOf('<legend>Study level</legend>')).toBeGreaterThan(fold);
    expect(main).toContain('id="search-results"');
    // Undergraduate is chosen: the other levels' 0 only counts results already chosen, so they
    // show without a count rather than as "(0)".
    expect(main).toContain('Postgraduate taught</label>');
    expect(main).not.toContain('(0)');

    const none = mainOf(render('/search/courses?term=marine', 'results'));
    expect(none).toContain('<summary>Filters</summary>');
    expect(none).toContain('Undergraduate<span class="search-count"> (12)</span>');
    // Nothing chosen: a level without results is left out.
    expect(none).not.toContain('Postgraduate taught');
  });

  it('shows the error state with a way to try again, and no stuck loading', () => {
    const main = mainOf(render('/search/courses?term=marine', 'error'));
    expect(main).toContain(
      '<div class="search-error" role="alert"><p>Sorry, search is not working right now.</p>',
    );
    expect(main).toContain('Search is not available right now.');
    expect(main).not.toContain('aria-busy="true"');
  });

  it('shows the results of an earlier term as loading until the new search answers', () => {
    // The visitor typed a new term: the address and state moved on, the search has not started.
    const state = reducer(
      searchState('/search/courses?term=marine', 'results'),
      searchActions.termChanged({ term: 'sea' }),
    );
    const main = mainOf(
      renderPage({
        url: '/search/courses?term=sea',
        entry: searchPage,
        staticRoute: { path: '/search/*', params: { '*': 'courses' }, nodePath: '/search' },
        injected: [injected],
        slices: { search: state },
      }),
    );
    expect(main).toContain('<p class="search-result-count" role="status" aria-live="polite">Searching…</p>');
    expect(main).not.toContain('results for “sea”');
    expect(main).toContain('aria-busy="true"');
  });

  it("shows the previous address's results as loading after Back, until the route follows the address", () => {
    // Back from "oldest first" to the default sort: the address moved, the state (and its
    // loaded results) is still the sorted step's.
    const state = searchState('/search/news?term=marine&orderBy=publishDate', 'results');
    const page = (url: string) =>
      mainOf(
        renderPage({
          url,
          entry: searchPage,
          staticRoute: { path: '/search/*', params: { '*': 'news' }, nodePath: '/search' },
          injected: [injected],
          slices: { search: state },
        }),
      );
    const behind = page('/search/news?term=marine');
    expect(behind).toContain(
      '<p class="search-result-count" role="status" aria-live="polite">Searching…</p>',
    );
    expect(behind).toContain('aria-busy="true"');
    // The same state at its own address is the answer.
    const shown = page('/search/news?term=marine&orderBy=publishDate');
    expect(shown).toContain('results for “marine”');
    expect(shown).not.toContain('aria-busy="true"');
  });

  it('says when nothing matches, and marks a running search busy', () => {
    expect(mainOf(render('/search/news?term=zzz', 'empty'))).toContain('Nothing matches your search.');
    const loading = mainOf(render('/search/news?term=zzz', 'loading'));
    expect(loading).toContain('Searching…');
  });

  it('points to the facet that has results when this one has none, with a plain link', () => {
    const counted = (url: string, counts: Record<string, number>) =>
      reducer(searchState(url, 'empty'), searchActions.facetCountsLoaded({ counts, query: 'counted' }));
    const page = (url: string, state: SearchState) => {
      const parsed = new URL(url, 'http://site.test');
      return mainOf(
        renderPage({
          url,
          entry: searchPage,
          staticRoute: { path: '/search/*', params: { '*': parsed.pathname.slice(8) }, nodePath: '/search' },
          injected: [injected],
          slices: { search: state },
        }),
      );
    };
    const courses = page(
      '/search/courses?term=open+day',
      counted('/search/courses?term=open+day', { courses: 0, all: 11, news: 2, events: 5, people: 0 }),
    );
    expect(courses).toContain(
      '<p class="search-elsewhere">No courses match “open day” — <a href="/search/all?term=open+day">11 results in Everything</a></p>',
    );
    expect(courses).not.toContain('Nothing matches your search');
    const news = page(
      '/search/news?term=open+day',
      counted('/search/news?term=open+day', { courses: 0, all: 0, news: 0, events: 1, people: 0 }),
    );
    expect(news).toContain(
      'No news stories match “open day” — <a href="/search/events?term=open+day">1 result in Events</a>',
    );
    // Nowhere else either: what to try instead.
    const nowhere = page(
      '/search/courses?term=zzz',
      counted('/search/courses?term=zzz', { courses: 0, all: 0 }),
    );
    expect(nowhere).toContain('Nothing matches your search. Try other words or fewer filters.');
  });
});

describe('SearchPage in Welsh', () => {
  /** The page of `url` (in the Welsh tree) in Welsh, with `state` as its search state. */
  const welsh = (url: string, state: SearchState) =>
    mainOf(
      renderPage({
        url,
        entry: searchPage,
        staticRoute: {
          path: '/search/*',
          params: { '*': new URL(url, 'http://x').pathname.slice(8) },
          nodePath: '/search',
        },
        injected: [injected],
        slices: { search: state },
        inLanguage: IN_WELSH,
      }),
    );

  it('counts, names the tabs, filters, sort and pages in Welsh', () => {
    const url = '/search/courses?term=marine&level=Undergraduate&pageIndex=2';
    const main = welsh(url, searchState(url, 'results'));
    expect(main).toContain('>Astudio<span class="search-count"> (21)</span></a>');
    expect(main).toContain('>Popeth</a>');
    expect(main).toContain(
      'role="status" aria-live="polite">21 canlyniad ar gyfer “marine”, yn dangos 11–11</p>',
    );
    expect(main).toContain('>Neidio i’r canlyniadau</a>');
    expect(main).toContain('<summary>Hidlyddion (1 wedi’u dewis)</summary>');
    expect(main).toContain('<legend>Lefel astudio</legend>');
    expect(main).toContain('Israddedig<span class="search-count"> (12)</span>');
    expect(main).toContain('Trefnu yn ôl</label>');
    expect(main).toContain('>Y cyfatebiaeth orau</option>');
    expect(main).toContain('rel="prev">Blaenorol</a>');
    expect(main).toContain('rel="next">Nesaf</a>');
    expect(main).toContain('<nav class="search-pager" aria-label="Tudalennau o ganlyniadau">');
    expect(main).toContain('<p class="search-result-type">Cwrs');
    for (const english of ['Study', 'results', 'Skip to results', 'Filters', 'Sort by', 'Previous', 'Next'])
      expect(main, english).not.toContain(`>${english}`);
  });

  it('says what went wrong, and where the results are, in Welsh', () => {
    const failed = welsh('/search/courses?term=marine', searchState('/search/courses?term=marine', 'error'));
    expect(failed).toContain('<p>Mae’n ddrwg gennym, nid yw’r chwilio’n gweithio ar hyn o bryd.</p>');
    expect(failed).toContain('>Rhowch gynnig arall arni</a>');
    const url = '/search/courses?term=open+day';
    const counted = reducer(
      searchState(url, 'empty'),
      searchActions.facetCountsLoaded({ counts: { courses: 0, all: 11 }, query: 'counted' }),
    );
    expect(welsh(url, counted)).toContain(
      'Does dim cyrsiau’n cyfateb i “open day” — <a href="/cy/search/all?term=open+day">Popeth: 11 canlyniad</a>',
    );
  });
});
