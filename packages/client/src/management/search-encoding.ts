import { isOldInternetExplorer } from '../http/environment.js';
import { queryString } from '../http/url.js';
import {
  type ManagementQueryJson,
  type PlainQuery,
  type Query,
  type SearchEncodingOptions,
  toSearchBody,
  toSearchParams,
  toZenqlParams,
  ZenqlQuery,
  type ZenqlSearchQuery,
} from '../query/index.js';
import type { ManagementContext } from './context.js';

/** A plain-object management query: a {@link PlainQuery} plus the archive flags (contract §2.9). */
export interface ManagementPlainQuery extends PlainQuery {
  includeArchived?: boolean | null;
  includeDeleted?: boolean | null;
}

/** What management `entries.search` encodes as a JSON search. */
export type ManagementSearchQuery = Query | ManagementPlainQuery;

/** A plain-object management ZenQL query. */
export interface ManagementZenqlSearchQuery extends ZenqlSearchQuery {
  includeArchived?: boolean | null;
  includeDeleted?: boolean | null;
}

/**
 * A ZenQL query for the management API: a {@link ZenqlQuery} that can also search archived and
 * recycle-bin entries. Named as in the official SDK.
 *
 * @example
 * const query = new ManagementZenqlQuery('sys.workflow.state = awaitingApproval');
 * query.includeArchived = true;
 * await client.entries.search(query);
 */
export class ManagementZenqlQuery extends ZenqlQuery {
  /** Also search archived entries. */
  includeArchived = false;
  /** Also search entries in the recycle bin. */
  includeDeleted = false;
}

/** The archive flags of a query, as GET parameters: sent only when true (contract §2.9). */
function flagParams(query: { includeArchived?: boolean | null; includeDeleted?: boolean | null }) {
  const params: Record<string, string> = {};
  if (query.includeArchived === true) params.includeArchived = 'true';
  if (query.includeDeleted === true) params.includeDeleted = 'true';
  return params;
}

/**
 * Parameters of `GET P/entries/search`: `aggregations?`, `includeArchived=true?`,
 * `includeDeleted=true?`, `orderBy?`, `pageIndex`, `pageSize`, `where` (contract §4.2). Management
 * searches carry no `fields` or `fieldLinkDepths`.
 *
 * @example
 * toManagementSearchParams({ where: [], includeDeleted: true }, { defaultPageSize: 25 });
 * // { includeDeleted: 'true', pageIndex: '0', pageSize: '25', where: '[]' }
 */
export function toManagementSearchParams(
  query: ManagementSearchQuery,
  options: SearchEncodingOptions,
): Record<string, string> {
  const { fields: _fields, fieldLinkDepths: _depths, ...params } = toSearchParams(query, options);
  return { ...params, ...flagParams(query) };
}

/**
 * The POST body of a management search, keys in the order `pageIndex, pageSize, orderBy?, where,
 * includeArchived, includeDeleted, aggregations?`; both flags always present (contract §2.1).
 *
 * @example
 * toManagementSearchBody({ orderBy: '-sys.version.modified' }, { defaultPageSize: 25 });
 * // { pageIndex: 0, pageSize: 25, orderBy: [{ desc: 'sys.version.modified' }], where: [],
 * //   includeArchived: false, includeDeleted: false }
 */
export function toManagementSearchBody(
  query: ManagementSearchQuery,
  options: SearchEncodingOptions,
): ManagementQueryJson {
  const { pageIndex, pageSize, orderBy, where, aggregations } = toSearchBody(query, options);
  return {
    pageIndex,
    pageSize,
    ...(orderBy ? { orderBy } : {}),
    where,
    includeArchived: query.includeArchived === true,
    includeDeleted: query.includeDeleted === true,
    ...(aggregations ? { aggregations } : {}),
  };
}

/**
 * Parameters of a management ZenQL search on `GET P/entries`: `aggregations?`,
 * `includeArchived=true?`, `includeDeleted=true?`, `pageIndex`, `pageSize`, `zenql`.
 */
export function toManagementZenqlParams(
  query: ManagementZenqlSearchQuery,
  options: SearchEncodingOptions,
): Record<string, string> {
  const { fields: _fields, fieldLinkDepths: _depths, ...params } = toZenqlParams(query, options);
  return { ...params, ...flagParams(query) };
}

/**
 * Parameters of `GET /api/security/users/search`: `orderBy?`, `pageIndex`, `pageSize`, `where`
 * (contract §4.3).
 */
export function toUserSearchParams(
  query: ManagementSearchQuery,
  options: SearchEncodingOptions,
): Record<string, string> {
  const all = toSearchParams(query, options);
  const params: Record<string, string> = {};
  for (const key of ['orderBy', 'pageIndex', 'pageSize', 'where']) {
    const value = all[key];
    if (value !== undefined) params[key] = value;
  }
  return params;
}

/**
 * Sends a search as GET, or, only in Internet Explorer 11 and older when the absolute GET URL is
 * longer than `oldBrowserSearchUrlLimit` (2083), as POST with the JSON body (contract §6.6). The
 * management clients have no 8000-character rule.
 */
export function searchWithFallback<T>(
  context: ManagementContext,
  path: string,
  params: Record<string, string>,
  body: () => unknown,
): Promise<T> {
  const getPath = `${path}${queryString(params)}`;
  const tooLong = context.http.url(getPath).length > context.config.oldBrowserSearchUrlLimit;
  if (tooLong && isOldInternetExplorer()) {
    return context.http.request<T>(path, { method: 'POST', body: body() });
  }
  return context.http.request<T>(getPath, { method: 'GET' });
}
