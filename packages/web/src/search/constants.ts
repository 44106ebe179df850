/** Where search routes start unless the configuration says otherwise (website spec §9). */
export const DEFAULT_SEARCH_BASE_PATH = '/search';

/** Results per page of a search when a facet names none (website spec §9: 25 for searches). */
export const DEFAULT_SEARCH_PAGE_SIZE = 25;

/** Items of a filter loaded from a content type (website spec §7, §9). */
export const FILTER_PAGE_SIZE = 100;

/** Buckets per filter aggregation (website spec §9). */
export const AGGREGATION_BUCKET_SIZE = 100;

/** Radius of a distance filter value that gives none (website spec §5, §9). */
export const DEFAULT_DISTANCE = '10mi';

/** Wait after the last keystroke before a typed term searches (website spec §9). */
export const SEARCH_DEBOUNCE_MS = 500;

/** Child levels loaded with a taxonomy filter's node (website spec §7). */
export const TAXONOMY_CHILD_DEPTH = 2;

/** Prefix of the aggregation names the framework asks for, clear of the reserved names (contract §2.7). */
export const AGGREGATION_PREFIX = 'sf_';

/** The aggregation that counts every facet of a tab in one request. */
export const FACET_COUNT_AGGREGATION = `${AGGREGATION_PREFIX}contentTypes`;

/** What the search logs when a search fails (website spec §8). */
export const SEARCH_ERROR_MESSAGES = {
  executeSearch: 'Error running executeSearch',
  ensureSearch: 'Error running ensureSearch',
  noPayload: 'No payload returned by search',
  noTaxonomy: 'Nothing returned for taxonomy',
  customApiUri: 'uri is required to use customApi',
} as const;

/** The aggregation name of a filter. */
export function filterAggregationName(filterKey: string): string {
  return `${AGGREGATION_PREFIX}${filterKey}`;
}
