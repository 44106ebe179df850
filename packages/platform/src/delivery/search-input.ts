import { badRequest } from './errors.js';
import { type FieldSelection, parseFieldSelection } from './field-selection.js';
import {
  type Paging,
  parseFieldLinkDepths,
  parseFieldList,
  parseJson,
  parseLinkDepth,
  parsePaging,
  type QueryParams,
} from './params.js';

/** A search request (D6 GET, D7 POST or ZenQL on D4) after parsing, before the engine sees it. */
export interface SearchInput extends Paging {
  /** Raw expression list for the engine, which validates it. */
  where: unknown;
  /** Raw `orderBy` in any of the §2.6 forms. */
  orderBy: unknown;
  aggregations: unknown;
  fields: FieldSelection | undefined;
  linkDepth: number;
  fieldLinkDepths: Record<string, number>;
}

// Searches default to 25 per page like lists; clients always send pageSize anyway.
const DEFAULT_SEARCH_PAGE_SIZE = 25;

/**
 * Reads a GET search (D6) from its query parameters: `where`, `orderBy` and `aggregations` as
 * JSON, `fields` as a comma list or JSON array, paging and link depths. A `where` of
 * `undefined` (a known client quirk, §7.3) means no filter; an unquoted `orderBy` such as
 * `-title` is passed on as the single-string form.
 */
export function searchInputFromQuery(params: QueryParams): SearchInput {
  return {
    ...parsePaging(params.pageindex, params.pagesize, DEFAULT_SEARCH_PAGE_SIZE),
    where: parseWhereParam(params.where),
    orderBy: parseOrderByParam(params.orderby),
    aggregations: parseAggregationsParam(params.aggregations),
    fields: parseFieldSelection(parseFieldList(params.fields)),
    linkDepth: parseLinkDepth(params.linkdepth),
    fieldLinkDepths: parseFieldLinkDepths(params.fieldlinkdepths),
  };
}

/**
 * Reads a POST search (D7): the query document in the body (§2.1), with `linkDepth` and
 * `fieldLinkDepths` taken from the query string first and from the body otherwise.
 */
export function searchInputFromBody(params: QueryParams, body: unknown): SearchInput {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw badRequest('The request body must be a JSON query object');
  }
  const query = body as Record<string, unknown>;
  const where = query.where;
  if (where !== undefined && where !== null && typeof where !== 'object') {
    throw badRequest("The 'where' property must be an array of expressions");
  }
  return {
    ...parsePaging(query.pageIndex, query.pageSize, DEFAULT_SEARCH_PAGE_SIZE),
    where: where ?? [],
    orderBy: query.orderBy ?? undefined,
    aggregations: query.aggregations ?? undefined,
    fields: parseFieldSelection(parseFieldList(query.fields)),
    linkDepth: parseLinkDepth(params.linkdepth ?? query.linkDepth),
    fieldLinkDepths: parseFieldLinkDepths(params.fieldlinkdepths ?? query.fieldLinkDepths),
  };
}

/** The ZenQL form of D4: paging, fields, link depths and aggregations beside `zenql`. */
export function zenqlInputFromQuery(
  params: QueryParams,
  parsed: { where: unknown[]; orderBy?: unknown },
): SearchInput {
  return {
    ...parsePaging(params.pageindex, params.pagesize, DEFAULT_SEARCH_PAGE_SIZE),
    where: parsed.where,
    orderBy: parsed.orderBy,
    aggregations: parseAggregationsParam(params.aggregations),
    fields: parseFieldSelection(parseFieldList(params.fields)),
    linkDepth: parseLinkDepth(params.linkdepth),
    fieldLinkDepths: parseFieldLinkDepths(params.fieldlinkdepths),
  };
}

function parseWhereParam(value: string | undefined): unknown {
  if (value === undefined || value.trim() === '' || value.trim() === 'undefined') return [];
  const parsed = parseJson(value, 'where');
  if (typeof parsed !== 'object' || parsed === null) {
    throw badRequest("The 'where' parameter must be a JSON array of expressions");
  }
  return parsed;
}

function parseOrderByParam(value: string | undefined): unknown {
  if (value === undefined || value.trim() === '') return undefined;
  const text = value.trim();
  // JSON forms start with [ or "; anything else is the bare `-field` form (§2.6).
  if (text.startsWith('[') || text.startsWith('"') || text.startsWith('{')) return parseJson(text, 'orderBy');
  return text;
}

function parseAggregationsParam(value: string | undefined): unknown {
  if (value === undefined || value.trim() === '') return undefined;
  const parsed = parseJson(value, 'aggregations');
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw badRequest("The 'aggregations' parameter must be a JSON object");
  }
  return parsed;
}
