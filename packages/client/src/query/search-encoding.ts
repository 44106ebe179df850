import type { WhereExpressionJson } from './expression-json.js';
import { type ExpressionInput, toExpressionJson } from './expressions.js';
import { normaliseOrderBy, type OrderByInput, orderByParameter } from './order-by.js';
import { copyAggregations, Query, type QueryAggregations, type QueryJson } from './query.js';
import type { WhereExpression } from './where-expression.js';
import { ZenqlQuery } from './zenql-query.js';

/**
 * A query written as a plain object instead of a {@link Query}, as the official clients also accept
 * (contract §2.11). `where` may mix builder instances and JSON expressions.
 *
 * @example
 * const query: PlainQuery = { where: [{ field: 'sys.contentTypeId', equalTo: 'movie' }], orderBy: '-releaseDate' };
 */
export interface PlainQuery {
  where?: readonly ExpressionInput[] | WhereExpression | null;
  orderBy?: OrderByInput | null;
  pageIndex?: number | null;
  pageSize?: number | null;
  fields?: readonly string[] | null;
  fieldLinkDepths?: Record<string, number> | null;
  aggregations?: QueryAggregations | null;
}

/** Anything `entries.search` can encode as a JSON search: a {@link Query} or a {@link PlainQuery}. */
export type SearchQuery = Query | PlainQuery;

/**
 * A ZenQL search: a {@link ZenqlQuery} or a plain object of the same shape.
 *
 * @example
 * const query: ZenqlSearchQuery = { zenql: 'sys.contentTypeId = plant', pageSize: 50 };
 */
export interface ZenqlSearchQuery {
  zenql: string;
  pageIndex?: number | null;
  pageSize?: number | null;
  fields?: readonly string[] | null;
  fieldLinkDepths?: Record<string, number> | null;
  aggregations?: QueryAggregations | null;
}

/** Client settings the encoders need. */
export interface SearchEncodingOptions {
  /** Page size used when the query's own is falsy (the client config's `pageSize`, 25 by default). */
  defaultPageSize: number;
}

/** The POST search body: the delivery query document minus `fieldLinkDepths`, which rides in the URL. */
export type SearchBodyJson = Omit<QueryJson, 'fieldLinkDepths' | 'includeArchived' | 'includeDeleted'>;

/**
 * Whether `entries.search` should treat a value as a query: a {@link Query} or {@link ZenqlQuery}, or any
 * object with a truthy `where` or `orderBy` (the official clients' duck typing, contract §5.1). Strings are
 * not query-like; callers handle them separately.
 *
 * @example
 * isQueryLike(new Query()); // true
 * isQueryLike({ orderBy: '-releaseDate' }); // true
 * isQueryLike({ pageSize: 10 }); // false
 */
export function isQueryLike(value: unknown): value is Query | ZenqlQuery | PlainQuery {
  if (value instanceof Query || value instanceof ZenqlQuery) return true;
  if (typeof value !== 'object' || value === null) return false;
  const { where, orderBy } = value as { where?: unknown; orderBy?: unknown };
  return Boolean(where) || Boolean(orderBy);
}

function whereJson(where: PlainQuery['where']): WhereExpressionJson {
  // A missing `where` becomes `[]` ("match everything"). The official client sends the literal text
  // `where=undefined` for a plain object with `orderBy` but no `where` (contract §7.3 item 13); we
  // deliberately send a valid empty list instead, which the platform reads the same way.
  if (where === null || where === undefined) return [];
  if (Array.isArray(where)) return where.map(toExpressionJson);
  // Duck-typed so a WhereExpression from another copy of this package also serialises itself.
  if (typeof (where as { toJSON?: unknown }).toJSON === 'function')
    return (where as WhereExpression).toJSON();
  throw new TypeError('A query "where" must be an array of expressions.');
}

function isNonEmptyRecord(value: object | null | undefined): value is object {
  return value !== null && value !== undefined && Object.keys(value).length > 0;
}

/** The parts shared by the GET and POST encodings, with the client's page defaults applied. */
function searchParts(query: SearchQuery, options: SearchEncodingOptions) {
  return {
    // `||`, not `??`: the official client treats every falsy page value (including 0) as "not set".
    pageIndex: query.pageIndex || 0,
    pageSize: query.pageSize || options.defaultPageSize,
    where: whereJson(query.where),
    fields: query.fields ?? [],
    fieldLinkDepths: query.fieldLinkDepths,
    aggregations: query.aggregations,
  };
}

/**
 * Parameter values for `GET …/entries/search` (contract §1.6.4), not yet URI-encoded. `linkDepth` is not
 * included: it is a call option, not part of the query. Optional parameters appear only when non-empty;
 * `where` is always present. Keys come out in alphabetical order, as the official client sends them.
 *
 * Page defaults: a falsy `pageSize` becomes `options.defaultPageSize`, a falsy `pageIndex` 0. The caller's
 * object is never modified (the official client overwrites them in place).
 *
 * @example
 * const query = new Query(Op.equalTo('sys.contentTypeId', 'movie'));
 * query.orderBy = '-releaseDate';
 * toSearchParams(query, { defaultPageSize: 25 });
 * // { orderBy: '"-releaseDate"', pageIndex: '0', pageSize: '20',
 * //   where: '[{"field":"sys.contentTypeId","equalTo":"movie"}]' }
 */
export function toSearchParams(query: SearchQuery, options: SearchEncodingOptions): Record<string, string> {
  const parts = searchParts(query, options);
  const params: Record<string, string> = {};
  if (isNonEmptyRecord(parts.aggregations)) params.aggregations = JSON.stringify(parts.aggregations);
  if (isNonEmptyRecord(parts.fieldLinkDepths)) params.fieldLinkDepths = JSON.stringify(parts.fieldLinkDepths);
  if (parts.fields.length > 0) params.fields = parts.fields.join(',');
  const orderBy = orderByParameter(query.orderBy);
  if (orderBy !== undefined) params.orderBy = orderBy;
  params.pageIndex = String(parts.pageIndex);
  params.pageSize = String(parts.pageSize);
  params.where = JSON.stringify(parts.where);
  return params;
}

/**
 * The JSON body for `POST …/entries/search` (contract §1.6.4), keys in the order `pageIndex, pageSize,
 * orderBy?, where, fields?, aggregations?`. `orderBy` is always normalised to the DTO array.
 *
 * `fieldLinkDepths` is left out because it travels in the POST URL's query string; take it from
 * `toSearchParams(query, options).fieldLinkDepths`. Unknown keys of plain-object queries are dropped.
 * Page defaults are applied as in {@link toSearchParams}.
 *
 * @example
 * JSON.stringify(toSearchBody({ orderBy: ['-releaseDate'] }, { defaultPageSize: 25 }));
 * // '{"pageIndex":0,"pageSize":25,"orderBy":[{"desc":"releaseDate"}],"where":[]}'
 */
export function toSearchBody(query: SearchQuery, options: SearchEncodingOptions): SearchBodyJson {
  const parts = searchParts(query, options);
  const orderBy = normaliseOrderBy(query.orderBy);
  return {
    pageIndex: parts.pageIndex,
    pageSize: parts.pageSize,
    ...(orderBy.length > 0 ? { orderBy } : {}),
    where: parts.where,
    ...(parts.fields.length > 0 ? { fields: [...parts.fields] } : {}),
    ...(isNonEmptyRecord(parts.aggregations) ? { aggregations: copyAggregations(parts.aggregations) } : {}),
  };
}

/**
 * Parameter values for a ZenQL search on `GET …/entries` (contract §1.6.5), not yet URI-encoded, keys in
 * alphabetical order. `linkDepth` is left to the caller. Page defaults as in {@link toSearchParams}.
 *
 * @example
 * toZenqlParams(new ZenqlQuery('sys.contentTypeId = plant'), { defaultPageSize: 25 });
 * // { pageIndex: '0', pageSize: '20', zenql: 'sys.contentTypeId = plant' }
 */
export function toZenqlParams(
  query: ZenqlSearchQuery,
  options: SearchEncodingOptions,
): Record<string, string> {
  const params: Record<string, string> = {};
  if (isNonEmptyRecord(query.aggregations)) params.aggregations = JSON.stringify(query.aggregations);
  if (isNonEmptyRecord(query.fieldLinkDepths)) params.fieldLinkDepths = JSON.stringify(query.fieldLinkDepths);
  if (query.fields && query.fields.length > 0) params.fields = query.fields.join(',');
  params.pageIndex = String(query.pageIndex || 0);
  params.pageSize = String(query.pageSize || options.defaultPageSize);
  params.zenql = query.zenql;
  return params;
}
