import {
  type Expression,
  type ExpressionInput,
  type ExpressionJson,
  Op,
  OrderBy,
  Query,
  type QueryAggregations,
  type ScalarOperand,
} from '@canopy/client';
import type { FilterFieldOperator, FilterLogicOperator, SearchQueryParams } from './config.js';
import {
  AGGREGATION_BUCKET_SIZE,
  DEFAULT_DISTANCE,
  DEFAULT_SEARCH_PAGE_SIZE,
  filterAggregationName,
} from './constants.js';
import { termExpression } from './term.js';

/** Results loaded at once by a facet with internal paging (it pages in the browser). */
export const INTERNAL_PAGING_PAGE_SIZE = 500;

/** The selected values of one filter and how they match (input of the query builders). */
export interface FilterSelection {
  fieldId?: string;
  fieldOperator?: FilterFieldOperator;
  logicOperator?: FilterLogicOperator;
  customWhere?: readonly ExpressionJson[];
  /** Selected item keys. */
  values: readonly string[];
  /** Where-clause expressions of selected items that have their own (see `FilterItem.where`), by key. */
  itemWhere?: Readonly<Record<string, readonly ExpressionJson[]>>;
  /** `false` asks for no aggregation (the filter is hidden, so nobody reads its counts). */
  aggregate?: boolean;
}

/** Everything one facet search depends on. */
export interface SearchQueryInput {
  queryParams: SearchQueryParams;
  term: string;
  /** Filters by key (those without selected values add nothing but their aggregation). */
  filters?: Readonly<Record<string, FilterSelection>>;
  /** Zero-based page. */
  pageIndex?: number;
  pageSize?: number;
  /** The visitor's chosen sort key (`-field` descending), if any. */
  orderBy?: string | null;
  /** Version status of the page (the facet's own wins). */
  versionStatus: 'published' | 'latest';
  language?: string | null;
  /**
   * Match any word of the term instead of all of them: the search again when all of them
   * found nothing (see `searchSomeWords`).
   */
  anyWord?: boolean;
}

/**
 * A between value `min--max` as its two ends, or `null` when it is not one (website spec §5).
 *
 * @example
 * parseBetween('2026-01-01--2026-03-31'); // ['2026-01-01', '2026-03-31']
 * parseBetween('2026'); // null
 */
export function parseBetween(value: string): [ScalarOperand, ScalarOperand] | null {
  const parts = value.split('--');
  if (parts.length !== 2) return null;
  const [min, max] = parts.map((part) => part.trim());
  if (!min || !max) return null;
  return [numberOrText(min), numberOrText(max)];
}

/**
 * A distance value `lat lon [distance]` (default 10mi), or `null` when it is not one.
 *
 * @example
 * parseDistance('52.41 -4.08'); // { lat: 52.41, lon: -4.08, distance: '10mi' }
 */
export function parseDistance(value: string): { lat: number; lon: number; distance: string } | null {
  const parts = value.trim().split(/\s+/);
  if (parts.length < 2 || parts.length > 3) return null;
  const lat = Number(parts[0]);
  const lon = Number(parts[1]);
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180)
    return null;
  const distance = parts[2] ?? DEFAULT_DISTANCE;
  if (!/^\d+(\.\d+)?(mi|km|m|yd|ft|in|cm|mm|nmi|NM)?$/.test(distance)) return null;
  return { lat, lon, distance };
}

/**
 * Sort keys as an ordering: `-field` descending, `+field` or `field` ascending; empty keys
 * (relevance) are skipped.
 *
 * @example
 * orderByOf(['-publishDate', 'entryTitle']).toJSON(); // [{ desc: 'publishDate' }, { asc: 'entryTitle' }]
 */
export function orderByOf(keys: readonly (string | null | undefined)[]): OrderBy {
  const order = new OrderBy();
  for (const key of keys) {
    if (!key) continue;
    if (key.startsWith('-') && key.length > 1) order.desc(key.slice(1));
    else if (key.startsWith('+') && key.length > 1) order.asc(key.slice(1));
    else order.asc(key);
  }
  return order;
}

/**
 * The content type part of the where clause: included types of each data format (`!id`
 * excludes a type), one `or` when several data formats are searched.
 *
 * @example
 * contentTypeExpressions({ contentTypeIds: ['course', '!person'] });
 */
export function contentTypeExpressions(
  params: Pick<SearchQueryParams, 'contentTypeIds' | 'webpageTemplates' | 'assetTypes'>,
): Expression[] {
  const groups = [
    dataFormatExpression('entry', params.contentTypeIds),
    dataFormatExpression('webpage', params.webpageTemplates),
    dataFormatExpression('asset', params.assetTypes),
  ].filter((expression): expression is Expression => expression !== null);
  if (groups.length > 1) return [Op.or(...groups)];
  return groups;
}

function dataFormatExpression(dataFormat: string, ids: readonly string[] | undefined): Expression | null {
  const valid = (ids ?? []).filter((id) => typeof id === 'string' && id.replace(/^!/, '').length > 0);
  if (valid.length === 0) return null;
  const included = valid.filter((id) => !id.startsWith('!'));
  const excluded = valid.filter((id) => id.startsWith('!')).map((id) => id.slice(1));
  const parts: Expression[] = [Op.equalTo('sys.dataFormat', dataFormat)];
  if (included.length > 0) parts.push(Op.in('sys.contentTypeId', ...included));
  if (excluded.length > 0) parts.push(Op.not(Op.in('sys.contentTypeId', ...excluded)));
  return Op.and(...parts);
}

/**
 * The expression of one filter's selected values, or `null` when none is selected or every
 * value is discarded (a between value without `--`, a distance without latitude and longitude).
 *
 * @example
 * filterExpression({ fieldId: 'studyLevel', values: ['Undergraduate'] }); // Op.in('studyLevel', 'Undergraduate')
 */
export function filterExpression(filter: FilterSelection): ExpressionInput | null {
  const selected = filter.values.filter((value) => typeof value === 'string' && value.length > 0);
  if (selected.length === 0) return null;
  const own = filter.itemWhere ?? {};
  const withWhere = selected.filter((value) => (own[value]?.length ?? 0) > 0);
  if (withWhere.length === 0) return fieldExpression(filter, selected);
  // Items with their own where clause match by it; the others by the filter's field.
  const parts: ExpressionInput[] = withWhere.map((value) => {
    const where = own[value] as readonly ExpressionJson[];
    return where.length === 1 ? (where[0] as ExpressionJson) : Op.and(...where);
  });
  const plain = selected.filter((value) => !withWhere.includes(value));
  const rest = plain.length > 0 ? fieldExpression({ ...filter, logicOperator: 'or' }, plain) : null;
  if (rest) parts.push(rest);
  const logic = filter.logicOperator ?? 'or';
  if (parts.length === 1)
    return logic === 'not' ? Op.not(parts[0] as ExpressionInput) : (parts[0] as ExpressionInput);
  if (logic === 'and') return Op.and(...parts);
  return logic === 'not' ? Op.not(Op.or(...parts)) : Op.or(...parts);
}

function fieldExpression(filter: FilterSelection, values: readonly string[]): ExpressionInput | null {
  if (filter.customWhere && filter.customWhere.length > 0) {
    return filter.customWhere.length === 1
      ? (filter.customWhere[0] as ExpressionJson)
      : Op.and(...filter.customWhere);
  }
  const field = filter.fieldId;
  if (!field) return null;
  const operator = filter.fieldOperator ?? 'in';
  const logic = filter.logicOperator ?? 'or';

  if (operator === 'in') {
    if (logic === 'and')
      return values.length === 1
        ? Op.in(field, values[0] as string)
        : Op.and(...values.map((v) => Op.in(field, v)));
    const match = Op.in(field, ...values);
    return logic === 'not' ? Op.not(match) : match;
  }
  const parts = values
    .map((value) => valueExpression(field, operator, value))
    .filter((e): e is Expression => e !== null);
  if (parts.length === 0) return null;
  if (logic === 'not') return Op.not(parts.length === 1 ? (parts[0] as Expression) : Op.or(...parts));
  if (parts.length === 1) return parts[0] as Expression;
  return logic === 'and' ? Op.and(...parts) : Op.or(...parts);
}

function valueExpression(field: string, operator: FilterFieldOperator, value: string): Expression | null {
  switch (operator) {
    case 'between': {
      const range = parseBetween(value);
      return range ? Op.between(field, range[0] as never, range[1] as never) : null;
    }
    case 'distanceWithin': {
      const point = parseDistance(value);
      return point ? Op.distanceWithin(field, point.lat, point.lon, point.distance) : null;
    }
    case 'exists':
      return value === 'true' || value === 'false' ? Op.exists(field, value === 'true') : null;
    case 'contains':
      return Op.contains(field, value);
    case 'startsWith':
      return Op.startsWith(field, value);
    case 'endsWith':
      return Op.endsWith(field, value);
    case 'greaterThan':
      return Op.greaterThan(field, numberOrText(value) as never);
    case 'greaterThanOrEqualTo':
      return Op.greaterThanOrEqualTo(field, numberOrText(value) as never);
    case 'lessThan':
      return Op.lessThan(field, numberOrText(value) as never);
    case 'lessThanOrEqualTo':
      return Op.lessThanOrEqualTo(field, numberOrText(value) as never);
    default:
      return Op.equalTo(field, booleanOrText(value));
  }
}

/**
 * The where clause every query of a facet shares: version status, language, the fields that
 * must not be false, excluded ids, content types, custom where and the term.
 */
export function baseExpressions(input: SearchQueryInput): ExpressionInput[] {
  const { queryParams: params } = input;
  const where: ExpressionInput[] = [
    Op.equalTo('sys.versionStatus', params.versionStatus ?? input.versionStatus),
  ];
  if (input.language) where.push(Op.equalTo('sys.language', input.language));
  for (const field of params.includeInSearch ?? []) where.push(Op.not(Op.equalTo(field, false)));
  const excluded = (params.excludeIds ?? []).filter(Boolean);
  if (excluded.length > 0) where.push(Op.not(Op.in('sys.id', ...excluded)));
  where.push(...contentTypeExpressions(params));
  for (const expression of params.customWhere ?? []) where.push(expression);
  if (params.useSearchTerm !== false) {
    const term = termExpression(input.term, {
      weightedSearchFields: params.weightedSearchFields,
      fuzzySearch: params.fuzzySearch,
      omitDefaultSearchFields: params.omitDefaultSearchFields,
      operator: input.anyWord ? 'or' : 'and',
    });
    if (term) where.push(term);
  }
  return where;
}

export { filterAggregationName };

/**
 * The query of one facet search: its where clause with the selected filters, ordering (the
 * visitor's sort first, then the facet's own), paging, fields and one aggregation per filter
 * (bucket size 100) so every filter value can show its count.
 *
 * @example
 * const query = buildSearchQuery({ queryParams: { contentTypeIds: ['course'] }, term: 'marine', versionStatus: 'published' });
 * await client.entries.search(query, 0);
 */
export function buildSearchQuery(input: SearchQueryInput): Query {
  const { queryParams: params } = input;
  const query = new Query(...baseExpressions(input));
  const aggregations: QueryAggregations = { ...(params.aggregations ?? {}) };
  for (const [key, filter] of Object.entries(input.filters ?? {})) {
    const expression = filterExpression(filter);
    if (expression) query.where.add(expression);
    if (
      filter.aggregate !== false &&
      filter.fieldId &&
      !filter.customWhere?.length &&
      (filter.fieldOperator ?? 'in') === 'in'
    ) {
      aggregations[filterAggregationName(key)] = { field: filter.fieldId, size: AGGREGATION_BUCKET_SIZE };
    }
  }
  const order = orderByOf([input.orderBy, ...(input.orderBy ? [] : (params.orderBy ?? []))]);
  if (order.length > 0) query.orderBy = order;
  if (params.internalPaging) {
    query.pageIndex = 0;
    query.pageSize = INTERNAL_PAGING_PAGE_SIZE;
  } else {
    query.pageIndex = Math.max(0, input.pageIndex ?? 0);
    query.pageSize = input.pageSize ?? params.pageSize ?? DEFAULT_SEARCH_PAGE_SIZE;
  }
  query.fields = [...(params.fields ?? [])];
  query.fieldLinkDepths = { ...(params.fieldLinkDepths ?? {}) };
  query.aggregations = aggregations;
  return query;
}

/**
 * The featured results of a facet (page 0, size = the featured count, one content type), or
 * `null` when the facet has none. With `featuredResults.searchFields` the term must match
 * in those fields.
 */
export function buildFeaturedQuery(input: SearchQueryInput): Query | null {
  const featured = input.queryParams.featuredResults;
  if (!featured?.contentTypeId || !(featured.count > 0)) return null;
  const params: SearchQueryParams = {
    ...input.queryParams,
    contentTypeIds: [featured.contentTypeId],
    webpageTemplates: [],
    assetTypes: [],
    // Featured only for a match in the named fields, not anywhere in the entry's text.
    ...(featured.searchFields?.length
      ? { weightedSearchFields: featured.searchFields, omitDefaultSearchFields: ['allUris', 'searchContent'] }
      : {}),
  };
  const query = new Query(...baseExpressions({ ...input, queryParams: params }));
  for (const filter of Object.values(input.filters ?? {})) {
    const expression = filterExpression(filter);
    if (expression) query.where.add(expression);
  }
  const order = orderByOf(input.queryParams.orderBy ?? []);
  if (order.length > 0) query.orderBy = order;
  query.pageIndex = 0;
  query.pageSize = featured.count;
  query.fields = [...(input.queryParams.fields ?? [])];
  query.fieldLinkDepths = { ...(input.queryParams.fieldLinkDepths ?? {}) };
  return query;
}

function numberOrText(value: string): string | number {
  return /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
}

function booleanOrText(value: string): string | boolean {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value;
}
