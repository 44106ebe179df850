import type { Entry } from '@canopy/client';
import type { PayloadAction, Reducer } from '@reduxjs/toolkit';
import { draftCases } from '../state/draft-cases.js';
import { hydrationState } from '../state/hydration-state.js';
import { plainSlice } from '../state/plain-slice.js';
import type { FilterItem, SearchConfig } from './config.js';
import { filterAggregationName } from './constants.js';
import {
  type FacetState,
  type FilterState,
  facetOfTab,
  initialSearchState,
  SEARCH_STATE_KEY,
  type SearchContext,
  type SearchState,
} from './search-state.js';
import type { SearchRoute } from './url-codec.js';
import { isWholeSearchState } from './whole-state.js';

/** Names one facet, listing or minilist. */
export interface FacetRef {
  context: SearchContext;
  facet: string;
}

/** One page of search results as the slice stores it. */
export interface SearchResultPayload extends FacetRef {
  items: Entry[];
  pageIndex: number;
  pageSize: number;
  pageCount: number;
  totalCount: number;
  aggregations?: Record<string, Record<string, number>>;
  featured?: Entry[] | null;
  /** Milliseconds the platform took. */
  duration: number;
  /** The query signature the results belong to ({@link loadedQueryOf}). */
  loadedQuery: string;
  /**
   * Load-more pages the items cover when several came at once (a listing opened at a later
   * page shows every page up to it); they replace what was loaded.
   */
  pagesLoaded?: number[];
}

const CONTEXT_KEYS = { facets: 'facets', listings: 'listings', minilist: 'minilist' } as const;

/** The facets of a context. */
export function facetsIn(state: SearchState, context: SearchContext): Record<string, FacetState> {
  return state[CONTEXT_KEYS[context]];
}

/** The facet of a context, if it exists. */
export function facetIn(state: SearchState, ref: FacetRef): FacetState | undefined {
  return facetsIn(state, ref.context)[ref.facet];
}

/** The keys of a filter's selected items, taxonomy children included. */
export function selectedKeys(filter: Pick<FilterState, 'items'>): string[] {
  return allSelected(filter.items);
}

/**
 * What a facet's loaded results depend on, apart from the page: term, selected filters,
 * sort and page size. A search runs when this differs from the loaded one (or the page
 * is not loaded yet).
 */
export function loadedQueryOf(state: SearchState, ref: FacetRef, versionStatus: string): string {
  const facet = facetIn(state, ref);
  if (!facet) return '';
  const filters: Record<string, string[]> = {};
  for (const [key, filter] of Object.entries(facet.filters)) {
    const keys = selectedKeys(filter).sort();
    if (keys.length > 0) filters[key] = keys;
  }
  const term = facet.queryParams.useSearchTerm === false ? '' : state.term;
  return JSON.stringify([
    ref.context,
    ref.facet,
    term,
    filters,
    facet.orderBy,
    facet.pagingInfo.pageSize,
    versionStatus,
  ]);
}

function resetPaging(facet: FacetState): void {
  facet.pagingInfo.pagesLoaded = [];
  facet.pagingInfo.pageIndex = 0;
  facet.queryDuration = 0;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

/**
 * Marks the items of a filter selected when their key is among `values`; values without an
 * item become selected items of their own, so the search can filter before the items load.
 * Returns whether the selection changed.
 */
function applyValues(filter: FilterState, values: readonly string[]): boolean {
  const before = selectedKeys(filter).sort();
  const wanted = new Set(values);
  const mark = (items: FilterItem[]) => {
    for (const item of items) {
      item.isSelected = wanted.has(item.key) || wanted.has(String(item.key).toLowerCase());
      if (item.children) mark(item.children);
    }
  };
  mark(filter.items);
  const known = new Set<string>();
  const collect = (items: FilterItem[]) => {
    for (const item of items) {
      known.add(item.key);
      if (item.children) collect(item.children);
    }
  };
  collect(filter.items);
  for (const value of values) {
    if (!known.has(value)) filter.items.push({ key: value, isSelected: true });
  }
  return !sameList(before, [...allSelected(filter.items)].sort());
}

function allSelected(items: readonly FilterItem[]): string[] {
  const keys: string[] = [];
  for (const item of items) {
    if (item.isSelected) keys.push(item.key);
    if (item.children) keys.push(...allSelected(item.children));
  }
  return keys;
}

/** What a filter selects when the address names nothing: its default item, if it has one. */
export function defaultValues(filter: Pick<FilterState, 'defaultKey'>): string[] {
  return filter.defaultKey ? [filter.defaultKey] : [];
}

function setItem(items: FilterItem[], key: string, selected: (item: FilterItem) => boolean): void {
  for (const item of items) {
    item.isSelected = selected(item);
    if (item.children) setItem(item.children, key, selected);
  }
}

function findItem(items: readonly FilterItem[], key: string): FilterItem | undefined {
  for (const item of items) {
    if (item.key === key) return item;
    const child = item.children ? findItem(item.children, key) : undefined;
    if (child) return child;
  }
  return undefined;
}

/** Gives every item of a filter its count from the last search's buckets (0 when absent). */
function countItems(filter: FilterState): void {
  const buckets = filter.buckets;
  if (!buckets) return;
  const count = (item: FilterItem) => {
    item.aggregate = buckets[item.key] ?? buckets[item.key.toLowerCase()] ?? 0;
    for (const child of item.children ?? []) count(child);
  };
  for (const item of filter.items) count(item);
}

/** Sets a tab's current facet to the facet it holds. */
function markTab(state: SearchState, facetKey: string): void {
  const tabId = state.facets[facetKey]?.tabId;
  const tab = state.tabs.find((candidate) => candidate.id === tabId);
  if (tab) tab.currentFacet = facetKey;
}

/**
 * The search slice (website spec §4): route parameters, the visitor's changes (each also
 * becomes a new address), results, filter items and tab counts.
 */
export const searchSlice = plainSlice(
  SEARCH_STATE_KEY,
  initialSearchState({ facets: {} }),
  draftCases({
    /**
     * Applies a search address: the facet (listing) becomes current, the term is set
     * (a new term resets the paging of every facet in the context), route values mark
     * filter items selected (a changed selection resets paging), then page, size and sort.
     */
    routeApplied(
      state: SearchState,
      action: PayloadAction<{
        context: SearchContext;
        facet?: string | null;
        route: SearchRoute;
        isSsr?: boolean;
        /** The path and query the route was read from (see `SearchState.address`). */
        address?: string;
      }>,
    ) {
      const { context, route } = action.payload;
      state.context = context;
      state.address = action.payload.address ?? null;
      const facets = facetsIn(state, context);
      const requested = action.payload.facet ?? route.facet;
      // Own keys only: an address naming `constructor` must not find Object's.
      const key = requested && Object.hasOwn(facets, requested) ? requested : Object.keys(facets)[0];
      if (!key) return;
      if (context === 'facets') {
        state.currentFacet = key;
        markTab(state, key);
      } else if (context === 'listings') state.currentListing = key;
      if (action.payload.isSsr) state.config.ssr = true;
      const facet = facets[key] as FacetState;

      if (facet.queryParams.useSearchTerm !== false && state.term !== route.term) {
        state.term = route.term;
        for (const other of Object.values(facets)) resetPaging(other);
      }
      let filtersChanged = false;
      for (const [filterKey, filter] of Object.entries(facet.filters)) {
        if (applyValues(filter, route.filters[filterKey] ?? defaultValues(filter))) filtersChanged = true;
      }
      const orderBy =
        route.orderBy && (facet.queryParams.dynamicOrderBy ?? []).includes(route.orderBy)
          ? route.orderBy
          : null;
      if (orderBy !== facet.orderBy) {
        facet.orderBy = orderBy;
        filtersChanged = true;
      }
      const pageSize = route.pageSize ?? facet.queryParams.pageSize ?? facet.pagingInfo.pageSize;
      if (pageSize !== facet.pagingInfo.pageSize) {
        facet.pagingInfo.pageSize = pageSize;
        filtersChanged = true;
      }
      if (filtersChanged && state.config.isLoaded) resetPaging(facet);
      if (facet.pagingInfo.pageIndex !== route.pageIndex) {
        facet.pagingInfo.prevPageIndex = facet.pagingInfo.pageIndex;
        facet.pagingInfo.pageIndex = route.pageIndex;
      }
    },

    /** A tab was chosen: its current facet, else its default, else its first becomes current. */
    tabSelected(state: SearchState, action: PayloadAction<{ tabId: number }>) {
      const key = facetOfTab(state, action.payload.tabId);
      if (!key) return;
      state.currentFacet = key;
      markTab(state, key);
    },

    /** A facet was chosen. */
    facetSelected(state: SearchState, action: PayloadAction<{ facet: string }>) {
      if (!Object.hasOwn(state.facets, action.payload.facet)) return;
      state.currentFacet = action.payload.facet;
      markTab(state, action.payload.facet);
    },

    /**
     * A minilist's values for the page that shows it (e.g. the subject of the course page
     * listing related courses): they select the minilist's filter items, and a changed
     * selection starts its paging again. The search page's context is left alone.
     */
    minilistApplied(
      state: SearchState,
      action: PayloadAction<{ minilist: string; filters: Readonly<Record<string, readonly string[]>> }>,
    ) {
      const facet = state.minilist[action.payload.minilist];
      if (!facet) return;
      let changed = false;
      for (const [key, filter] of Object.entries(facet.filters)) {
        if (applyValues(filter, action.payload.filters[key] ?? defaultValues(filter))) changed = true;
      }
      if (changed) resetPaging(facet);
    },

    /** The term changed: paging of every facet in the context starts again. */
    termChanged(state: SearchState, action: PayloadAction<{ term: string }>) {
      if (state.term === action.payload.term) return;
      state.term = action.payload.term;
      for (const facet of Object.values(facetsIn(state, state.context))) resetPaging(facet);
    },

    /**
     * A filter item was toggled: it flips; a single-select filter deselects the others; a
     * grouped filter clears the other facets' filters; paging starts again.
     */
    filterItemToggled(state: SearchState, action: PayloadAction<FacetRef & { filter: string; key: string }>) {
      const facet = facetIn(state, action.payload);
      const filter = facet?.filters[action.payload.filter];
      if (!facet || !filter) return;
      const item = findItem(filter.items, action.payload.key);
      const selected = !(item?.isSelected ?? false);
      if (filter.isSingleSelect) setItem(filter.items, action.payload.key, () => false);
      if (item) item.isSelected = selected;
      else filter.items.push({ key: action.payload.key, isSelected: true });
      if (allSelected(filter.items).length === 0) applyValues(filter, defaultValues(filter));
      if (filter.isGrouped) {
        for (const [key, other] of Object.entries(facetsIn(state, action.payload.context))) {
          if (key === action.payload.facet) continue;
          for (const otherFilter of Object.values(other.filters)) setItem(otherFilter.items, '', () => false);
          resetPaging(other);
        }
      }
      resetPaging(facet);
    },

    /** Deselects every item of one filter, or of every filter of the facet. */
    filtersCleared(state: SearchState, action: PayloadAction<FacetRef & { filter?: string }>) {
      const facet = facetIn(state, action.payload);
      if (!facet) return;
      const { filter } = action.payload;
      for (const [key, value] of Object.entries(facet.filters)) {
        if (!filter || key === filter) applyValues(value, defaultValues(value));
      }
      resetPaging(facet);
    },

    /** Another page: the previous index is kept, paging loads, the duration resets unless paging is internal. */
    pageChanged(state: SearchState, action: PayloadAction<FacetRef & { pageIndex: number }>) {
      const facet = facetIn(state, action.payload);
      if (!facet) return;
      facet.pagingInfo.prevPageIndex = facet.pagingInfo.pageIndex;
      facet.pagingInfo.pageIndex = Math.max(0, Math.floor(action.payload.pageIndex));
      facet.pagingInfo.isLoading = true;
      if (!facet.queryParams.internalPaging) facet.queryDuration = 0;
    },

    /** Another page size: back to the first page. */
    pageSizeChanged(state: SearchState, action: PayloadAction<FacetRef & { pageSize: number }>) {
      const facet = facetIn(state, action.payload);
      if (!facet || !(action.payload.pageSize > 0)) return;
      facet.pagingInfo.pageSize = action.payload.pageSize;
      resetPaging(facet);
    },

    /** Another sort order (one of the facet's `dynamicOrderBy`, or `null`): paging starts again. */
    sortChanged(state: SearchState, action: PayloadAction<FacetRef & { orderBy: string | null }>) {
      const facet = facetIn(state, action.payload);
      if (!facet) return;
      const { orderBy } = action.payload;
      facet.orderBy = orderBy && (facet.queryParams.dynamicOrderBy ?? []).includes(orderBy) ? orderBy : null;
      resetPaging(facet);
    },

    /** A search of the facet started. */
    searchStarted(state: SearchState, action: PayloadAction<FacetRef>) {
      const facet = facetIn(state, action.payload);
      if (!facet) return;
      facet.entries.isLoading = true;
      facet.entries.isError = false;
      facet.entries.error = null;
      facet.pagingInfo.isLoading = true;
    },

    /**
     * Results arrived. With load-more paging a page next to the loaded ones is appended
     * (or prepended) without repeating an entry; otherwise the page replaces the results.
     * Filter items get their counts from the search's aggregations.
     */
    searchLoaded(state: SearchState, action: PayloadAction<SearchResultPayload>) {
      const facet = facetIn(state, action.payload);
      if (!facet) return;
      const result = action.payload;
      const paging = facet.pagingInfo;
      const sameQuery = facet.loadedQuery === result.loadedQuery;
      const loaded = paging.pagesLoaded;
      const first = loaded[0];
      const last = loaded[loaded.length - 1];
      if (result.pagesLoaded && result.pagesLoaded.length > 0) {
        facet.entries.items = result.items;
        paging.pagesLoaded = [...result.pagesLoaded];
      } else if (
        facet.queryParams.loadMorePaging &&
        sameQuery &&
        first !== undefined &&
        last !== undefined &&
        !loaded.includes(result.pageIndex)
      ) {
        const seen = new Set(facet.entries.items.map((entry) => entry.sys?.id));
        const fresh = result.items.filter((entry) => !seen.has(entry.sys?.id));
        if (result.pageIndex > last) {
          facet.entries.items.push(...fresh);
          paging.pagesLoaded = [...loaded, result.pageIndex];
        } else {
          facet.entries.items.unshift(...fresh);
          paging.pagesLoaded = [result.pageIndex, ...loaded];
        }
      } else {
        facet.entries.items = result.items;
        paging.pagesLoaded = [result.pageIndex];
      }
      facet.entries.isLoading = false;
      facet.entries.isError = false;
      facet.entries.error = null;
      paging.isLoading = false;
      paging.pageCount = result.pageCount;
      paging.totalCount = result.totalCount;
      if (!facet.queryParams.internalPaging) paging.pageIndex = result.pageIndex;
      facet.queryDuration = result.duration;
      facet.loadedQuery = result.loadedQuery;
      facet.count = result.totalCount;
      if (result.featured !== undefined)
        facet.featuredEntries = {
          isLoading: false,
          isError: false,
          error: null,
          items: result.featured ?? [],
        };
      for (const [key, filter] of Object.entries(facet.filters)) {
        const buckets = result.aggregations?.[filterAggregationName(key)];
        if (!buckets) continue;
        filter.buckets = buckets;
        countItems(filter);
      }
      const tab = state.tabs.find((candidate) => candidate.id === facet.tabId);
      if (tab && result.context === 'facets') tab.totalCount = tabTotal(state, tab.id);
    },

    /** The search failed: the error state is set and loading ends. */
    searchFailed(state: SearchState, action: PayloadAction<FacetRef & { error: string }>) {
      const facet = facetIn(state, action.payload);
      if (!facet) return;
      facet.entries.isLoading = false;
      facet.entries.isError = true;
      facet.entries.error = action.payload.error;
      facet.pagingInfo.isLoading = false;
      facet.loadedQuery = null;
    },

    /** A search was superseded or not needed after all: loading ends, results stay. */
    searchSettled(state: SearchState, action: PayloadAction<FacetRef>) {
      const facet = facetIn(state, action.payload);
      if (!facet) return;
      facet.entries.isLoading = false;
      facet.pagingInfo.isLoading = false;
    },

    /** A filter's items are loading. */
    filterLoading(state: SearchState, action: PayloadAction<FacetRef & { filter: string }>) {
      const filter = facetIn(state, action.payload)?.filters[action.payload.filter];
      if (!filter) return;
      filter.isLoading = true;
      filter.isError = false;
      filter.error = null;
    },

    /** A filter's items arrived; selected keys stay selected. */
    filterLoaded(
      state: SearchState,
      action: PayloadAction<FacetRef & { filter: string; items: FilterItem[] }>,
    ) {
      const filter = facetIn(state, action.payload)?.filters[action.payload.filter];
      if (!filter) return;
      const selected = allSelected(filter.items);
      filter.items = action.payload.items.map((item) => ({ ...item }));
      applyValues(filter, selected);
      countItems(filter);
      filter.isLoading = false;
      filter.isError = false;
      filter.error = null;
    },

    /** A filter's items failed to load. */
    filterFailed(state: SearchState, action: PayloadAction<FacetRef & { filter: string; error: string }>) {
      const filter = facetIn(state, action.payload)?.filters[action.payload.filter];
      if (!filter) return;
      filter.isLoading = false;
      filter.isError = true;
      filter.error = action.payload.error;
    },

    /** Result counts of the facets (one request for all of them). */
    facetCountsLoaded(
      state: SearchState,
      action: PayloadAction<{ counts: Record<string, number>; query: string }>,
    ) {
      for (const [key, count] of Object.entries(action.payload.counts)) {
        const facet = state.facets[key];
        if (facet) facet.count = count;
      }
      state.countsQuery = action.payload.query;
      for (const tab of state.tabs) tab.totalCount = tabTotal(state, tab.id);
    },
  }),
);

/**
 * A tab's count: the largest count of its facets (a tab's facets usually overlap, as
 * "everything" holds "news").
 */
function tabTotal(state: SearchState, tabId: number): number | null {
  const counts = Object.values(state.facets)
    .filter((facet) => facet.tabId === tabId && facet.count !== null)
    .map((facet) => facet.count as number);
  return counts.length > 0 ? Math.max(...counts) : null;
}

/** The action creators of the search slice. */
export const searchActions = searchSlice.actions;

/**
 * The reducer of a configuration (its initial state holds the configured facets), for
 * `injectRedux`.
 *
 * @example
 * const injectRedux = () => ({ key: SEARCH_STATE_KEY, reducer: searchReducer(config) });
 */
export function searchReducer(config: SearchConfig): Reducer<SearchState> {
  const initial = initialSearchState(config);
  return (state = initial, action) => searchSlice.reducer(completeSearchState(state, initial), action);
}

/**
 * The state with any part it lacks taken from the configuration's initial state. A page
 * inlines only the parts of the search state it uses (a home page's minilist, not the
 * listings); the first search of another kind in the browser finds the rest here.
 */
function completeSearchState(state: SearchState, initial: SearchState): SearchState {
  if (isWholeSearchState(state)) return state;
  // A page inlines what it changed of the facets, listings and minilists it shows (see
  // `leanState`): laid over the initial state, that is the state the server had.
  return hydrationState(
    state as unknown as Record<string, unknown>,
    initial as unknown as Record<string, unknown>,
  ) as unknown as SearchState;
}
