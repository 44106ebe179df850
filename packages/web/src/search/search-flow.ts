import {
  type Client,
  type Entry,
  Op,
  OrderBy,
  type PagedSearchList,
  Query,
  type TaxonomyNode,
} from '@canopy/client';
import type { SiteServices } from '../state/services.js';
import type { SiteThunk } from '../state/store-types.js';
import type { FilterItem } from './config.js';
import { FILTER_PAGE_SIZE, SEARCH_ERROR_MESSAGES, TAXONOMY_CHILD_DEPTH } from './constants.js';
import { countTargets, itemCountId, type KeyedTarget } from './count-targets.js';
import { didYouMean, resultTexts } from './did-you-mean.js';
import { planCounts } from './facet-counts.js';
import { filterSelections, selectedItems } from './filter-selections.js';
import { buildFeaturedQuery, buildSearchQuery, type SearchQueryInput } from './query-builder.js';
import {
  type FacetRef,
  facetIn,
  facetsIn,
  loadedQueryOf,
  type SearchResultPayload,
  searchActions,
} from './search-slice.js';
import { type FacetState, SEARCH_STATE_KEY, type SearchState } from './search-state.js';
import { resultsOutdated } from './selectors.js';
import { hasSeveralWords } from './term.js';

/** What every search call needs besides the store. */
export interface SearchCallContext {
  /** The delivery client of the page (its calls count for the page's surrogate keys). */
  client: Client;
  versionStatus: 'published' | 'latest';
  language?: string | null;
  signal?: AbortSignal;
}

/** The search slice of a store's state (absent until the search reducer is injected). */
export function searchStateOf(state: Record<string, unknown>): SearchState | undefined {
  return state[SEARCH_STATE_KEY] as SearchState | undefined;
}

/** Per store: the latest search of each facet, so only it may settle the facet. */
const searchSequences = new WeakMap<object, Map<string, number>>();
/** Per store (so per page session in the browser): taxonomy nodes by path. */
const taxonomyCaches = new WeakMap<object, Map<string, Promise<TaxonomyNode | null>>>();

function nextSequence(services: SiteServices, ref: FacetRef): () => boolean {
  let sequences = searchSequences.get(services);
  if (!sequences) {
    sequences = new Map();
    searchSequences.set(services, sequences);
  }
  const id = `${ref.context}/${ref.facet}`;
  const sequence = (sequences.get(id) ?? 0) + 1;
  sequences.set(id, sequence);
  return () => sequences.get(id) === sequence;
}

function isAbort(error: unknown, signal?: AbortSignal): boolean {
  return Boolean(signal?.aborted) || (error instanceof Error && error.name === 'AbortError');
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export { filterSelections };

/** The order a selected filter item asks for (`FilterItem.orderBy`), if any. */
function selectedItemOrder(facet: FacetState): string | null {
  for (const filter of Object.values(facet.filters)) {
    const ordered = selectedItems(filter.items).find((item) => item.orderBy);
    if (ordered?.orderBy) return ordered.orderBy;
  }
  return null;
}

/** The query-builder input of a facet in the current state. */
export function searchInputOf(
  state: SearchState,
  ref: FacetRef,
  call: Omit<SearchCallContext, 'client'>,
): SearchQueryInput | null {
  const facet = facetIn(state, ref);
  if (!facet) return null;
  return {
    queryParams: facet.queryParams,
    term: facet.queryParams.useSearchTerm === false ? '' : state.term,
    filters: filterSelections(facet),
    pageIndex: facet.pagingInfo.pageIndex,
    pageSize: facet.pagingInfo.pageSize,
    orderBy: facet.orderBy ?? selectedItemOrder(facet) ?? facet.queryParams.dynamicOrderBy?.[0] ?? null,
    versionStatus: call.versionStatus,
    language: call.language,
  };
}

/**
 * Whether a facet needs a search now (website spec §4): never searched, a different term,
 * filters, sort or page size than the loaded results, a page not loaded yet, or an earlier
 * error. With internal paging every page is already loaded.
 */
export function needsSearch(state: SearchState, ref: FacetRef, versionStatus: string): boolean {
  const facet = facetIn(state, ref);
  if (!facet) return false;
  return facet.entries.isError || resultsOutdated(state, ref, versionStatus);
}

/**
 * A search that found nothing with all of its term's words, held back from the state (the
 * facet stays loading) for {@link ensureSearch} to decide, once the tab counts are known,
 * whether to search again with any word.
 */
export interface HeldSearch {
  ref: FacetRef;
  /** The answer of all the words: what the facet shows if nothing better comes. */
  payload: SearchResultPayload;
  input: SearchQueryInput;
  /** Whether no newer search of the facet has started since. */
  isLatest: () => boolean;
  started: number;
}

/** Options of {@link executeSearch}. */
export interface ExecuteSearchOptions {
  /**
   * Return a search of several words that found nothing as a {@link HeldSearch} instead of
   * storing it, so the caller can search again with any word (see {@link ensureSearch}).
   */
  holdEmpty?: boolean;
}

/** The "did you mean" of a facet's results for the term they were searched with. */
function correctionOf(facet: FacetState, input: SearchQueryInput, items: readonly Entry[]): string | null {
  if (!input.term) return null;
  const fields = (facet.queryParams.weightedSearchFields ?? []).map((field) => field.fieldId);
  return didYouMean(input.term, resultTexts(items, fields));
}

/**
 * Runs the facet's search when {@link needsSearch} says so, with its featured results on the
 * first page; stores the results or the error state (loading always ends, except for a search
 * held back by `holdEmpty`, which it returns). A facet whose loaded results matched some of
 * the term's words goes on matching any word for its other pages and sorts.
 */
export function executeSearch(
  ref: FacetRef,
  call: SearchCallContext,
  options: ExecuteSearchOptions = {},
): SiteThunk<Promise<HeldSearch | null>> {
  return async (dispatch, getState, services) => {
    const state = searchStateOf(getState());
    if (!state) return null;
    const facet = facetIn(state, ref);
    if (!facet) return null;
    if (!needsSearch(state, ref, call.versionStatus)) {
      // A page change of internal paging, or a return to what is loaded: nothing to wait for.
      if (facet.entries.isLoading || facet.pagingInfo.isLoading) dispatch(searchActions.searchSettled(ref));
      return null;
    }
    const searched = searchInputOf(state, ref, call);
    if (!searched) return null;
    const loadedQuery = loadedQueryOf(state, ref, call.versionStatus);
    const someWords = Boolean(facet.someWords) && facet.loadedQuery === loadedQuery && !facet.customApi;
    const input = someWords ? someWordsInput(searched) : searched;
    const span = loadMoreSpan(facet, loadedQuery);
    const isLatest = nextSequence(services, ref);
    dispatch(searchActions.searchStarted(ref));
    const started = Date.now();
    try {
      const result = facet.customApi
        ? await customApiSearch(facet, input, call)
        : span
          ? await spanSearch(facet, input, call, span)
          : await platformSearch(facet, input, call);
      if (!isLatest()) return null;
      // The server leaves the duration out: in the page's state it would make every answer of
      // the same page differ (no ETag match, no 304, no shared copy).
      const duration = services.isServer ? 0 : Date.now() - started;
      const correction = correctionOf(facet, input, result.items);
      const payload = { ...ref, ...result, duration, loadedQuery, someWords, correction };
      if (options.holdEmpty && !someWords && mayMatchSomeWords(facet, input, result.totalCount))
        return { ref, payload, input, isLatest, started };
      dispatch(searchActions.searchLoaded(payload));
    } catch (error) {
      if (!isLatest()) return null;
      if (isAbort(error, call.signal)) {
        dispatch(searchActions.searchSettled(ref));
        return null;
      }
      services.logger.error(SEARCH_ERROR_MESSAGES.executeSearch, {
        facet: ref.facet,
        error: describe(error),
      });
      // The page shows a message instead of the results: when the platform is to blame, the
      // server must not cache that as the page (a visitor's refused query is no outage).
      services.outages?.report(`search ${ref.context}/${ref.facet}`, error);
      dispatch(searchActions.searchFailed({ ...ref, error: describe(error) }));
    }
    return null;
  };
}

/** The input of a search with any of the term's words, without featured results. */
function someWordsInput(input: SearchQueryInput): SearchQueryInput {
  // Featured results are for entries that match well, which a match of some words is not.
  return { ...input, anyWord: true, queryParams: { ...input.queryParams, featuredResults: undefined } };
}

/** Whether a platform search that found `totalCount` could find more with any word. */
function mayMatchSomeWords(facet: FacetState, input: SearchQueryInput, totalCount: number): boolean {
  return totalCount === 0 && !facet.customApi && !input.anyWord && hasSeveralWords(input.term);
}

/**
 * Whether a facet that found nothing for all of the term's words should search again with any
 * of them (issue 25, no dead ends): not when another facet of the search page has results for
 * all of them, since the page points there ("No courses match … — 11 results in Everything").
 *
 * @example
 * searchSomeWordsWanted(search, { context: 'facets', facet: 'all' }); // true when no facet has a count
 */
export function searchSomeWordsWanted(state: SearchState, ref: FacetRef): boolean {
  if (ref.context !== 'facets') return true;
  return !Object.entries(state.facets).some(([key, facet]) => key !== ref.facet && (facet.count ?? 0) > 0);
}

/**
 * Settles a {@link HeldSearch}: when {@link searchSomeWordsWanted}, one more search with any
 * of the term's words (ranked by the platform: more and better matched words first), whose
 * results the facet shows marked `someWords`; otherwise, or when that finds nothing or fails,
 * the answer of all the words.
 */
export function settleHeldSearch(held: HeldSearch, call: SearchCallContext): SiteThunk<Promise<void>> {
  return async (dispatch, getState, services) => {
    if (!held.isLatest()) return;
    const state = searchStateOf(getState());
    const facet = state ? facetIn(state, held.ref) : undefined;
    if (!state || !facet || !searchSomeWordsWanted(state, held.ref)) {
      dispatch(searchActions.searchLoaded(held.payload));
      return;
    }
    try {
      const input = someWordsInput(held.input);
      const result = await platformSearch(facet, input, call);
      if (!held.isLatest()) return;
      if (result.totalCount === 0) {
        dispatch(searchActions.searchLoaded(held.payload));
        return;
      }
      const duration = services.isServer ? 0 : Date.now() - held.started;
      dispatch(
        searchActions.searchLoaded({
          ...held.payload,
          ...result,
          featured: held.payload.featured === undefined ? undefined : [],
          duration,
          someWords: true,
          correction: correctionOf(facet, input, result.items),
        }),
      );
    } catch (error) {
      if (!held.isLatest()) return;
      if (!isAbort(error, call.signal)) {
        // The answer of all the words stands: nothing matches them, which is true.
        services.logger.warn(SEARCH_ERROR_MESSAGES.executeSearch, {
          facet: held.ref.facet,
          someWords: true,
          error: describe(error),
        });
      }
      dispatch(searchActions.searchLoaded(held.payload));
    }
  };
}

type SearchAnswer = Omit<SearchResultPayload, keyof FacetRef | 'duration' | 'loadedQuery'>;

/** Most entries one load-more search fetches to show every page up to the requested one. */
export const MAX_LOAD_MORE_SPAN = 240;

/**
 * The pages a load-more facet fetches at once: every page from the first up to the
 * requested one, when the page before it is not shown already (a listing opened at, or
 * reached by a link to, a later page) and they fit in {@link MAX_LOAD_MORE_SPAN} entries.
 * `null` means one page as usual: the first, the next after those shown, or one too deep.
 *
 * @example
 * loadMoreSpan(facet, loadedQuery); // { pageIndex: 3, pageSize: 12 } → pages 0–3 in one query of 48
 */
export function loadMoreSpan(
  facet: Pick<FacetState, 'queryParams' | 'pagingInfo' | 'loadedQuery'>,
  loadedQuery: string,
): { pageIndex: number; pageSize: number } | null {
  const { queryParams, pagingInfo } = facet;
  if (!queryParams.loadMorePaging || queryParams.internalPaging) return null;
  const { pageIndex, pageSize } = pagingInfo;
  if (pageIndex <= 0 || pageSize <= 0) return null;
  const sameQuery = facet.loadedQuery === loadedQuery;
  if (sameQuery && pagingInfo.pagesLoaded.includes(pageIndex - 1)) return null;
  if ((pageIndex + 1) * pageSize > MAX_LOAD_MORE_SPAN) return null;
  return { pageIndex, pageSize };
}

/** Pages 0 to `span.pageIndex` of a load-more facet in one query. */
async function spanSearch(
  facet: FacetState,
  input: SearchQueryInput,
  call: SearchCallContext,
  span: { pageIndex: number; pageSize: number },
): Promise<SearchAnswer> {
  const count = span.pageIndex + 1;
  // Featured results lead the first page only, which this is not.
  const queryParams = { ...input.queryParams, featuredResults: undefined };
  const answer = await platformSearch(
    facet,
    { ...input, queryParams, pageIndex: 0, pageSize: count * span.pageSize },
    call,
  );
  return {
    ...answer,
    pageIndex: span.pageIndex,
    pageSize: span.pageSize,
    pageCount: Math.ceil(answer.totalCount / span.pageSize),
    pagesLoaded: Array.from({ length: count }, (_, page) => page),
    featured: undefined,
  };
}

async function platformSearch(
  facet: FacetState,
  input: SearchQueryInput,
  call: SearchCallContext,
): Promise<SearchAnswer> {
  const options = { signal: call.signal };
  const linkDepth = facet.queryParams.linkDepth ?? 0;
  const featuredQuery = (input.pageIndex ?? 0) === 0 ? buildFeaturedQuery(input) : null;
  const [answer, featured] = await Promise.all([
    call.client.entries.search(buildSearchQuery(input), linkDepth, options),
    featuredQuery ? call.client.entries.search(featuredQuery, linkDepth, options) : Promise.resolve(null),
  ]);
  if (!answer) throw new Error(SEARCH_ERROR_MESSAGES.noPayload);
  return {
    items: answer.items,
    pageIndex: facet.queryParams.internalPaging ? (input.pageIndex ?? 0) : answer.pageIndex,
    pageSize: answer.pageSize,
    pageCount: facet.queryParams.internalPaging
      ? Math.ceil(answer.items.length / Math.max(1, input.pageSize ?? 1))
      : answer.pageCount,
    totalCount: answer.totalCount,
    aggregations: answer.aggregations,
    featured: featuredQuery ? (featured?.items ?? []) : undefined,
  };
}

/**
 * The request of a custom API facet (website spec §7): fieldLinkDepths and fields as JSON,
 * orderBy, linkDepth, pageSize, pageIndex, term, versionStatus and the selected filters.
 *
 * @example
 * customApiUrl({ uri: '/api/people' }, input, 'https://site.example');
 */
export function customApiUrl(
  customApi: { uri?: string } | null,
  input: SearchQueryInput,
  origin?: string,
): string {
  if (!customApi?.uri) throw new Error(SEARCH_ERROR_MESSAGES.customApiUri);
  const url = new URL(customApi.uri, origin ?? 'http://localhost');
  const params = input.queryParams;
  const set = (key: string, value: string | number | undefined | null) => {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  };
  set('fieldLinkDepths', JSON.stringify(params.fieldLinkDepths ?? {}));
  set('fields', JSON.stringify(params.fields ?? []));
  set('orderBy', input.orderBy ?? (params.orderBy ?? []).join(','));
  set('linkDepth', params.linkDepth ?? 0);
  set('pageSize', input.pageSize ?? params.pageSize);
  set('pageIndex', input.pageIndex ?? 0);
  set('term', input.term);
  set('versionStatus', params.versionStatus ?? input.versionStatus);
  for (const [key, filter] of Object.entries(input.filters ?? {})) {
    if (filter.values.length > 0) set(key, filter.values.join(','));
  }
  return origin || /^https?:/.test(customApi.uri) ? url.toString() : `${url.pathname}${url.search}`;
}

async function customApiSearch(
  facet: FacetState,
  input: SearchQueryInput,
  call: SearchCallContext,
): Promise<SearchAnswer> {
  const origin = typeof window === 'undefined' ? undefined : window.location.origin;
  const response = await fetch(customApiUrl(facet.customApi, input, origin), {
    headers: { Accept: 'application/json' },
    signal: call.signal,
  });
  if (!response.ok) throw new Error(`Custom API ${response.status} ${response.statusText}`);
  const body = (await response.json()) as Partial<PagedSearchList<Entry>> | null;
  if (!body || !Array.isArray(body.items)) throw new Error(SEARCH_ERROR_MESSAGES.noPayload);
  const pageSize = body.pageSize ?? input.pageSize ?? 0;
  const totalCount = body.totalCount ?? body.items.length;
  return {
    items: body.items,
    pageIndex: body.pageIndex ?? input.pageIndex ?? 0,
    pageSize,
    pageCount: body.pageCount ?? (pageSize > 0 ? Math.ceil(totalCount / pageSize) : 1),
    totalCount,
    aggregations: body.aggregations,
  };
}

/** Whether a filter's items must be (re)loaded: it has a source and no titled items, or it failed. */
export function filterNeedsItems(filter: {
  contentTypeId?: string;
  path?: string;
  items: FilterItem[];
  isError: boolean;
  isLoading: boolean;
}): boolean {
  if (!filter.contentTypeId && !filter.path) return false;
  if (filter.isLoading) return false;
  return filter.isError || !filter.items.some((item) => Boolean(item.title));
}

/**
 * Loads the items of the facet's filters that lack them (website spec §7): a content type's
 * published entries by title (page size 100) or a taxonomy node by path (defined order,
 * child depth 2, cached per path for the session).
 */
export function loadFilters(ref: FacetRef, call: SearchCallContext): SiteThunk<Promise<void>> {
  return async (dispatch, getState, services) => {
    const facet = facetIn(searchStateOf(getState()) as SearchState, ref);
    if (!facet) return;
    const pending = Object.entries(facet.filters).filter(([, filter]) => filterNeedsItems(filter));
    await Promise.all(
      pending.map(async ([key, filter]) => {
        dispatch(searchActions.filterLoading({ ...ref, filter: key }));
        try {
          const items = filter.path
            ? await taxonomyItems(services, call, filter.path)
            : await contentTypeItems(call, filter.contentTypeId as string);
          dispatch(searchActions.filterLoaded({ ...ref, filter: key, items }));
        } catch (error) {
          if (!isAbort(error, call.signal)) {
            services.logger.error(describe(error), { filter: key });
            services.outages?.report(`filter ${key} of ${ref.context}/${ref.facet}`, error);
          }
          dispatch(searchActions.filterFailed({ ...ref, filter: key, error: describe(error) }));
        }
      }),
    );
  };
}

async function contentTypeItems(call: SearchCallContext, contentTypeId: string): Promise<FilterItem[]> {
  const query = new Query(
    Op.equalTo('sys.contentTypeId', contentTypeId),
    Op.equalTo('sys.versionStatus', 'published'),
  );
  query.orderBy = OrderBy.asc('entryTitle');
  query.pageSize = FILTER_PAGE_SIZE;
  query.fields = ['entryTitle', 'sys.id', 'sys.contentTypeId'];
  const answer = await call.client.entries.search(query, 0, { signal: call.signal });
  if (!answer) throw new Error(SEARCH_ERROR_MESSAGES.noPayload);
  return answer.items.map((entry) => ({
    key: entry.sys.id,
    type: 'entry',
    title: entry.entryTitle ?? entry.sys.id,
    contentTypeId: entry.sys.contentTypeId,
  }));
}

async function taxonomyItems(
  services: SiteServices,
  call: SearchCallContext,
  path: string,
): Promise<FilterItem[]> {
  let cache = taxonomyCaches.get(services);
  if (!cache) {
    cache = new Map();
    taxonomyCaches.set(services, cache);
  }
  let node = cache.get(path);
  if (!node) {
    node = call.client.taxonomy
      .getNodeByPath({ path, order: 'defined', childDepth: TAXONOMY_CHILD_DEPTH, signal: call.signal })
      .catch((error: unknown) => {
        cache.delete(path);
        throw error;
      });
    cache.set(path, node);
  }
  const loaded = await node;
  if (!loaded?.children?.length) {
    cache.delete(path);
    throw new Error(`${SEARCH_ERROR_MESSAGES.noTaxonomy} ${path}`);
  }
  const toItem = (child: TaxonomyNode): FilterItem => ({
    key: child.key,
    type: 'taxonomy',
    title: child.name,
    path: child.path,
    ...(child.children?.length ? { children: child.children.map(toItem) } : {}),
  });
  return loaded.children.map(toItem);
}

/**
 * Counts what the search page shows counts for and has not counted yet: every other facet
 * with its term and its own filters, and the items of the current facet's filters that have
 * their own where clause (see `countTargets`). The current facet counts its own results. The
 * counts go out in as few requests as the platform contract allows, at once (`planCounts`):
 * one for the facets when they ask the same of each content type, as the demo's do.
 */
export function loadFacetCounts(call: SearchCallContext): SiteThunk<Promise<void>> {
  return async (dispatch, getState, services) => {
    const state = searchStateOf(getState());
    if (state?.context !== 'facets') return;
    // Facets are counted once per term: a facet's own filters change only while it is the
    // current facet, whose count its search gives. Filter items are counted when what they
    // count changed (their keys).
    const query = JSON.stringify([state.term, call.versionStatus]);
    const known = state.countKeys ?? {};
    const due = countTargets(state, call).filter((target) =>
      Object.hasOwn(state.facets, target.id) ? state.countsQuery !== query : known[target.id] !== target.key,
    );
    if (due.length === 0) return;
    const plan = planCounts(due);
    try {
      const answers = await Promise.all(
        plan.queries.map((query) => call.client.entries.search(query, 0, { signal: call.signal })),
      );
      dispatch(searchActions.facetCountsLoaded(countsPayload(state, due, plan.countsFrom(answers), query)));
    } catch (error) {
      if (isAbort(error, call.signal)) return;
      services.logger.error(SEARCH_ERROR_MESSAGES.ensureSearch, { counts: true, error: describe(error) });
      services.outages?.report('search counts', error);
    }
  };
}

/** The counts of the targets as the slice takes them: facets, filter items, and their keys. */
function countsPayload(
  state: SearchState,
  targets: readonly KeyedTarget[],
  counted: Record<string, number>,
  query: string,
) {
  const counts: Record<string, number> = {};
  const items: Record<string, Record<string, Record<string, number>>> = {};
  const keys: Record<string, string> = {};
  const current = state.facets[state.currentFacet];
  for (const target of targets) {
    const count = counted[target.id];
    if (count === undefined) continue;
    if (Object.hasOwn(state.facets, target.id)) {
      // The current facet's count is its search's, with the filters chosen on it.
      if (target.id !== state.currentFacet) counts[target.id] = count;
      continue;
    }
    keys[target.id] = target.key;
    for (const [filterKey, filter] of Object.entries(current?.filters ?? {})) {
      for (const item of filter.items) {
        if (itemCountId(state.currentFacet, filterKey, item.key) !== target.id) continue;
        const byFilter = items[state.currentFacet] ?? {};
        byFilter[filterKey] = { ...byFilter[filterKey], [item.key]: count };
        items[state.currentFacet] = byFilter;
      }
    }
  }
  return { counts, items, keys, query };
}

/**
 * Brings a facet up to date (website spec §4): loads the filters lacking items, runs its
 * search when needed and, for the search page, the tab counts. Server and browser both run
 * it from the route loader. A term of several words that finds nothing anywhere is searched
 * again with any of its words ({@link settleHeldSearch}): one more request, only then.
 */
export function ensureSearch(ref: FacetRef, call: SearchCallContext): SiteThunk<Promise<void>> {
  return async (dispatch, getState, services) => {
    try {
      const state = searchStateOf(getState());
      if (!state || !facetsIn(state, ref.context)[ref.facet]) return;
      // The search first: its request is on the wire before the filters' and counts' work
      // (cache lookups, reducers) runs, so that work overlaps the platform's.
      const [held] = await Promise.all([
        dispatch(executeSearch(ref, call, { holdEmpty: true })),
        dispatch(loadFilters(ref, call)),
        ref.context === 'facets' ? dispatch(loadFacetCounts(call)) : Promise.resolve(),
      ]);
      // Nothing for all of the words: with the counts known, any word, or the way elsewhere.
      if (held) await dispatch(settleHeldSearch(held, call));
    } catch (error) {
      services.logger.error(SEARCH_ERROR_MESSAGES.ensureSearch, { facet: ref.facet, error: describe(error) });
    }
  };
}
