import type { JsonObject, PagedList, VersionStatus } from '../../contract.js';
import {
  type EntryVersionRecord,
  getEntryVersion,
  getEntryVersionsByDocs,
  insertEntryVersion,
  parseEntryData,
} from '../../db/entries.js';
import { pagedList } from '../../delivery/paging.js';
import type { SearchInput } from '../../delivery/search-input.js';
import {
  indexEntryVersion,
  type SearchRequest,
  type SearchResult,
  searchEntries,
} from '../../search/index.js';
import type { EntryOperationContext } from './context.js';
import { ManagementEntryReader } from './reader.js';
import { listRecycleBin, type RecycledVariation } from './recycle-bin.js';

/** Options of {@link searchManagementEntries}. */
export interface ManagementSearchOptions {
  /** Also search the recycle bin (`includeDeleted`, contract §2.9). */
  includeDeleted: boolean;
}

/**
 * A management entry search (`GET`/`POST P/entries/search`, ZenQL on `GET P/entries`,
 * contract §4.2, §2): the platform's search engine over the latest versions unless the query
 * names a `sys.versionStatus`, each hit in the management shape. `includeArchived` is accepted
 * and changes nothing (nothing is archived on this platform).
 *
 * `includeDeleted` also searches the recycle bin. Recycled variations are not in the search
 * index (it only covers stored versions, which delivery reads), so for such a search they are
 * put back into it inside a transaction that is rolled back once the page has been read:
 * paging, ordering and aggregations then span both sets exactly, at the cost of indexing the
 * recycle bin per search — fine for a bin of hundreds, which is what it is meant to hold.
 */
export function searchManagementEntries(
  context: EntryOperationContext,
  input: SearchInput,
  options: ManagementSearchOptions,
): PagedList<JsonObject> {
  const { db, project } = context;
  context.authorize({ resourceType: 'entries' }, 'view');
  const request: SearchRequest = {
    projectId: project.id,
    where: input.where,
    orderBy: input.orderBy,
    pageIndex: input.pageIndex,
    pageSize: input.pageSize,
    aggregations: input.aggregations,
    defaultVersionStatus: 'latest',
    allowLatest: true,
    now: context.now(),
  };
  const bin = options.includeDeleted ? listRecycleBin(db, project.id) : [];
  const { result, records, recycled } =
    bin.length > 0 ? searchWithRecycleBin(context, request, bin) : plainSearch(context, request);
  const mentioned = versionStatusesIn(input.where);
  const reader = new ManagementEntryReader(db, project);
  const items: JsonObject[] = [];
  for (const hit of result.hits) {
    const record = records.get(hit.doc);
    if (!record) continue;
    const binned = recycled.get(hit.doc);
    const status: VersionStatus =
      hit.isLatest && (mentioned.size === 0 || mentioned.has('latest') || !hit.isPublished)
        ? 'latest'
        : 'published';
    items.push(
      binned
        ? reader.shape(binned.latest, 'latest', { at: binned.deleted, by: binned.deletedBy })
        : reader.shape(parseEntryData(record), status),
    );
  }
  const list = pagedList(input, result.totalCount, items);
  if (result.aggregations && input.aggregations !== undefined) list.aggregations = result.aggregations;
  return list;
}

interface SearchOutcome {
  result: SearchResult;
  records: Map<number, EntryVersionRecord>;
  /** Hits that are recycle-bin variations, by their temporary doc number. */
  recycled: Map<number, RecycledVariation>;
}

function plainSearch(context: EntryOperationContext, request: SearchRequest): SearchOutcome {
  const result = searchEntries(context.db, request);
  const records = getEntryVersionsByDocs(
    context.db,
    result.hits.map((hit) => hit.doc),
  );
  return { result, records, recycled: new Map() };
}

/** Thrown to roll back the temporary indexing of the recycle bin. */
class RollBack extends Error {}

function searchWithRecycleBin(
  context: EntryOperationContext,
  request: SearchRequest,
  bin: readonly RecycledVariation[],
): SearchOutcome {
  const { db, project } = context;
  // Outside the transaction first: validates the query (a malformed one fails before any
  // write) and lets the engine do its own housekeeping, which must not be rolled back.
  searchEntries(db, { ...request, pageIndex: 0, pageSize: 1, aggregations: undefined });
  let outcome: SearchOutcome | undefined;
  try {
    db.transaction(() => {
      const recycled = new Map<number, RecycledVariation>();
      for (const variation of bin) {
        // A variation recreated since it was deleted shadows its recycled copy.
        if (getEntryVersion(db, project.id, variation.entryId, variation.language, 'latest')) continue;
        const doc = insertEntryVersion(db, {
          projectId: project.id,
          entryId: variation.entryId,
          language: variation.language,
          isLatest: true,
          isPublished: false,
          contentTypeId: variation.contentTypeId,
          dataFormat: variation.dataFormat,
          versionNo: variation.latest.sys.version.versionNo,
          entryTitle: typeof variation.latest.entryTitle === 'string' ? variation.latest.entryTitle : '',
          data: JSON.stringify(variation.latest),
        });
        indexEntryVersion(db, doc, variation.latest);
        recycled.set(doc, variation);
      }
      const result = searchEntries(db, request);
      const records = getEntryVersionsByDocs(
        db,
        result.hits.map((hit) => hit.doc),
      );
      outcome = { result, records, recycled };
      throw new RollBack();
    })();
  } catch (error) {
    if (!(error instanceof RollBack)) throw error;
  }
  return outcome!;
}

/** Version statuses a `where` clause names through `sys.versionStatus` (lower case). */
function versionStatusesIn(where: unknown): Set<string> {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach(visit);
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    const expression = value as Record<string, unknown>;
    if (typeof expression.field === 'string' && expression.field.toLowerCase() === 'sys.versionstatus') {
      for (const operand of [expression.equalTo, ...(Array.isArray(expression.in) ? expression.in : [])]) {
        if (typeof operand === 'string') found.add(operand.toLowerCase());
      }
      return;
    }
    visit(expression.and);
    visit(expression.or);
    visit(expression.not);
  };
  visit(where);
  return found;
}
