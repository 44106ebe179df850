import type { JsonObject, PagedList, VersionStatus } from '../contract.js';
import type { EntryVersionRecord } from '../db/entries.js';
import {
  type EntryOrder,
  getEntryVersion,
  getEntryVersionsByDocs,
  listEntryVersions,
  ORDER_FIELD_PATTERN,
  parseEntryData,
} from '../db/entries.js';
import { parseZenql, type SearchRequest, type SearchResult, searchEntries } from '../search/index.js';
import type { DeliveryContext } from './context.js';
import { EntryShaper } from './entry-shaper.js';
import { badRequest, HttpError, notFound } from './errors.js';
import { parseFieldSelection } from './field-selection.js';
import { pagedList } from './paging.js';
import {
  parseFieldLinkDepths,
  parseFieldList,
  parseLanguage,
  parseLinkDepth,
  parsePaging,
  parseVersionStatus,
  type QueryParams,
} from './params.js';
import {
  type SearchInput,
  searchInputFromBody,
  searchInputFromQuery,
  zenqlInputFromQuery,
} from './search-input.js';

/**
 * The version status a request asks for; `latest` needs preview rights (drafts are not
 * public), so without them it is a 403.
 */
export function requestedVersionStatus(context: DeliveryContext, value: string | undefined): VersionStatus {
  const status = parseVersionStatus(value);
  if (status === 'latest' && !context.principal.canPreview) {
    throw new HttpError(403, 'The access token does not allow reading unpublished (latest) content', {
      versionStatus: 'latest',
      projectId: context.project.id,
    });
  }
  return status;
}

/**
 * D3: one entry variation. Without `language` the project's primary language is served; a
 * variation (or version) that does not exist is a 404.
 */
export function getEntry(context: DeliveryContext, entryId: string, params: QueryParams): JsonObject {
  const language = parseLanguage(context.project, params.language);
  const versionStatus = requestedVersionStatus(context, params.versionstatus);
  const shaper = new EntryShaper(context, {
    language,
    versionStatus,
    linkDepth: parseLinkDepth(params.linkdepth),
    fieldLinkDepths: parseFieldLinkDepths(params.fieldlinkdepths),
    fields: parseFieldSelection(parseFieldList(params.fields)),
  });
  // Before looking for the variation, so a refused visitor learns nothing of what exists.
  context.access.require(entryId);
  const effective = language ?? context.project.primaryLanguage;
  const record = getEntryVersion(context.db, context.project.id, entryId, effective, versionStatus);
  if (!record) {
    throw notFound('The entry could not be found', {
      entryId,
      projectId: context.project.id,
      language: effective,
      versionStatus,
    });
  }
  return shaper.shape(parseEntryData(record));
}

/**
 * D4 / D5: a page of entries in one language (the request's, else the primary language),
 * optionally of one content type, ordered by `order` (comma list, `-` = descending) and then
 * by entry title. D4 with `zenql` is a ZenQL search instead.
 */
export function listEntries(context: DeliveryContext, params: QueryParams, contentTypeId?: string): Answer {
  if (contentTypeId === undefined && params.zenql !== undefined) return zenqlSearch(context, params);
  if (contentTypeId !== undefined) {
    if (!context.contentType(contentTypeId)) {
      throw notFound('The content type could not be found', { contentTypeId, projectId: context.project.id });
    }
    context.keys.contentType(contentTypeId);
  }
  const language = parseLanguage(context.project, params.language);
  const versionStatus = requestedVersionStatus(context, params.versionstatus);
  const paging = parsePaging(params.pageindex, params.pagesize);
  const order = parseOrder(params.order);
  const shaper = new EntryShaper(context, {
    language,
    versionStatus,
    linkDepth: parseLinkDepth(params.linkdepth),
    fieldLinkDepths: parseFieldLinkDepths(params.fieldlinkdepths),
    fields: parseFieldSelection(parseFieldList(params.fields)),
  });
  const { total, records } = listEntryVersions(context.db, {
    projectId: context.project.id,
    language: language ?? context.project.primaryLanguage,
    status: versionStatus,
    ...(contentTypeId !== undefined ? { contentTypeId } : {}),
    order,
    offset: paging.pageIndex * paging.pageSize,
    limit: paging.pageSize,
    hidden: (column, bind) => context.access.hiddenSql(column, bind),
  });
  return pagedList(
    paging,
    total,
    records.map((record) => shaper.shape(parseEntryData(record))),
  );
}

/** D6: a search from GET parameters. */
export function searchEntriesFromQuery(context: DeliveryContext, params: QueryParams): Answer {
  return runSearch(context, searchInputFromQuery(params));
}

/** D7: a search from a POST body. */
export function searchEntriesFromBody(context: DeliveryContext, params: QueryParams, body: unknown): Answer {
  return runSearch(context, searchInputFromBody(params, body));
}

function zenqlSearch(context: DeliveryContext, params: QueryParams): Answer {
  const text = params.zenql ?? '';
  if (text.trim() === '') throw badRequest("The 'zenql' parameter is empty");
  return runSearch(context, zenqlInputFromQuery(params, parseZenql(text)));
}

/** A search's answer: at once in-process, or later from the context's search pool. */
type Answer = PagedList<JsonObject> | Promise<PagedList<JsonObject>>;

/**
 * Runs a search and shapes its hits: on the context's search pool when it has one (the
 * search and the reading of its hits then happen on a worker's connection, in one snapshot),
 * else on the request's connection. Each hit is served as the version the search matched:
 * `latest` when the query asked for latest versions and the hit is one, else `published`
 * when the hit is published. A hit that has a `distance` gets it inside its location value.
 */
function runSearch(context: DeliveryContext, input: SearchInput): Answer {
  const request: SearchRequest = {
    projectId: context.project.id,
    where: input.where,
    orderBy: input.orderBy,
    pageIndex: input.pageIndex,
    pageSize: input.pageSize,
    aggregations: input.aggregations,
    defaultVersionStatus: 'published',
    allowLatest: context.principal.canPreview,
    hidden: (column, bind) => context.access.hiddenSql(column, bind),
    now: context.now(),
  };
  if (context.searchPool) {
    return context.searchPool
      .search(request)
      .then(({ result, records }) => shapeSearch(context, input, result, records));
  }
  const result = searchEntries(context.db, request);
  const records = getEntryVersionsByDocs(
    context.db,
    result.hits.map((hit) => hit.doc),
  );
  return shapeSearch(context, input, result, records);
}

function shapeSearch(
  context: DeliveryContext,
  input: SearchInput,
  result: SearchResult,
  records: Map<number, EntryVersionRecord>,
): PagedList<JsonObject> {
  const wantsLatest = mentionsLatest(input.where);
  const shapers = new Map<VersionStatus, EntryShaper>();
  const shaperFor = (versionStatus: VersionStatus) => {
    let shaper = shapers.get(versionStatus);
    if (!shaper) {
      shaper = new EntryShaper(context, {
        language: undefined,
        versionStatus,
        linkDepth: input.linkDepth,
        fieldLinkDepths: input.fieldLinkDepths,
        fields: input.fields,
      });
      shapers.set(versionStatus, shaper);
    }
    return shaper;
  };
  const items: JsonObject[] = [];
  for (const hit of result.hits) {
    const record = records.get(hit.doc);
    if (!record) continue;
    const status: VersionStatus = (wantsLatest && hit.isLatest) || !hit.isPublished ? 'latest' : 'published';
    let entry = shaperFor(status).shape(parseEntryData(record), status);
    if (hit.distance) entry = withDistance(entry, hit.distance.field, hit.distance.value);
    items.push(entry);
  }
  const list = pagedList(input, result.totalCount, items);
  if (result.aggregations && input.aggregations !== undefined) list.aggregations = result.aggregations;
  return list;
}

/** Whether a where clause mentions `sys.versionStatus` = `latest` anywhere. */
function mentionsLatest(where: unknown): boolean {
  if (Array.isArray(where)) return where.some(mentionsLatest);
  if (typeof where !== 'object' || where === null) return false;
  const expression = where as Record<string, unknown>;
  if (typeof expression.field === 'string' && expression.field.toLowerCase() === 'sys.versionstatus') {
    const values = [expression.equalTo, ...(Array.isArray(expression.in) ? expression.in : [])];
    return values.some((value) => typeof value === 'string' && value.toLowerCase() === 'latest');
  }
  return [expression.and, expression.or, expression.not].some(mentionsLatest);
}

function withDistance(entry: JsonObject, field: string, distance: number): JsonObject {
  const [head, ...rest] = field.split('.');
  if (head === undefined) return entry;
  const value = entry[head];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return entry;
  const updated =
    rest.length === 0
      ? { ...(value as JsonObject), distance }
      : withDistance(value as JsonObject, rest.join('.'), distance);
  return { ...entry, [head]: updated };
}

/** Parses a list `order`: comma-separated field ids or `sys.*` paths, `-` descending, `+` ascending. */
export function parseOrder(value: string | undefined): EntryOrder[] {
  if (value === undefined || value.trim() === '') return [];
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      const descending = part.startsWith('-');
      const field = descending || part.startsWith('+') ? part.slice(1).trim() : part;
      if (!ORDER_FIELD_PATTERN.test(field)) {
        throw badRequest(`The 'order' parameter contains an invalid field name '${field.slice(0, 100)}'`);
      }
      return { field, descending };
    });
}
