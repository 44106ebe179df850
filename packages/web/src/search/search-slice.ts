import type { Entry } from '@canopy/client';
import type { PayloadAction, Reducer } from '@reduxjs/toolkit';
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
  /** The results match some of the term's words, not all (see `FacetState.someWords`). */
  someWords?: boolean;
  /** The term as the results spell it, when they matched only through corrections. */
  correction?: string | null;
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

/**
 * `value` with `changes` laid over it, or `value` itself when no member differs: the slice's
 * reducers return untouched parts as the same objects, which the memoised selectors and the
 * inline state (compared by identity, see `leanState`) rely on.
 */
function patch<T extends object>(value: T, changes: Partial<T>): T {
  for (const key of Object.keys(changes) as (keyof T)[]) {
    if (!Object.is(value[key], changes[key])) return { ...value, ...changes };
  }
  return value;
}

/** The list with `update` applied to each element, or the list itself when none changed. */
function mapList<T>(list: T[], update: (item: T) => T): T[] {
  let out: T[] | null = null;
  for (let index = 0; index < list.length; index++) {
    const item = list[index] as T;
    const next = update(item);
    if (next !== item) {
      out ??= list.slice();
      out[index] = next;
    }
  }
  return out ?? list;
}

/** The record with `update` applied to each value, or the record itself when none changed. */
function mapRecord<T>(record: Record<string, T>, update: (value: T, key: string) => T): Record<string, T> {
  let out: Record<string, T> | null = null;
  for (const [key, value] of Object.entries(record)) {
    const next = update(value, key);
    if (next !== value) {
      out ??= { ...record };
      out[key] = next;
    }
  }
  return out ?? record;
}

/** The state with one facet replaced by `update(facet)`; the state itself when it has no such facet or nothing changed. */
function withFacet(
  state: SearchState,
  ref: FacetRef,
  update: (facet: FacetState) => FacetState,
): SearchState {
  const facets = facetsIn(state, ref.context);
  const facet = Object.hasOwn(facets, ref.facet) ? facets[ref.facet] : undefined;
  if (!facet) return state;
  const next = update(facet);
  if (next === facet) return state;
  return { ...state, [CONTEXT_KEYS[ref.context]]: { ...facets, [ref.facet]: next } };
}

/** The state with every facet of a context passed through `update`. */
function withFacets(
  state: SearchState,
  context: SearchContext,
  update: (facet: FacetState, key: string) => FacetState,
): SearchState {
  const facets = facetsIn(state, context);
  const next = mapRecord(facets, update);
  return next === facets ? state : { ...state, [CONTEXT_KEYS[context]]: next };
}

/** The facet with one filter replaced by `update(filter)`. */
function withFilter(
  facet: FacetState,
  key: string,
  update: (filter: FilterState) => FilterState,
): FacetState {
  const filter = Object.hasOwn(facet.filters, key) ? facet.filters[key] : undefined;
  if (!filter) return facet;
  const next = update(filter);
  return next === filter ? facet : { ...facet, filters: { ...facet.filters, [key]: next } };
}

function withItems(filter: FilterState, items: FilterItem[]): FilterState {
  return items === filter.items ? filter : { ...filter, items };
}

function resetPaging(facet: FacetState): FacetState {
  const paging = facet.pagingInfo;
  const pagingInfo =
    paging.pagesLoaded.length === 0 && paging.pageIndex === 0
      ? paging
      : { ...paging, pagesLoaded: [], pageIndex: 0 };
  return patch(facet, { pagingInfo, queryDuration: 0 });
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

/** The items with `selected(item)` as their selection, children included. */
function selectItems(items: FilterItem[], selected: (item: FilterItem) => boolean): FilterItem[] {
  return mapList(items, (item) => {
    const children = item.children ? selectItems(item.children, selected) : undefined;
    const isSelected = selected(item);
    if (item.isSelected === isSelected && children === item.children) return item;
    return { ...item, isSelected, ...(children ? { children } : {}) };
  });
}

/** The items with `target` (found by identity, at any depth) replaced. */
function replaceItem(items: FilterItem[], target: FilterItem, replacement: FilterItem): FilterItem[] {
  return mapList(items, (item) => {
    if (item === target) return replacement;
    if (!item.children) return item;
    const children = replaceItem(item.children, target, replacement);
    return children === item.children ? item : { ...item, children };
  });
}

function collectKeys(items: readonly FilterItem[], into: Set<string>): Set<string> {
  for (const item of items) {
    into.add(item.key);
    if (item.children) collectKeys(item.children, into);
  }
  return into;
}

/**
 * Marks the items of a filter selected when their key is among `values`; values without an
 * item become selected items of their own, so the search can filter before the items load.
 * Says whether the selection changed.
 */
function applyValues(
  filter: FilterState,
  values: readonly string[],
): { filter: FilterState; changed: boolean } {
  const before = selectedKeys(filter).sort();
  const wanted = new Set(values);
  let items = selectItems(
    filter.items,
    (item) => wanted.has(item.key) || wanted.has(String(item.key).toLowerCase()),
  );
  const known = collectKeys(items, new Set());
  const added = values.filter((value) => !known.has(value)).map((key) => ({ key, isSelected: true }));
  if (added.length > 0) items = [...items, ...added];
  const next = withItems(filter, items);
  return { filter: next, changed: !sameList(before, [...allSelected(next.items)].sort()) };
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

function findItem(items: readonly FilterItem[], key: string): FilterItem | undefined {
  for (const item of items) {
    if (item.key === key) return item;
    const child = item.children ? findItem(item.children, key) : undefined;
    if (child) return child;
  }
  return undefined;
}

/** Every item of a filter with its count from the last search's buckets (0 when absent). */
function countItems(filter: FilterState): FilterState {
  const buckets = filter.buckets;
  if (!buckets) return filter;
  const count = (items: FilterItem[]): FilterItem[] =>
    mapList(items, (item) => {
      const aggregate = buckets[item.key] ?? buckets[item.key.toLowerCase()] ?? 0;
      const children = item.children ? count(item.children) : undefined;
      if (item.aggregate === aggregate && children === item.children) return item;
      return { ...item, aggregate, ...(children ? { children } : {}) };
    });
  return withItems(filter, count(filter.items));
}

/** The state with the tab holding `facetKey` pointing at it. */
function markTab(state: SearchState, facetKey: string): SearchState {
  const tabId = state.facets[facetKey]?.tabId;
  const tabs = mapList(state.tabs, (tab) =>
    tab.id === tabId ? patch(tab, { currentFacet: facetKey }) : tab,
  );
  return tabs === state.tabs ? state : { ...state, tabs };
}

/** The state with its tabs (or only the tab of `only`) counting what their facets count. */
function recountTabs(state: SearchState, only?: number | null): SearchState {
  const tabs = mapList(state.tabs, (tab) =>
    only === undefined || tab.id === only ? patch(tab, { totalCount: tabTotal(state, tab.id) }) : tab,
  );
  return tabs === state.tabs ? state : { ...state, tabs };
}

/** The selection of every filter of a facet set to `values(filter, key)`; says whether it changed. */
function applyAll(
  facet: FacetState,
  values: (filter: FilterState, key: string) => readonly string[],
): { facet: FacetState; changed: boolean } {
  let changed = false;
  const filters = mapRecord(facet.filters, (filter, key) => {
    const applied = applyValues(filter, values(filter, key));
    if (applied.changed) changed = true;
    return applied.filter;
  });
  return { facet: patch(facet, { filters }), changed };
}

/**
 * The search slice (website spec §4): route parameters, the visitor's changes (each also
 * becomes a new address), results, filter items and tab counts. Its case reducers return the
 * next state and keep what they do not change as the same objects; no Immer, so the search
 * code loads without it.
 */
export const searchSlice = plainSlice(SEARCH_STATE_KEY, initialSearchState({ facets: {} }), {
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
      /**
       * The route's base path in the page's language (`/chwilio` on a Welsh page), when it
       * differs from the configuration's: the page's links are built on it.
       */
      basePath?: string;
    }>,
  ): SearchState {
    const { context, route, basePath } = action.payload;
    let next = patch(state, { context, address: action.payload.address ?? null });
    if (context === 'facets' && basePath !== undefined && next.basePath !== basePath)
      next = patch(next, { basePath });
    const facets = facetsIn(next, context);
    const requested = action.payload.facet ?? route.facet;
    // Own keys only: an address naming `constructor` must not find Object's.
    const key = requested && Object.hasOwn(facets, requested) ? requested : Object.keys(facets)[0];
    if (!key) return next;
    if (context === 'facets') next = markTab(patch(next, { currentFacet: key }), key);
    else if (context === 'listings') next = patch(next, { currentListing: key });
    if (action.payload.isSsr) next = patch(next, { config: patch(next.config, { ssr: true }) });
    const current = facetsIn(next, context)[key] as FacetState;

    if (current.queryParams.useSearchTerm !== false && next.term !== route.term) {
      next = withFacets(patch(next, { term: route.term }), context, resetPaging);
    }
    const configLoaded = next.config.isLoaded;
    return withFacet(next, { context, facet: key }, (facet) => {
      const applied = applyAll(
        facet,
        (filter, filterKey) => route.filters[filterKey] ?? defaultValues(filter),
      );
      let out = applied.facet;
      if (context === 'listings' && basePath !== undefined && out.path !== basePath)
        out = { ...out, path: basePath };
      let filtersChanged = applied.changed;
      const orderBy =
        route.orderBy && (out.queryParams.dynamicOrderBy ?? []).includes(route.orderBy)
          ? route.orderBy
          : null;
      if (orderBy !== out.orderBy) {
        out = { ...out, orderBy };
        filtersChanged = true;
      }
      const pageSize = route.pageSize ?? out.queryParams.pageSize ?? out.pagingInfo.pageSize;
      if (pageSize !== out.pagingInfo.pageSize) {
        out = { ...out, pagingInfo: { ...out.pagingInfo, pageSize } };
        filtersChanged = true;
      }
      if (filtersChanged && configLoaded) out = resetPaging(out);
      if (out.pagingInfo.pageIndex !== route.pageIndex) {
        out = {
          ...out,
          pagingInfo: {
            ...out.pagingInfo,
            prevPageIndex: out.pagingInfo.pageIndex,
            pageIndex: route.pageIndex,
          },
        };
      }
      return out;
    });
  },

  /** A tab was chosen: its current facet, else its default, else its first becomes current. */
  tabSelected(state: SearchState, action: PayloadAction<{ tabId: number }>): SearchState {
    const key = facetOfTab(state, action.payload.tabId);
    if (!key) return state;
    return markTab(patch(state, { currentFacet: key }), key);
  },

  /** A facet was chosen. */
  facetSelected(state: SearchState, action: PayloadAction<{ facet: string }>): SearchState {
    if (!Object.hasOwn(state.facets, action.payload.facet)) return state;
    return markTab(patch(state, { currentFacet: action.payload.facet }), action.payload.facet);
  },

  /**
   * A minilist's values for the page that shows it (e.g. the subject of the course page
   * listing related courses): they select the minilist's filter items, and a changed
   * selection starts its paging again. The search page's context is left alone.
   */
  minilistApplied(
    state: SearchState,
    action: PayloadAction<{ minilist: string; filters: Readonly<Record<string, readonly string[]>> }>,
  ): SearchState {
    const { minilist, filters } = action.payload;
    return withFacet(state, { context: 'minilist', facet: minilist }, (facet) => {
      const applied = applyAll(facet, (filter, key) => filters[key] ?? defaultValues(filter));
      return applied.changed ? resetPaging(applied.facet) : applied.facet;
    });
  },

  /** The term changed: paging of every facet in the context starts again. */
  termChanged(state: SearchState, action: PayloadAction<{ term: string }>): SearchState {
    if (state.term === action.payload.term) return state;
    return withFacets({ ...state, term: action.payload.term }, state.context, resetPaging);
  },

  /**
   * A filter item was toggled: it flips; a single-select filter deselects the others; a
   * grouped filter clears the other facets' filters; paging starts again.
   */
  filterItemToggled(
    state: SearchState,
    action: PayloadAction<FacetRef & { filter: string; key: string }>,
  ): SearchState {
    const { filter: filterKey, key } = action.payload;
    const facet = facetIn(state, action.payload);
    const filter = facet && Object.hasOwn(facet.filters, filterKey) ? facet.filters[filterKey] : undefined;
    if (!filter) return state;
    const selected = !(findItem(filter.items, key)?.isSelected ?? false);
    let items = filter.isSingleSelect ? selectItems(filter.items, () => false) : filter.items;
    const target = findItem(items, key);
    items = target
      ? replaceItem(items, target, { ...target, isSelected: selected })
      : [...items, { key, isSelected: true }];
    let toggled = withItems(filter, items);
    if (allSelected(toggled.items).length === 0)
      toggled = applyValues(toggled, defaultValues(toggled)).filter;
    let next = withFacet(state, action.payload, (facet) =>
      resetPaging(withFilter(facet, filterKey, () => toggled)),
    );
    if (filter.isGrouped) {
      next = withFacets(next, action.payload.context, (other, otherKey) => {
        if (otherKey === action.payload.facet) return other;
        const filters = mapRecord(other.filters, (otherFilter) =>
          withItems(
            otherFilter,
            selectItems(otherFilter.items, () => false),
          ),
        );
        return resetPaging(patch(other, { filters }));
      });
    }
    return next;
  },

  /** Deselects every item of one filter, or of every filter of the facet. */
  filtersCleared(state: SearchState, action: PayloadAction<FacetRef & { filter?: string }>): SearchState {
    const { filter } = action.payload;
    return withFacet(state, action.payload, (facet) => {
      const filters = mapRecord(facet.filters, (value, key) =>
        !filter || key === filter ? applyValues(value, defaultValues(value)).filter : value,
      );
      return resetPaging(patch(facet, { filters }));
    });
  },

  /** Another page: the previous index is kept, paging loads, the duration resets unless paging is internal. */
  pageChanged(state: SearchState, action: PayloadAction<FacetRef & { pageIndex: number }>): SearchState {
    return withFacet(state, action.payload, (facet) =>
      patch(facet, {
        pagingInfo: patch(facet.pagingInfo, {
          prevPageIndex: facet.pagingInfo.pageIndex,
          pageIndex: Math.max(0, Math.floor(action.payload.pageIndex)),
          isLoading: true,
        }),
        queryDuration: facet.queryParams.internalPaging ? facet.queryDuration : 0,
      }),
    );
  },

  /** Another page size: back to the first page. */
  pageSizeChanged(state: SearchState, action: PayloadAction<FacetRef & { pageSize: number }>): SearchState {
    const { pageSize } = action.payload;
    if (!(pageSize > 0)) return state;
    return withFacet(state, action.payload, (facet) =>
      resetPaging(patch(facet, { pagingInfo: patch(facet.pagingInfo, { pageSize }) })),
    );
  },

  /** Another sort order (one of the facet's `dynamicOrderBy`, or `null`): paging starts again. */
  sortChanged(state: SearchState, action: PayloadAction<FacetRef & { orderBy: string | null }>): SearchState {
    const { orderBy } = action.payload;
    return withFacet(state, action.payload, (facet) =>
      resetPaging(
        patch(facet, {
          orderBy: orderBy && (facet.queryParams.dynamicOrderBy ?? []).includes(orderBy) ? orderBy : null,
        }),
      ),
    );
  },

  /** A search of the facet started. */
  searchStarted(state: SearchState, action: PayloadAction<FacetRef>): SearchState {
    return withFacet(state, action.payload, (facet) =>
      patch(facet, {
        entries: patch(facet.entries, { isLoading: true, isError: false, error: null }),
        pagingInfo: patch(facet.pagingInfo, { isLoading: true }),
      }),
    );
  },

  /**
   * Results arrived. With load-more paging a page next to the loaded ones is appended
   * (or prepended) without repeating an entry; otherwise the page replaces the results.
   * Filter items get their counts from the search's aggregations.
   */
  searchLoaded(state: SearchState, action: PayloadAction<SearchResultPayload>): SearchState {
    const result = action.payload;
    const next = withFacet(state, result, (facet) => {
      const paging = facet.pagingInfo;
      const sameQuery = facet.loadedQuery === result.loadedQuery;
      const loaded = paging.pagesLoaded;
      const first = loaded[0];
      const last = loaded[loaded.length - 1];
      let items: Entry[];
      let pagesLoaded: number[];
      if (result.pagesLoaded && result.pagesLoaded.length > 0) {
        items = result.items;
        pagesLoaded = [...result.pagesLoaded];
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
          items = [...facet.entries.items, ...fresh];
          pagesLoaded = [...loaded, result.pageIndex];
        } else {
          items = [...fresh, ...facet.entries.items];
          pagesLoaded = [result.pageIndex, ...loaded];
        }
      } else {
        items = result.items;
        pagesLoaded = [result.pageIndex];
      }
      const filters = mapRecord(facet.filters, (filter, key) => {
        const buckets = result.aggregations?.[filterAggregationName(key)];
        return buckets ? countItems({ ...filter, buckets }) : filter;
      });
      return {
        ...facet,
        entries: { isLoading: false, isError: false, error: null, items },
        pagingInfo: {
          ...paging,
          isLoading: false,
          pagesLoaded,
          pageCount: result.pageCount,
          totalCount: result.totalCount,
          pageIndex: facet.queryParams.internalPaging ? paging.pageIndex : result.pageIndex,
        },
        queryDuration: result.duration,
        loadedQuery: result.loadedQuery,
        count: result.totalCount,
        someWords: result.someWords ?? false,
        correction: result.correction ?? null,
        ...(result.featured !== undefined
          ? {
              featuredEntries: {
                isLoading: false,
                isError: false,
                error: null,
                items: result.featured ?? [],
              },
            }
          : {}),
        filters,
      };
    });
    if (next === state || result.context !== 'facets') return next;
    return recountTabs(next, facetIn(next, result)?.tabId ?? null);
  },

  /** The search failed: the error state is set and loading ends. */
  searchFailed(state: SearchState, action: PayloadAction<FacetRef & { error: string }>): SearchState {
    return withFacet(state, action.payload, (facet) =>
      patch(facet, {
        entries: patch(facet.entries, { isLoading: false, isError: true, error: action.payload.error }),
        pagingInfo: patch(facet.pagingInfo, { isLoading: false }),
        loadedQuery: null,
      }),
    );
  },

  /** A search was superseded or not needed after all: loading ends, results stay. */
  searchSettled(state: SearchState, action: PayloadAction<FacetRef>): SearchState {
    return withFacet(state, action.payload, (facet) =>
      patch(facet, {
        entries: patch(facet.entries, { isLoading: false }),
        pagingInfo: patch(facet.pagingInfo, { isLoading: false }),
      }),
    );
  },

  /** A filter's items are loading. */
  filterLoading(state: SearchState, action: PayloadAction<FacetRef & { filter: string }>): SearchState {
    return withFacet(state, action.payload, (facet) =>
      withFilter(facet, action.payload.filter, (filter) =>
        patch(filter, { isLoading: true, isError: false, error: null }),
      ),
    );
  },

  /** A filter's items arrived; selected keys stay selected. */
  filterLoaded(
    state: SearchState,
    action: PayloadAction<FacetRef & { filter: string; items: FilterItem[] }>,
  ): SearchState {
    return withFacet(state, action.payload, (facet) =>
      withFilter(facet, action.payload.filter, (filter) => {
        const selected = allSelected(filter.items);
        const loaded = applyValues({ ...filter, items: action.payload.items }, selected).filter;
        return { ...countItems(loaded), isLoading: false, isError: false, error: null };
      }),
    );
  },

  /** A filter's items failed to load. */
  filterFailed(
    state: SearchState,
    action: PayloadAction<FacetRef & { filter: string; error: string }>,
  ): SearchState {
    return withFacet(state, action.payload, (facet) =>
      withFilter(facet, action.payload.filter, (filter) =>
        patch(filter, { isLoading: false, isError: true, error: action.payload.error }),
      ),
    );
  },

  /**
   * Result counts of the facets and of filter items with their own where clause (see
   * `loadFacetCounts`), with the keys they were counted for.
   */
  facetCountsLoaded(
    state: SearchState,
    action: PayloadAction<{
      counts: Record<string, number>;
      query: string;
      /** Counts by facet, filter and item key. */
      items?: Record<string, Record<string, Record<string, number>>>;
      keys?: Record<string, string>;
    }>,
  ): SearchState {
    const { counts, query, items = {}, keys } = action.payload;
    const facets = mapRecord(state.facets, (facet, key) => {
      const counted = Object.hasOwn(counts, key) ? patch(facet, { count: counts[key] as number }) : facet;
      const byFilter = Object.hasOwn(items, key) ? items[key] : undefined;
      if (!byFilter) return counted;
      const filters = mapRecord(counted.filters, (filter, filterKey) => {
        const byItem = Object.hasOwn(byFilter, filterKey) ? byFilter[filterKey] : undefined;
        if (!byItem) return filter;
        return withItems(
          filter,
          mapList(filter.items, (item) =>
            Object.hasOwn(byItem, item.key) ? patch(item, { aggregate: byItem[item.key] as number }) : item,
          ),
        );
      });
      return patch(counted, { filters });
    });
    const countKeys = keys ? { ...state.countKeys, ...keys } : state.countKeys;
    return recountTabs(patch(state, { facets, countsQuery: query, countKeys }));
  },
});

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

// Loaded with the slice: the browser puts back the compact parts of a page's inline search state.
export { restoreInlineSearch } from './inline-search-restore.js';
