import {
  type InjectedRedux,
  loadedQueryOf,
  parseSearchRoute,
  type SearchState,
  searchActions,
  searchReducer,
} from '@canopy/web';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../routes.js';
import { search } from '../../search.js';
import { image, marineBiology, searchPage } from '../../test/fixtures.js';
import { mainOf, renderPage } from '../../test/render-page.js';

let injected: InjectedRedux;
const reducer = searchReducer(search);
const listing = { context: 'listings' as const, facet: 'courses' };

beforeAll(async () => {
  const route = routes.find((candidate) => candidate.path === '/courses');
  injected = (await route?.injectRedux?.()) as InjectedRedux;
});

/** The state of `/courses` (with the query `search`) once its results arrived. */
function coursesListed(search = ''): SearchState {
  const route = parseSearchRoute({ pathname: '/courses', search }, { basePath: '/courses' });
  const address = `/courses${search}`;
  let state = reducer(
    undefined,
    searchActions.routeApplied({ context: 'listings', facet: 'courses', route, address }),
  );
  state = reducer(state, searchActions.searchStarted(listing));
  return reducer(
    state,
    searchActions.searchLoaded({
      ...listing,
      items: [marineBiology],
      pageIndex: 0,
      pageSize: 12,
      pageCount: 1,
      totalCount: 1,
      duration: 4,
      loadedQuery: loadedQueryOf(state, listing, 'published'),
    }),
  );
}

function listingAt(url: string, listedAt = '', page = searchPage): string {
  return mainOf(
    renderPage({
      url,
      entry: page,
      staticRoute: { path: '/courses', params: {}, nodePath: '/courses' },
      injected: [injected],
      slices: { search: coursesListed(listedAt) },
    }),
  );
}

describe('ListingPage', () => {
  it('shows its results at its own address', () => {
    const main = listingAt('/courses');
    expect(main).toContain('BSc Marine Biology');
    expect(main).not.toContain('aria-busy="true"');
  });

  it('shows them as loading after Back to another address of the listing, until its route follows', () => {
    expect(listingAt('/courses?level=Undergraduate')).toContain('aria-busy="true"');
  });

  it('marks the words of its search term in the cards, and nothing without one', () => {
    const main = listingAt('/courses?term=marines', '?term=marines');
    expect(main).toContain('BSc <mark>Marine</mark> Biology');
    expect(main).toContain(
      'Learn <mark>marine</mark> biology in small groups, from <mark>Marine</mark> Ecology',
    );
    expect(listingAt('/courses')).not.toContain('<mark>');
  });

  it('does not turn busy while a card leads to a page under the listing path', () => {
    // A course card on /courses: the address is the course page's while its page loads.
    const main = listingAt('/courses/bsc-marine-biology');
    expect(main).toContain('BSc Marine Biology');
    expect(main).not.toContain('aria-busy="true"');
  });

  it("loads the first card's picture at once when no picture comes before the cards", () => {
    const main = listingAt('/courses');
    expect(main).toMatch(/<img[^>]*class="image card-image"[^>]*fetchPriority="high"/);
    expect(main).not.toMatch(/<img[^>]*class="image card-image"[^>]*loading="lazy"/);
  });

  it('leaves the cards lazy under a hero picture, which has the priority', () => {
    const withHero = {
      ...searchPage,
      heroImage: image('/image-library/pages/courses.jpg', 'Students on the quay'),
    };
    const main = listingAt('/courses', '', withHero);
    expect(main).toMatch(/<img[^>]*class="image card-image"[^>]*loading="lazy"/);
    expect(main).not.toMatch(/<img[^>]*class="image card-image"[^>]*fetchPriority="high"/);
    expect(main).toMatch(/<img[^>]*fetchPriority="high"/);
  });
});
