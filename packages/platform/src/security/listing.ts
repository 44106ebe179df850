import type { PagedList } from '../contract.js';
import { badRequest } from '../delivery/errors.js';
import { pagedList } from '../delivery/paging.js';
import { type Paging, parsePaging, type QueryParams } from '../delivery/params.js';
import type { Expr } from '../search/ast.js';
import { type OrderKey, parseOrderBy } from '../search/order-by.js';
import { parseWhere } from '../search/where-parse.js';
import { parseZenql } from '../search/zenql-parser.js';
import { checkField, compileFilter, type FieldSpace, numeric, valuesAt } from './filter.js';
import { LIMITS } from './validation.js';

/** The default page size of every security listing (contract §4.1, §7.3 #10). */
export const DEFAULT_PAGE_SIZE = 25;

/** What one listing or search asks for, validated. */
export interface ListRequest {
  /** Case-insensitive text the key properties must contain. */
  q: string;
  paging: Paging;
  order: OrderKey[];
  where: Expr[];
}

/**
 * Reads the listing parameters of `GET /users`, `GET /groups` and the member listings
 * (contract §4.3–4.4) from lower-cased query parameters: `q`, `pageIndex`, `pageSize` (25 by
 * default, also when none are sent), `order` (comma list, `-` for descending) and `zenQL`
 * (ZenQL; its `ORDER BY` applies when `order` is absent). Bad values are 400s.
 *
 * @param now - the instant relative dates in ZenQL resolve against
 */
export function parseListRequest(query: QueryParams, now: number): ListRequest {
  const q = query.q ?? '';
  if (q.length > LIMITS.text) throw badRequest(`The 'q' parameter is longer than ${LIMITS.text} characters`);
  const paging = parsePaging(query.pageindex, query.pagesize, DEFAULT_PAGE_SIZE);
  let order = parseOrderBy(query.order);
  let where: Expr[] = [];
  const zenql = query.zenql;
  if (zenql !== undefined && zenql.trim() !== '') {
    const parsed = parseZenql(zenql);
    where = parseWhere(parsed.where, now);
    if (order.length === 0 && parsed.orderBy) order = parseOrderBy(parsed.orderBy);
  }
  return { q: q.trim(), paging, order, where };
}

/**
 * Reads a user search (contract §4.3, §2.1): from GET parameters (`where` and `orderBy` as
 * JSON, lower-cased names) or from a POST body (a ManagementQuery: `where`, `orderBy`,
 * `pageIndex`, `pageSize`; `includeArchived` and friends are ignored). `zenql` is honoured in
 * either as an alternative to `where`.
 */
export function parseSearchRequest(source: Record<string, unknown>, now: number): ListRequest {
  const get = (name: string): unknown => {
    const key = Object.keys(source).find((candidate) => candidate.toLowerCase() === name);
    return key === undefined ? undefined : source[key];
  };
  const paging = parsePaging(get('pageindex'), get('pagesize'), DEFAULT_PAGE_SIZE);
  let where = parseWhere(get('where'), now);
  let order = parseOrderBy(get('orderby'));
  const zenql = get('zenql');
  if (typeof zenql === 'string' && zenql.trim() !== '') {
    const parsed = parseZenql(zenql);
    where = [...where, ...parseWhere(parsed.where, now)];
    if (order.length === 0 && parsed.orderBy) order = parseOrderBy(parsed.orderBy);
  } else if (zenql !== undefined && zenql !== null && typeof zenql !== 'string') {
    throw badRequest("'zenql' must be a string");
  }
  return { q: '', paging, order, where };
}

/** How one kind of object is listed. */
export interface ListSpec<T> extends FieldSpace {
  /** The texts `q` looks in (users: username, email, first and last name; groups: name, description). */
  searchable: (item: T) => string[];
}

/**
 * Filters (`q`, `where`), orders (`order`, stable, so the incoming order breaks ties; values
 * missing sort last) and pages a list of shaped users or groups.
 *
 * @example
 * applyListing(users, parseListRequest({ q: 'ed', order: '-created' }, Date.now()), USER_LIST);
 */
export function applyListing<T>(items: readonly T[], request: ListRequest, spec: ListSpec<T>): PagedList<T> {
  const keep = compileFilter(request.where, spec);
  const q = request.q.toLowerCase();
  const order = request.order.map((key, i) => ({
    ...key,
    field: checkField(spec, key.field, `order[${i}]`),
  }));
  let selected = items.filter(
    (item) =>
      (q === '' || spec.searchable(item).some((text) => text.toLowerCase().includes(q))) && keep(item),
  );
  if (order.length > 0) selected = sortBy(selected, order);
  const { pageIndex, pageSize } = request.paging;
  return pagedList(
    request.paging,
    selected.length,
    selected.slice(pageIndex * pageSize, (pageIndex + 1) * pageSize),
  );
}

function sortBy<T>(items: T[], order: OrderKey[]): T[] {
  const keyed = items.map((item, index) => ({
    item,
    index,
    keys: order.map((key) => valuesAt(item, key.field)[0]),
  }));
  keyed.sort((a, b) => {
    for (let i = 0; i < order.length; i += 1) {
      const result = compareValues(a.keys[i], b.keys[i], order[i]!.direction);
      if (result !== 0) return result;
    }
    return a.index - b.index;
  });
  return keyed.map((entry) => entry.item);
}

function compareValues(a: unknown, b: unknown, direction: 'asc' | 'desc'): number {
  const aMissing = a === undefined || a === null || a === '';
  const bMissing = b === undefined || b === null || b === '';
  if (aMissing || bMissing) return aMissing === bMissing ? 0 : aMissing ? 1 : -1;
  const sign = direction === 'asc' ? 1 : -1;
  const aNumber = typeof a === 'boolean' ? Number(a) : numeric(a);
  const bNumber = typeof b === 'boolean' ? Number(b) : numeric(b);
  if (aNumber !== undefined && bNumber !== undefined) return sign * Math.sign(aNumber - bNumber);
  const aText = String(a).toLowerCase();
  const bText = String(b).toLowerCase();
  return sign * (aText < bText ? -1 : aText > bText ? 1 : 0);
}
