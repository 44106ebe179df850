import type { Entry } from '@canopy/client';
import { createSelector } from '@reduxjs/toolkit';
import type { SiteState } from '../state/store-types.js';
import { DEFAULT_SEARCH_PAGE_SIZE } from './constants.js';
import { type FacetRef, facetIn, facetsIn, loadedQueryOf, selectedKeys } from './search-slice.js';
import { type FacetState, SEARCH_STATE_KEY, type SearchState } from './search-state.js';
import { buildSearchPath, type SearchRoute } from './url-codec.js';

/** The search slice, or `undefined` before a search route injected it. */
export function selectSearch(state: SiteState): SearchState | undefined {
  return state[SEARCH_STATE_KEY] as SearchState | undefined;
}

/**
 * Whether the facet's loaded results are not the ones its state asks for: a different term,
 * filters, sort or page size, or a page not loaded yet. Between a visitor's change and the
 * start of its search the results on screen are stale, so views show them as loading.
 *
 * @example
 * resultsOutdated(search, { context: 'facets', facet: 'news' }, 'published'); // true after a new term
 */
export function resultsOutdated(search: SearchState, ref: FacetRef, versionStatus: string): boolean {
  const facet = facetIn(search, ref);
  if (!facet) return false;
  if (facet.loadedQuery !== loadedQueryOf(search, ref, versionStatus)) return true;
  if (facet.queryParams.internalPaging) return facet.pagingInfo.pagesLoaded.length === 0;
  return !facet.pagingInfo.pagesLoaded.includes(facet.pagingInfo.pageIndex);
}

/** The current facet (or listing) of the page. */
export function currentRef(search: SearchState): FacetRef {
  return search.context === 'listings'
    ? { context: 'listings', facet: search.currentListing }
    : { context: 'facets', facet: search.currentFacet };
}

/**
 * The address that shows a facet as the state has it: its term, sort, page, size and
 * selected filters.
 *
 * @example
 * const href = searchHref(search, { context: 'facets', facet: 'news' }, { pageIndex: 1 });
 */
export function searchHref(search: SearchState, ref: FacetRef, change: Partial<SearchRoute> = {}): string {
  return buildSearchPath(searchRouteOf(search, ref, change), { basePath: basePathOf(search, ref) });
}

/** The base path of a facet's addresses: the search page's, or the listing's own path. */
export function basePathOf(search: SearchState, ref: FacetRef): string {
  return ref.context === 'listings' ? (facetIn(search, ref)?.path ?? search.basePath) : search.basePath;
}

/** The route (address parts) of a facet in the state, with `change` applied. */
export function searchRouteOf(
  search: SearchState,
  ref: FacetRef,
  change: Partial<SearchRoute> = {},
): SearchRoute {
  const facet = facetIn(search, ref);
  const filters: Record<string, string[]> = {};
  for (const [key, filter] of Object.entries(facet?.filters ?? {})) {
    const keys = selectedKeys(filter);
    // The default choice has the address without the filter.
    const isDefault = keys.length === 1 && keys[0] === filter.defaultKey;
    if (keys.length > 0 && !isDefault) filters[key] = keys;
  }
  const defaultSize = facet?.queryParams.pageSize ?? DEFAULT_SEARCH_PAGE_SIZE;
  const size = facet?.pagingInfo.pageSize ?? defaultSize;
  return {
    facet: ref.context === 'facets' ? ref.facet : null,
    term: facet?.queryParams.useSearchTerm === false ? '' : search.term,
    orderBy: facet?.orderBy ?? null,
    pageIndex: facet?.pagingInfo.pageIndex ?? 0,
    pageSize: size !== defaultSize ? size : null,
    filters,
    hash: '',
    ...change,
  };
}

/**
 * The entries to show for a facet's current page: internal paging slices the loaded ones;
 * load-more paging shows the loaded pages up to the current one (so the address of an
 * earlier step, reached with back, shows what it showed then, and forward needs no search).
 */
export function visibleEntries(facet: FacetState): Entry[] {
  const { pageIndex, pageSize, pagesLoaded } = facet.pagingInfo;
  if (facet.queryParams.internalPaging) {
    return facet.entries.items.slice(pageIndex * pageSize, (pageIndex + 1) * pageSize);
  }
  const first = pagesLoaded[0];
  if (!facet.queryParams.loadMorePaging || first === undefined || pageIndex < first)
    return facet.entries.items;
  const last = pagesLoaded[pagesLoaded.length - 1] ?? first;
  if (pageIndex >= last) return facet.entries.items;
  return facet.entries.items.slice(0, (pageIndex - first + 1) * pageSize);
}

/** One facet as the facet list shows it. */
export interface FacetLink {
  key: string;
  title: string;
  tabId: number | null;
  count: number | null;
  isCurrent: boolean;
  href: string;
}

/** The facets of the search page as links with counts (memoised on the search slice). */
export const selectFacetLinks = createSelector([selectSearch], (search): FacetLink[] => {
  if (!search) return [];
  return Object.entries(facetsIn(search, 'facets')).map(([key, facet]) => ({
    key,
    title: facet.title,
    tabId: facet.tabId,
    count: facet.count,
    isCurrent: search.context === 'facets' && key === search.currentFacet,
    href: searchHref(search, { context: 'facets', facet: key }),
  }));
});

/** One tab as the tab list shows it. */
export interface TabLink {
  id: number;
  title: string;
  totalCount: number | null;
  isCurrent: boolean;
  /** The tab's facet (current, else default, else first). */
  facet: string | null;
  href: string;
}

/** The tabs as links (memoised on the search slice). */
export const selectTabLinks = createSelector([selectSearch], (search): TabLink[] => {
  if (!search) return [];
  const current = search.facets[search.currentFacet]?.tabId;
  return search.tabs.map((tab) => {
    const inTab = Object.keys(search.facets).filter((key) => search.facets[key]?.tabId === tab.id);
    const facet =
      (tab.currentFacet && inTab.includes(tab.currentFacet) ? tab.currentFacet : null) ??
      (tab.defaultFacet && inTab.includes(tab.defaultFacet) ? tab.defaultFacet : null) ??
      inTab[0] ??
      null;
    return {
      id: tab.id,
      title: tab.title,
      totalCount: tab.totalCount,
      isCurrent: tab.id === current,
      facet,
      href: facet ? searchHref(search, { context: 'facets', facet }) : search.basePath,
    };
  });
});
