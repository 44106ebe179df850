import type { Entry } from '@canopy/client';
import {
  type CustomApiConfig,
  enabledFacets,
  type FilterItem,
  type SearchConfig,
  type SearchFacetConfig,
  type SearchFilterConfig,
  type SearchQueryParams,
  searchBasePath,
} from './config.js';
import { DEFAULT_SEARCH_PAGE_SIZE } from './constants.js';

/** Which list of facets a page works with (website spec §3). */
export type SearchContext = 'facets' | 'listings' | 'minilist';

/** Paging of a facet (website spec §3). */
export interface PagingInfo {
  isLoading: boolean;
  pageCount: number;
  /** Zero-based. */
  pageIndex: number;
  pageSize: number;
  /** Pages whose entries are shown (several with load-more paging), ascending. */
  pagesLoaded: number[];
  prevPageIndex: number;
  totalCount: number;
}

/** A filter in the store: its configuration plus loading state and items. */
export interface FilterState extends Omit<SearchFilterConfig, 'items'> {
  isLoading: boolean;
  isError: boolean;
  error: string | null;
  items: FilterItem[];
  /** Result counts by value from the last search, kept for items that load later. */
  buckets: Record<string, number> | null;
}

/** Loaded results of a facet. */
export interface EntriesState {
  isLoading: boolean;
  isError: boolean;
  error: string | null;
  items: Entry[];
}

/** A facet, listing or minilist in the store (website spec §3). */
export interface FacetState {
  title: string;
  tabId: number | null;
  projectId: string | null;
  queryParams: SearchQueryParams;
  filters: Record<string, FilterState>;
  customApi: CustomApiConfig | null;
  entries: EntriesState;
  featuredEntries: EntriesState;
  pagingInfo: PagingInfo;
  /** Milliseconds the platform took for the last search (0 after a reset). */
  queryDuration: number;
  /** The visitor's sort key (one of `queryParams.dynamicOrderBy`), `null` for the default. */
  orderBy: string | null;
  /** Result count from the tab-count query, `null` until known. */
  count: number | null;
  /** What the loaded entries were searched with (term, filters, sort, size); `null` before any search. */
  loadedQuery: string | null;
  /** Listings: the path of the listing page. */
  path: string | null;
  /**
   * The loaded results match some of the term's words, not all: all of them found nothing,
   * so the search ran again with any word (see `searchSomeWords`).
   */
  someWords?: boolean;
  /**
   * "Did you mean …": the term as the loaded results spell it, when they matched some of its
   * words only through typo corrections (see `didYouMean`); `null` otherwise.
   */
  correction?: string | null;
}

/** A tab in the store (website spec §3). */
export interface TabState {
  id: number;
  title: string;
  defaultFacet: string | null;
  currentFacet: string | null;
  totalCount: number | null;
}

/** The search slice (website spec §3, "Search state"). */
export interface SearchState {
  context: SearchContext;
  currentFacet: string;
  currentListing: string;
  facets: Record<string, FacetState>;
  listings: Record<string, FacetState>;
  minilist: Record<string, FacetState>;
  term: string;
  tabs: TabState[];
  config: { isLoaded: boolean; isError: boolean; ssr: boolean };
  /** Base path of the search routes. */
  basePath: string;
  /** Term and version status the tab counts were loaded for. */
  countsQuery: string | null;
  /**
   * What each filter item count was counted for (a hash of its where clause), by item id: it
   * is asked for again only when what it counts changed.
   */
  countKeys: Record<string, string>;
  /**
   * The address (path and query, as in `location`) the search route last read the state
   * from; null until a search route has run. Views compare it with the router's address:
   * after Back or Forward the address moves before the route's state follows it.
   */
  address: string | null;
}

/** The state key of the search slice. */
export const SEARCH_STATE_KEY = 'search';

function emptyEntries(): EntriesState {
  return { isLoading: false, isError: false, error: null, items: [] };
}

function filterState(config: SearchFilterConfig): FilterState {
  return {
    ...config,
    isLoading: false,
    isError: false,
    error: null,
    items: (config.items ?? []).map((item) => ({ ...item, isSelected: Boolean(item.isSelected) })),
    buckets: null,
  };
}

/** A facet's initial state from its configuration. */
export function facetState(config: SearchFacetConfig & { path?: string }): FacetState {
  const filters: Record<string, FilterState> = {};
  for (const [key, filter] of Object.entries(config.filters ?? {})) {
    if (!filter.isDisabled) filters[key] = filterState(filter);
  }
  return {
    title: config.title,
    tabId: config.tabId ?? null,
    projectId: config.projectId ?? null,
    queryParams: config.queryParams,
    filters,
    customApi: config.customApi ?? null,
    entries: emptyEntries(),
    featuredEntries: emptyEntries(),
    pagingInfo: {
      isLoading: false,
      pageCount: 0,
      pageIndex: 0,
      pageSize: config.queryParams.pageSize ?? DEFAULT_SEARCH_PAGE_SIZE,
      pagesLoaded: [],
      prevPageIndex: 0,
      totalCount: 0,
    },
    queryDuration: 0,
    orderBy: null,
    count: null,
    loadedQuery: null,
    path: config.path ?? null,
    someWords: false,
    correction: null,
  };
}

function facetsOf<T extends SearchFacetConfig>(
  configs: Readonly<Record<string, T>> | undefined,
): Record<string, FacetState> {
  const facets: Record<string, FacetState> = {};
  for (const [key, config] of enabledFacets(configs)) facets[key] = facetState(config);
  return facets;
}

/**
 * The initial search state of a configuration: every enabled facet, listing and minilist,
 * the tabs, the first facet current.
 *
 * @example
 * const state = initialSearchState(defineSearch({ facets: { all: { title: 'All', queryParams: {} } } }));
 */
export function initialSearchState(config: SearchConfig): SearchState {
  const facets = facetsOf(config.facets);
  const listings = facetsOf(config.listings);
  const tabs: TabState[] = (config.tabs ?? []).map((tab) => ({
    id: tab.id,
    title: tab.title,
    defaultFacet: tab.defaultFacet ?? null,
    currentFacet: null,
    totalCount: null,
  }));
  return {
    context: 'facets',
    currentFacet: Object.keys(facets)[0] ?? '',
    currentListing: Object.keys(listings)[0] ?? '',
    facets,
    listings,
    minilist: facetsOf(config.minilists),
    term: '',
    tabs,
    config: { isLoaded: true, isError: false, ssr: false },
    basePath: searchBasePath(config),
    countsQuery: null,
    countKeys: {},
    address: null,
  };
}

/** The facet a tab opens: its current facet, else its default facet, else its first (website spec §2). */
export function facetOfTab(state: SearchState, tabId: number): string | null {
  const tab = state.tabs.find((candidate) => candidate.id === tabId);
  if (!tab) return null;
  const inTab = Object.keys(state.facets).filter((key) => state.facets[key]?.tabId === tabId);
  if (tab.currentFacet && inTab.includes(tab.currentFacet)) return tab.currentFacet;
  if (tab.defaultFacet && inTab.includes(tab.defaultFacet)) return tab.defaultFacet;
  return inTab[0] ?? null;
}
