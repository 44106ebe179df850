import type { JsonObject, PagedList, VersionStatus } from '../../contract.js';
import { getContentType } from '../../db/content-types.js';
import {
  entryIdentity,
  findEntryVersionsMentioning,
  getEntryVersion,
  listManagementEntryVersions,
  parseEntryData,
} from '../../db/entries.js';
import { parseOrder } from '../../delivery/entries.js';
import { badRequest, HttpError, notFound } from '../../delivery/errors.js';
import { pagedList } from '../../delivery/paging.js';
import { parsePaging, type QueryParams } from '../../delivery/params.js';
import { type PagedUsageList, usagePage } from '../usage-list.js';
import { formatVersionNo, parseVersionNo } from '../version-numbers.js';
import { type EntryOperationContext, loadVariation, resourceTypesOf } from './context.js';
import { ManagementEntryReader } from './reader.js';
import { getArchivedVersion, recycledMentioning, recycledVariationsOf } from './recycle-bin.js';
import { projectLanguage } from './storage.js';
import { usageItems } from './usage.js';

/**
 * `versionStatus` of a management read: `latest` unless `published` is asked for (the
 * management default, contract §4.1).
 */
export function managementVersionStatus(value: string | undefined): VersionStatus {
  if (value === undefined || value.trim() === '') return 'latest';
  const lower = value.trim().toLowerCase();
  if (lower === 'latest' || lower === 'published') return lower;
  throw badRequest(`The 'versionStatus' parameter must be 'published' or 'latest'`, {
    versionStatus: value.slice(0, 40),
  });
}

/** The language a management request names (422 when unsupported), else undefined. */
export function requestedLanguage(
  context: EntryOperationContext,
  value: string | undefined,
): string | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const language = projectLanguage(context.project, value);
  if (!language) {
    throw new HttpError(422, `The language '${value.slice(0, 40)}' is not supported by the project`, {
      language: value.slice(0, 40),
    });
  }
  return language;
}

/**
 * `GET P/entries/{id}` (contract §4.2): one variation (the request's `language`, else the
 * project's primary one) in its latest version, its published one (`versionStatus=published`)
 * or a given `version` (`major.minor`, which wins), in the management shape.
 */
export function getManagementEntry(
  context: EntryOperationContext,
  entryId: string,
  params: QueryParams,
): JsonObject {
  const { db, project } = context;
  const language = requestedLanguage(context, params.language) ?? project.primaryLanguage;
  const versionStatus = managementVersionStatus(params.versionstatus);
  const versionParam = params.version?.trim();
  const version = versionParam ? parseVersionNo(versionParam) : undefined;
  if (versionParam && !version) throw badRequest(`The 'version' parameter must look like '1.0'`);
  const identity = entryIdentity(db, project.id, entryId);
  const missing = () =>
    notFound('The entry could not be found', {
      entryId,
      projectId: project.id,
      language,
      ...(version ? { version: formatVersionNo(version) } : { versionStatus }),
    });
  if (!identity) throw missing();
  context.authorize(
    { resourceType: resourceTypesOf(identity.dataFormat).permission, id: identity.contentTypeId, language },
    'view',
  );
  const reader = new ManagementEntryReader(db, project);
  if (version) {
    const wanted = formatVersionNo(version);
    const variation = loadVariation(db, project.id, entryId, language);
    if (variation?.latest.versionNo === wanted) return reader.shape(variation.latestDoc, 'latest');
    if (variation?.published?.versionNo === wanted && variation.publishedDoc)
      return reader.shape(variation.publishedDoc, 'published');
    const archived = getArchivedVersion(db, project.id, entryId, language, wanted);
    if (!archived) throw missing();
    return reader.shape(archived);
  }
  const record = getEntryVersion(db, project.id, entryId, language, versionStatus);
  if (!record) throw missing();
  return reader.shape(parseEntryData(record), versionStatus);
}

/** The `dataFormat` filter of `GET P/entries`: entries (default), assets or all. */
export function listDataFormat(value: string | undefined): 'entry' | 'asset' | undefined {
  const lower = (value ?? '').trim().toLowerCase();
  if (lower === '' || lower === 'entries' || lower === 'entry') return 'entry';
  if (lower === 'assets' || lower === 'asset') return 'asset';
  if (lower === 'all') return undefined;
  throw badRequest(`The 'dataFormat' parameter must be 'entries', 'assets' or 'all'`, {
    dataFormat: value?.slice(0, 40),
  });
}

/**
 * `GET P/entries` and `GET P/contenttypes/{contentTypeId}/entries` (contract §4.2): a page of
 * latest (default) or published versions in one language (the request's, else the primary
 * language), ordered by `order` then title. `P/entries` lists `dataFormat` = entries (default),
 * assets or all; a content type's list holds whatever that type is.
 */
export function listManagementEntries(
  context: EntryOperationContext,
  params: QueryParams,
  contentTypeId?: string,
): PagedList<JsonObject> {
  const { db, project } = context;
  let dataFormat: 'entry' | 'asset' | undefined;
  if (contentTypeId !== undefined) {
    const contentType = getContentType(db, project.id, contentTypeId);
    if (!contentType)
      throw notFound('The content type could not be found', { contentTypeId, projectId: project.id });
    context.authorize(
      { resourceType: resourceTypesOf(contentType.dataFormat).permission, id: contentTypeId },
      'view',
    );
  } else {
    dataFormat = listDataFormat(params.dataformat);
    if (dataFormat !== 'asset') context.authorize({ resourceType: 'entries' }, 'view');
    if (dataFormat !== 'entry') context.authorize({ resourceType: 'assets' }, 'view');
  }
  const language = requestedLanguage(context, params.language) ?? project.primaryLanguage;
  const versionStatus = managementVersionStatus(params.versionstatus);
  const paging = parsePaging(params.pageindex, params.pagesize);
  const { total, records } = listManagementEntryVersions(db, {
    projectId: project.id,
    language,
    status: versionStatus,
    ...(contentTypeId !== undefined ? { contentTypeId } : {}),
    ...(dataFormat !== undefined ? { dataFormat } : {}),
    order: parseOrder(params.order),
    offset: paging.pageIndex * paging.pageSize,
    limit: paging.pageSize,
  });
  const reader = new ManagementEntryReader(db, project);
  return pagedList(
    paging,
    total,
    records.map((record) => reader.shape(parseEntryData(record), versionStatus)),
  );
}

/**
 * `GET P/entries/{id}/usage` (contract §4.2): one item per link from another entry's latest
 * (default) or published version to this entry — to its `language` variation when one is
 * named — ordered by title. `totalRecycleBinCount` counts such links held by entries in the
 * recycle bin; nothing is ever archived on this platform, so `totalArchivedCount` is 0.
 */
export function entryUsage(
  context: EntryOperationContext,
  entryId: string,
  params: QueryParams,
): PagedUsageList {
  const { db, project } = context;
  const language = requestedLanguage(context, params.language);
  const versionStatus = managementVersionStatus(params.versionstatus);
  const paging = parsePaging(params.pageindex, params.pagesize);
  const identity = entryIdentity(db, project.id, entryId) ?? recycledVariationsOf(db, project.id, entryId)[0];
  if (!identity) throw notFound('The entry could not be found', { entryId, projectId: project.id });
  context.authorize(
    {
      resourceType: resourceTypesOf(identity.dataFormat).permission,
      id: identity.contentTypeId,
      ...(language ? { language } : {}),
    },
    'view',
  );
  const items = findEntryVersionsMentioning(db, project.id, entryId, versionStatus).flatMap((record) =>
    usageItems(parseEntryData(record), entryId, language),
  );
  const recycled = recycledMentioning(db, project.id, entryId).flatMap((variation) =>
    usageItems(variation.latest, entryId, language),
  );
  return usagePage(paging, items, { archived: 0, recycleBin: recycled.length });
}
