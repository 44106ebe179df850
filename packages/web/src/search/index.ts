/**
 * Faceted search, listings and minilists: configuration, pure query building and URL codec,
 * the search slice and flow, hooks and accessible components. See `docs/web.md`.
 */
export { FacetTabs, type FacetTabsProps } from './components/FacetTabs.js';
export { FilterGroups, type FilterGroupsProps } from './components/FilterGroups.js';
export { LoadMore, type LoadMoreProps, Pager, type PagerProps } from './components/Pager.js';
export { SearchBox, type SearchBoxProps } from './components/SearchBox.js';
export { SearchForm, type SearchFormProps } from './components/SearchForm.js';
export {
  ResultCount,
  type ResultCountProps,
  SearchStatus,
  type SearchStatusProps,
} from './components/SearchStatus.js';
export { SortSelect, type SortSelectProps } from './components/SortSelect.js';
export {
  type CustomApiConfig,
  defineSearch,
  enabledFacets,
  type FeaturedResultsConfig,
  type FilterFieldOperator,
  type FilterItem,
  type FilterLogicOperator,
  type SearchConfig,
  type SearchFacetConfig,
  type SearchFilterConfig,
  type SearchQueryParams,
  type SearchTabConfig,
  searchBasePath,
  type WeightedSearchField,
} from './config.js';
export {
  AGGREGATION_BUCKET_SIZE,
  DEFAULT_DISTANCE,
  DEFAULT_SEARCH_BASE_PATH,
  DEFAULT_SEARCH_PAGE_SIZE,
  FILTER_PAGE_SIZE,
  SEARCH_DEBOUNCE_MS,
  SEARCH_ERROR_MESSAGES,
} from './constants.js';
export {
  type CountCall,
  countTargets,
  facetCountTarget,
  itemCountId,
  type KeyedTarget,
} from './count-targets.js';
export { didYouMean, resultTexts } from './did-you-mean.js';
export { type CountAnswer, type CountPlan, type CountTarget, planCounts } from './facet-counts.js';
export {
  type FilterChoice,
  type FilterChoiceInput,
  filterChoices,
  selectedChoiceCount,
} from './filter-choices.js';
export {
  type FacetsView,
  KEEP_SCROLL,
  type SearchView,
  searchTermTyped,
  useFacets,
  useListing,
} from './hooks.js';
export {
  buildFeaturedQuery,
  buildSearchQuery,
  contentTypeExpressions,
  type FilterSelection,
  filterExpression,
  orderByOf,
  parseBetween,
  parseDistance,
  type SearchQueryInput,
} from './query-builder.js';
export {
  type ExecuteSearchOptions,
  ensureSearch,
  executeSearch,
  type HeldSearch,
  loadFacetCounts,
  loadFilters,
  loadMoreSpan,
  MAX_LOAD_MORE_SPAN,
  needsSearch,
  type SearchCallContext,
  searchSomeWordsWanted,
  settleHeldSearch,
} from './search-flow.js';
export {
  listingRoute,
  type MinilistOptions,
  minilistLoader,
  type SearchRouteOptions,
  searchRoute,
} from './search-routes.js';
export { type FacetRef, loadedQueryOf, searchActions, searchReducer, searchSlice } from './search-slice.js';
export {
  type EntriesState,
  type FacetState,
  type FilterState,
  initialSearchState,
  type PagingInfo,
  SEARCH_STATE_KEY,
  type SearchContext,
  type SearchState,
  type TabState,
} from './search-state.js';
export {
  resultsOutdated,
  searchHref,
  searchRouteOf,
  selectFacetLinks,
  selectSearch,
  selectTabLinks,
  visibleEntries,
} from './selectors.js';
export {
  hasSeveralWords,
  sanitiseSearchText,
  splitPhrases,
  termExpression,
  uniqueWeightedFields,
} from './term.js';
export { buildSearchPath, parseSearchRoute, type SearchCodecOptions, type SearchRoute } from './url-codec.js';
export { type MinilistView, useMinilist } from './use-minilist.js';
