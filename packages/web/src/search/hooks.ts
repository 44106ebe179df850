import type { Entry } from '@canopy/client';
import { createAction } from '@reduxjs/toolkit';
import { useCallback, useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSiteDispatch, useSiteSelector, useSiteStore } from '../state/hooks.js';
import { listenerReady } from '../state/listener-middleware.js';
import { selectVersionStatus } from '../state/selectors.js';
import { SEARCH_DEBOUNCE_MS } from './constants.js';
import { type FacetRef, facetIn, searchActions } from './search-slice.js';
import type { FacetState, SearchState } from './search-state.js';
import {
  basePathOf,
  currentRef,
  type FacetLink,
  resultsOutdated,
  searchHref,
  selectFacetLinks,
  selectSearch,
  selectTabLinks,
  type TabLink,
  visibleEntries,
} from './selectors.js';
import { isUnderBasePath, type SearchRoute } from './url-codec.js';

/** Typed into the search box; a listener turns the last one in 500 ms into a new address. */
export const searchTermTyped = createAction<{ term: string }>('search/termTyped');

/** Navigation state that keeps the scroll position (the route listener reads it). */
export const KEEP_SCROLL = { preventScrollTop: true } as const;

/** What the search hooks give a component. */
export interface SearchView {
  /** The facet (or listing) key. */
  key: string;
  facet: FacetState;
  term: string;
  /** The entries of the page shown. */
  results: Entry[];
  featured: Entry[];
  isLoading: boolean;
  isError: boolean;
  /** The address of the facet with a change applied (links that work without JavaScript). */
  hrefFor(change?: Partial<SearchRoute>): string;
  /** The form's action: the facet's address without query. */
  formAction: string;
  /** Base path of the facet's addresses. */
  basePath: string;
  /** Id of the search form; filters and sort outside it join it with the `form` attribute. */
  formId: string;
  toggleFilter(filter: string, item: string): void;
  clearFilters(filter?: string): void;
  goToPage(pageIndex: number, options?: { hash?: string }): void;
  setPageSize(pageSize: number): void;
  setSort(orderBy: string | null): void;
  /** Searches for a term now (a submitted form). */
  setTerm(term: string): void;
  /** Searches for a term after the visitor stops typing (500 ms). */
  typeTerm(term: string): void;
}

function useSearchSlice(): SearchState | undefined {
  return useSiteSelector(selectSearch);
}

/**
 * The view of one facet: its results and the actions a visitor takes. Every action updates
 * the state and then moves to the address that describes it (the route loader searches), so
 * the address, back and forward, and a page loaded cold always agree.
 */
function useSearchView(ref: FacetRef | null): SearchView | null {
  const search = useSearchSlice();
  const store = useSiteStore();
  const dispatch = useSiteDispatch();
  const navigate = useNavigate();

  const refKey = ref ? `${ref.context}/${ref.facet}` : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ref is compared by its key
  const stableRef = useMemo(() => ref, [refKey]);

  const go = useCallback(
    (change: Partial<SearchRoute> = {}, replace = false) => {
      const state = selectSearch(store.getState());
      if (!state || !stableRef) return;
      const hash = change.hash ?? '';
      navigate(searchHref(state, stableRef, { ...change, hash }), {
        replace,
        state: hash ? null : KEEP_SCROLL,
      });
    },
    [navigate, store, stableRef],
  );

  const versionStatus = useSiteSelector(selectVersionStatus);
  const { pathname, search: query } = useLocation();
  const facet = search && stableRef ? facetIn(search, stableRef) : undefined;
  return useMemo(() => {
    if (!search || !stableRef || !facet) return null;
    const ref = stableRef;
    const basePath = basePathOf(search, ref);
    // A change the route has not searched for yet (the address moved, its loader is on the
    // way): the results on screen are the old ones, so they show as loading, not as the
    // answer to the new term or filters.
    // A failed search keeps its error on screen until the next one starts.
    // After Back or Forward the address moves first and the route's state follows it a moment
    // later: until then the results are the previous address's, so they show as loading too.
    // Only for an address of this view's own route: a listing's page is its path alone (a
    // course card on /courses leads to /courses/…, another page, while the listing stays).
    const ownRoute =
      ref.context === 'facets'
        ? isUnderBasePath(pathname, basePath)
        : ref.context === 'listings' && pathname === basePath;
    const addressAhead = ownRoute && search.address !== null && search.address !== `${pathname}${query}`;
    const outdated =
      !facet.entries.isLoading &&
      !facet.entries.isError &&
      (addressAhead || resultsOutdated(search, ref, versionStatus));
    return {
      key: ref.facet,
      facet,
      term: search.term,
      results: visibleEntries(facet),
      // Featured results lead the first page only.
      featured: facet.pagingInfo.pageIndex === 0 ? facet.featuredEntries.items : [],
      isLoading: facet.entries.isLoading || outdated,
      isError: facet.entries.isError,
      hrefFor: (change = {}) => searchHref(search, ref, change),
      formAction: searchHref(search, ref, {
        term: '',
        orderBy: null,
        pageIndex: 0,
        pageSize: null,
        filters: {},
      }),
      basePath,
      formId: `search-form-${ref.context}`,
      toggleFilter: (filter, item) => {
        dispatch(searchActions.filterItemToggled({ ...ref, filter, key: item }));
        go();
      },
      clearFilters: (filter) => {
        dispatch(searchActions.filtersCleared({ ...ref, filter }));
        go();
      },
      goToPage: (pageIndex, options = {}) => {
        dispatch(searchActions.pageChanged({ ...ref, pageIndex }));
        go({ hash: options.hash ?? '' });
      },
      setPageSize: (pageSize) => {
        dispatch(searchActions.pageSizeChanged({ ...ref, pageSize }));
        go();
      },
      setSort: (orderBy) => {
        dispatch(searchActions.sortChanged({ ...ref, orderBy }));
        go();
      },
      setTerm: (term) => {
        dispatch(searchActions.termChanged({ term: term.trim() }));
        go();
      },
      typeTerm: (term) => {
        dispatch(searchTermTyped({ term }));
      },
    } satisfies SearchView;
  }, [search, stableRef, facet, versionStatus, pathname, query, dispatch, go]);
}

/**
 * Listens for typed terms while mounted: after 500 ms without typing the term is applied and
 * the address follows (listener middleware, so a newer keystroke cancels the older wait).
 */
function useTypedTermListener(ref: FacetRef | null): void {
  const store = useSiteStore();
  const navigate = useNavigate();
  const refKey = ref ? `${ref.context}/${ref.facet}` : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ref is compared by its key
  useEffect(() => {
    if (!ref) return;
    // The listener's code comes with this chunk, so typing is heard from the first keystroke.
    return listenerReady(store.listener).startListening({
      actionCreator: searchTermTyped,
      effect: async (action, api) => {
        api.cancelActiveListeners();
        await api.delay(SEARCH_DEBOUNCE_MS);
        const term = action.payload.term.trim();
        const state = selectSearch(api.getState());
        if (!state || state.term === term) return;
        api.dispatch(searchActions.termChanged({ term }));
        const next = selectSearch(api.getState());
        if (next) navigate(searchHref(next, ref), { state: KEEP_SCROLL });
      },
    });
  }, [refKey, store, navigate]);
}

/** The search page: the current facet, the facet links and tabs. */
export interface FacetsView extends SearchView {
  facets: FacetLink[];
  tabs: TabLink[];
}

/**
 * The search page's hook: the current facet's results, filters, paging and actions, plus
 * the facets and tabs with their counts. `null` outside a search route.
 *
 * @example
 * const search = useFacets();
 * if (!search) return null;
 * return <p>{search.facet.pagingInfo.totalCount} results</p>;
 */
export function useFacets(): FacetsView | null {
  const search = useSearchSlice();
  const ref = search && search.context === 'facets' ? currentRef(search) : null;
  useTypedTermListener(ref);
  const view = useSearchView(ref);
  const facets = useSiteSelector(selectFacetLinks);
  const tabs = useSiteSelector(selectTabLinks);
  return useMemo(() => (view ? { ...view, facets, tabs } : null), [view, facets, tabs]);
}

/**
 * A listing page's hook (`listingRoute`): its entries, paging and actions.
 *
 * @example
 * const listing = useListing();
 * listing?.results.map((entry) => <Card key={entry.sys.id} entry={entry} />);
 */
export function useListing(): SearchView | null {
  const search = useSearchSlice();
  const ref = search && search.context === 'listings' ? currentRef(search) : null;
  useTypedTermListener(ref);
  return useSearchView(ref);
}
