import type { ExpressionJson, QueryAggregation } from '@canopy/client';
import { DEFAULT_SEARCH_BASE_PATH } from './constants.js';

/** A field searched for the term, with its relevance boost (website spec §3). */
export interface WeightedSearchField {
  fieldId: string;
  weight: number;
}

/** Entries shown above the results: the best `count` matches of one content type. */
export interface FeaturedResultsConfig {
  contentTypeId: string;
  count: number;
  /**
   * Fields the term must match for an entry to be featured, weighted (the facet's own search
   * when absent). Naming the fields that say what an entry is about (title, keywords) keeps
   * entries that merely mention a word out of the featured places.
   */
  searchFields?: readonly WeightedSearchField[];
}

/**
 * How a facet queries the platform (website spec §3, "Facet queryParams"). Everything is
 * optional; see `docs/web.md` for what each key does.
 *
 * @example
 * const params: SearchQueryParams = {
 *   contentTypeIds: ['course'],
 *   fields: ['entryTitle', 'entryDescription', 'sys.uri'],
 *   weightedSearchFields: [{ fieldId: 'entryTitle', weight: 10 }],
 *   dynamicOrderBy: ['entryTitle', '-startDate'],
 * };
 */
export interface SearchQueryParams {
  /** Extra aggregations asked with every search of the facet, by name. */
  aggregations?: Readonly<Record<string, QueryAggregation>>;
  /** Asset content types to include (entries whose data format is `asset`). */
  assetTypes?: readonly string[];
  /** Content types to search; an id starting with `!` excludes that type. */
  contentTypeIds?: readonly string[];
  /** Extra where-clause expressions (JSON), ANDed with the rest. */
  customWhere?: readonly ExpressionJson[];
  /** Sort keys a visitor may choose (`-field` sorts descending); the first is the default. */
  dynamicOrderBy?: readonly string[];
  /** Entry ids never returned. */
  excludeIds?: readonly string[];
  /** The best matches of one content type, shown above the first page. */
  featuredResults?: FeaturedResultsConfig;
  /** Link depths per field of the results. */
  fieldLinkDepths?: Readonly<Record<string, number>>;
  /** Fields of each result to load (all when empty). */
  fields?: readonly string[];
  /** Free-text matching tolerates misspellings. */
  fuzzySearch?: boolean;
  /** Boolean fields that must not be false, e.g. `sys.metadata.includeInSearch`. */
  includeInSearch?: readonly string[];
  /** Load every result once and page in the browser. */
  internalPaging?: boolean;
  /** Link depth of the results. */
  linkDepth?: number;
  /** "Load more" keeps the pages already shown instead of replacing them. */
  loadMorePaging?: boolean;
  /** Default term fields to leave out (`allUris`, `searchContent`). */
  omitDefaultSearchFields?: readonly string[];
  /** Fixed ordering (`-field` descending); a visitor's dynamic order comes first. */
  orderBy?: readonly string[];
  /** Results per page (default 25). */
  pageSize?: number;
  /**
   * Fields of `fields` asked for only as the source of a result's snippet (a page's own text,
   * where the words searched for may be when the summary lacks them): a page's inline state
   * carries a result's snippet field only when its snippet comes from it, that is when it
   * matches more of the term than the result's `entryDescription` (see `bestSnippet`).
   */
  snippetFields?: readonly string[];
  /** Version status to search (default: the page's). */
  versionStatus?: 'published' | 'latest';
  /** Web page templates to include (entries whose data format is `webpage`). */
  webpageTemplates?: readonly string[];
  /** Fields searched for the term with their weights (defaults when empty, website spec §9). */
  weightedSearchFields?: readonly WeightedSearchField[];
  /** `false` ignores the term (a listing). */
  useSearchTerm?: boolean;
}

/** The operator a filter matches its field with (default `in`). */
export type FilterFieldOperator =
  | 'in'
  | 'equalTo'
  | 'contains'
  | 'startsWith'
  | 'endsWith'
  | 'between'
  | 'distanceWithin'
  | 'greaterThan'
  | 'greaterThanOrEqualTo'
  | 'lessThan'
  | 'lessThanOrEqualTo'
  | 'exists';

/** How the selected values of one filter combine (default `or` for `in`, website spec §9). */
export type FilterLogicOperator = 'and' | 'or' | 'not';

/** One choice of a filter (website spec §3). */
export interface FilterItem {
  /** The value matched and written to the URL. */
  key: string;
  /** What kind of value: `entry`, `taxonomy`, `contentType`, `value`. */
  type?: string;
  title?: string;
  /** Taxonomy path of the item. */
  path?: string;
  contentTypeId?: string;
  /** Number of results with this value (from the search's aggregation). */
  aggregate?: number;
  isSelected?: boolean;
  /** Taxonomy children. */
  children?: FilterItem[];
  /**
   * Where-clause expressions (JSON) matched when this item is selected, instead of the
   * filter's field. Platform date functions keep them current, e.g.
   * `[{ field: 'eventDates.to', greaterThanOrEqualTo: 'now()' }]` for upcoming events.
   */
  where?: readonly ExpressionJson[];
  /** The order of the results while this item is selected and the visitor chose none (`-field` descending). */
  orderBy?: string;
}

/**
 * A facet filter (website spec §3). Items come from the configuration, from a content type
 * (its entries, by title) or from a taxonomy path (its tree).
 *
 * @example
 * const level: SearchFilterConfig = {
 *   title: 'Study level',
 *   fieldId: 'studyLevel',
 *   items: [{ key: 'Undergraduate' }, { key: 'Postgraduate taught' }],
 * };
 */
export interface SearchFilterConfig {
  title: string;
  /** The field the filter matches (`sys.contentTypeId` makes it a content type filter). */
  fieldId?: string;
  /** Load the items from this content type's entries. */
  contentTypeId?: string;
  /** Load the items from this taxonomy path (e.g. `Root/Subjects`). */
  path?: string;
  /** Where-clause expressions (JSON) used instead of the field match when an item is selected. */
  customWhere?: readonly ExpressionJson[];
  fieldOperator?: FilterFieldOperator;
  logicOperator?: FilterLogicOperator;
  /** `false` keeps the filter working (from the URL) but hides it. */
  renderable?: boolean;
  /** Selecting a value resets the other facets' filters. */
  isGrouped?: boolean;
  /** One value at a time (radio buttons). */
  isSingleSelect?: boolean;
  isDisabled?: boolean;
  /**
   * The item selected when the address names none (a single-select filter's usual choice,
   * e.g. upcoming events); its address leaves the filter out.
   */
  defaultKey?: string;
  items?: readonly FilterItem[];
}

/** A facet whose results come from the site's own API rather than the platform search. */
export interface CustomApiConfig {
  uri: string;
}

/** A facet: one kind of search with its filters (website spec §3). */
export interface SearchFacetConfig {
  title: string;
  tabId?: number;
  projectId?: string;
  isDisabled?: boolean;
  queryParams: SearchQueryParams;
  filters?: Readonly<Record<string, SearchFilterConfig>>;
  customApi?: CustomApiConfig;
}

/** A tab grouping facets (website spec §3). */
export interface SearchTabConfig {
  id: number;
  title: string;
  defaultFacet?: string;
}

/**
 * A site's search: tabs, facets (the `/search/{facet}` pages), listings (a page listing one
 * kind of entry, e.g. `/news`) and minilists (a short list inside another page).
 *
 * @example
 * export const search = defineSearch({
 *   tabs: [{ id: 0, title: 'Study', defaultFacet: 'courses' }],
 *   facets: { courses: { title: 'Courses', tabId: 0, queryParams: { contentTypeIds: ['course'] } } },
 * });
 */
export interface SearchConfig {
  /** Path of the search page (default `/search`); facets follow it. */
  basePath?: string;
  tabs?: readonly SearchTabConfig[];
  facets: Readonly<Record<string, SearchFacetConfig>>;
  /** Listing pages by key; each names the path it is shown at. */
  listings?: Readonly<Record<string, SearchFacetConfig & { path: string }>>;
  minilists?: Readonly<Record<string, SearchFacetConfig>>;
}

/**
 * Declares a search configuration (an identity function for type checking and editor help).
 *
 * @example
 * export const search = defineSearch({ facets: { all: { title: 'Everything', queryParams: {} } } });
 */
export function defineSearch(config: SearchConfig): SearchConfig {
  return config;
}

/** The base path of a configuration, without a trailing slash. */
export function searchBasePath(config: Pick<SearchConfig, 'basePath'>): string {
  const base = config.basePath ?? DEFAULT_SEARCH_BASE_PATH;
  return base.length > 1 && base.endsWith('/') ? base.slice(0, -1) : base;
}

/** The facets that are switched on, in configuration order (disabled ones are left out). */
export function enabledFacets<T extends { isDisabled?: boolean }>(
  facets: Readonly<Record<string, T>> | undefined,
): [string, T][] {
  return Object.entries(facets ?? {}).filter(([, facet]) => !facet.isDisabled);
}
