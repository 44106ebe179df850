import { Op, Query } from '@canopy/client';
import type { SearchQueryParams } from './config.js';
import { AGGREGATION_BUCKET_SIZE, FACET_COUNT_AGGREGATION } from './constants.js';
import { baseExpressions } from './query-builder.js';

/** Which content types a countable facet adds up. */
interface CountRule {
  /** Included types; `null` means every type. */
  include: string[] | null;
  exclude: string[];
}

/**
 * Whether a facet's result count follows from content type counts alone: it searches entries
 * by content type only (no custom where, web page templates, asset types, excluded ids or
 * custom API).
 */
function countRule(params: SearchQueryParams, customApi: unknown): CountRule | null {
  if (customApi) return null;
  if (params.customWhere?.length || params.webpageTemplates?.length || params.assetTypes?.length) return null;
  if (params.excludeIds?.length || params.useSearchTerm === false) return null;
  const ids = (params.contentTypeIds ?? []).filter((id) => id.replace(/^!/, '').length > 0);
  const include = ids.filter((id) => !id.startsWith('!'));
  const exclude = ids.filter((id) => id.startsWith('!')).map((id) => id.slice(1));
  return { include: include.length > 0 ? include : null, exclude };
}

/** A facet as the count query needs it. */
export interface CountedFacet {
  queryParams: SearchQueryParams;
  customApi?: unknown;
}

/**
 * ONE query that counts the results of every countable facet for a term: the term and the
 * facets' shared conditions, page size 1, bucketed by content type. Facets that also filter
 * on other conditions are left out. `null` when no facet can be counted this way.
 *
 * @example
 * const query = buildFacetCountQuery(facets, 'marine', 'published', 'en-GB');
 * const answer = await client.entries.search(query);
 * facetCountsFrom(facets, answer);
 */
export function buildFacetCountQuery(
  facets: Readonly<Record<string, CountedFacet>>,
  term: string,
  versionStatus: 'published' | 'latest',
  language?: string | null,
): Query | null {
  const countable = Object.values(facets).filter((facet) => countRule(facet.queryParams, facet.customApi));
  if (countable.length === 0) return null;
  const includeInSearch = sharedList(countable.map((facet) => facet.queryParams.includeInSearch ?? []));
  const rules = countable.map((facet) => countRule(facet.queryParams, facet.customApi) as CountRule);
  const everyType = rules.some((rule) => rule.include === null);
  const types = [...new Set(rules.flatMap((rule) => rule.include ?? []))];
  const first = countable[0]?.queryParams ?? {};
  const where = baseExpressions({
    queryParams: {
      includeInSearch,
      contentTypeIds: everyType ? [] : types,
      weightedSearchFields: first.weightedSearchFields,
      fuzzySearch: first.fuzzySearch,
      omitDefaultSearchFields: first.omitDefaultSearchFields,
      versionStatus: first.versionStatus,
    },
    term,
    versionStatus,
    language,
  });
  // Every facet counts entries of the data format `entry`.
  if (everyType) where.push(Op.equalTo('sys.dataFormat', 'entry'));
  const query = new Query(...where);
  query.pageIndex = 0;
  query.pageSize = 1;
  query.fields = ['sys.id'];
  query.aggregations = {
    [FACET_COUNT_AGGREGATION]: { field: 'sys.contentTypeId', size: AGGREGATION_BUCKET_SIZE },
  };
  return query;
}

/**
 * The result count of every countable facet from the answer of {@link buildFacetCountQuery}
 * (facets that cannot be counted this way are absent).
 */
export function facetCountsFrom(
  facets: Readonly<Record<string, CountedFacet>>,
  answer: { totalCount?: number; aggregations?: Record<string, Record<string, number>> } | null,
): Record<string, number> {
  const buckets = answer?.aggregations?.[FACET_COUNT_AGGREGATION] ?? {};
  const count = (id: string) => buckets[id] ?? buckets[id.toLowerCase()] ?? 0;
  const total = answer?.totalCount ?? 0;
  const counts: Record<string, number> = {};
  for (const [key, facet] of Object.entries(facets)) {
    const rule = countRule(facet.queryParams, facet.customApi);
    if (!rule) continue;
    const included = rule.include ? rule.include.reduce((sum, id) => sum + count(id), 0) : total;
    const excluded = rule.exclude.reduce(
      (sum, id) => sum + (rule.include && !rule.include.includes(id) ? 0 : count(id)),
      0,
    );
    counts[key] = Math.max(0, included - excluded);
  }
  return counts;
}

/** The items every list shares. */
function sharedList(lists: readonly (readonly string[])[]): string[] {
  const [first = [], ...rest] = lists;
  return first.filter((item) => rest.every((list) => list.includes(item)));
}
