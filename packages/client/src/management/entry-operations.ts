import type { PagedSearchList } from '../delivery/models.js';
import { encodeSegment } from '../http/url.js';
import { isQueryLike, ZenqlQuery } from '../query/index.js';
import { assetFormData, isNodeProcess } from './asset-upload.js';
import {
  isNonEmptyString,
  languageOf,
  type ManagementContext,
  type PageOptions,
  pageParams,
  projectRoot,
  publishedOnly,
  sendToProject,
} from './context.js';
import { ManagementMessages } from './messages.js';
import type {
  AssetInput,
  AssetUpload,
  EntryInput,
  EntryUsageInfo,
  ManagementEntry,
  PagedList,
  PagedUsageList,
  VersionStatus,
  WorkflowTrigger,
} from './models.js';
import {
  type ManagementSearchQuery,
  type ManagementZenqlSearchQuery,
  searchWithFallback,
  toManagementSearchBody,
  toManagementSearchParams,
  toManagementZenqlParams,
} from './search-encoding.js';

/** Options of `entries.get`. */
export interface ManagementEntryGetOptions {
  id: string;
  /** Falls back to the configured language. */
  language?: string | null;
  /** Only `published` is sent; `latest` is the management default. */
  versionStatus?: VersionStatus | null;
  /** A specific version, `major.minor`. */
  version?: string | null;
}

/** Options of `entries.list`. */
export interface ManagementEntryListOptions {
  /** Only entries of this content type. */
  contentTypeId?: string | null;
  language?: string | null;
  versionStatus?: VersionStatus | null;
  /** Sort keys, `-` prefix for descending. */
  order?: string[] | null;
  pageOptions?: PageOptions | null;
}

/**
 * Options of `entries.getUsage`. The official typings also declare `contentTypeId` and `query`,
 * which its client never sends (contract §7.3 #5); they are left out here rather than accepted
 * and ignored.
 */
export interface EntryUsageOptions {
  id: string;
  language?: string | null;
  pageOptions?: PageOptions | null;
  version?: string | null;
  versionStatus?: VersionStatus | null;
}

/** What management `entries.search` accepts: a JSON query, a ZenQL query, or ZenQL text. */
export type ManagementEntrySearchQuery =
  | ManagementSearchQuery
  | ZenqlQuery
  | ManagementZenqlSearchQuery
  | string;

/**
 * `managementClient.entries`: read, search, write and move entries through their workflow
 * (contract §4.2). Validation errors are thrown synchronously, before any request.
 *
 * @example
 * const entry = await client.entries.get({ id, language: 'en-GB' });
 * entry.entryTitle = 'Bridge reopens';
 * const saved = await client.entries.update(entry);
 * await client.entries.invokeWorkflow(saved, 'draft.submit');
 */
export class ManagementEntryOperations {
  constructor(private readonly context: ManagementContext) {}

  /** One entry by id. */
  get(idOrOptions: string | ManagementEntryGetOptions): Promise<ManagementEntry> {
    const options = typeof idOrOptions === 'string' ? { id: idOrOptions } : idOrOptions;
    if (!isNonEmptyString(options?.id)) throw new Error(ManagementMessages.entryId);
    return sendToProject(this.context, `/entries/${encodeSegment(options.id)}`, {
      params: {
        language: languageOf(this.context, options.language),
        version: options.version ?? null,
        versionStatus: publishedOnly(this.context, options.versionStatus),
      },
    });
  }

  /** A page of entries, of one content type or of all. */
  list(
    contentTypeIdOrOptions: string | ManagementEntryListOptions = {},
  ): Promise<PagedList<ManagementEntry>> {
    const options: ManagementEntryListOptions =
      typeof contentTypeIdOrOptions === 'string'
        ? { contentTypeId: contentTypeIdOrOptions }
        : (contentTypeIdOrOptions ?? {});
    const path = options.contentTypeId
      ? `/contenttypes/${encodeSegment(options.contentTypeId)}/entries`
      : '/entries';
    return sendToProject(this.context, path, {
      params: {
        language: languageOf(this.context, options.language),
        order: options.order ?? null,
        ...pageParams(this.context, options.pageOptions),
        versionStatus: publishedOnly(this.context, options.versionStatus),
      },
    });
  }

  /**
   * Searches entries. A JSON query ({@link ManagementQuery} or a plain object) goes to
   * `GET P/entries/search` (as POST only in old Internet Explorer with a long URL); ZenQL text or a
   * ZenQL query goes to `GET P/entries`. `includeArchived` / `includeDeleted` widen the search.
   * A falsy query resolves `null`; any other non-query throws 'A valid query needs to be
   * specified.' synchronously.
   *
   * @example
   * const query = new ManagementQuery(Op.equalTo('sys.contentTypeId', 'article'));
   * query.includeDeleted = true;
   * const { items } = await client.entries.search(query);
   */
  search(
    query: ManagementEntrySearchQuery | null | undefined,
  ): Promise<PagedSearchList<ManagementEntry> | null> {
    if (!query) return Promise.resolve(null);
    const encoding = { defaultPageSize: this.context.config.pageSize };
    const zenql = asZenql(query);
    if (zenql) {
      return sendToProject(this.context, '/entries', { params: toManagementZenqlParams(zenql, encoding) });
    }
    if (!isQueryLike(query)) throw new Error(ManagementMessages.query);
    const jsonQuery = query as ManagementSearchQuery;
    return searchWithFallback(
      this.context,
      `${projectRoot(this.context)}/entries/search`,
      toManagementSearchParams(jsonQuery, encoding),
      () => toManagementSearchBody(jsonQuery, encoding),
    );
  }

  /** Creates an entry; `sys` needs a `contentTypeId` or a `dataFormat`, and a `language`. */
  create(entry: EntryInput): Promise<ManagementEntry> {
    if (!entry) throw new Error(ManagementMessages.entry);
    if (!entry.sys || (!entry.sys.contentTypeId && !entry.sys.dataFormat)) {
      throw new Error(ManagementMessages.entryContentTypeOrDataFormat);
    }
    return sendToProject(this.context, '/entries', { method: 'POST', body: entry });
  }

  /**
   * Replaces an entry's language variation. `sys.version.versionNo` must name the version being
   * replaced; the server answers 422 when it is not the latest.
   */
  update(entry: EntryInput): Promise<ManagementEntry> {
    if (!entry) throw new Error(ManagementMessages.entry);
    const id = entry.sys?.id;
    if (!isNonEmptyString(id)) throw new Error(ManagementMessages.entryIdValue);
    return sendToProject(this.context, `/entries/${encodeSegment(id)}`, { method: 'PUT', body: entry });
  }

  /** Where an entry is used. `versionStatus` is sent only when `published`. */
  getUsage(idOrOptions: string | EntryUsageOptions): Promise<PagedUsageList<EntryUsageInfo>> {
    const options = typeof idOrOptions === 'string' ? { id: idOrOptions } : idOrOptions;
    if (!isNonEmptyString(options?.id)) throw new Error(ManagementMessages.entryId);
    return sendToProject(this.context, `/entries/${encodeSegment(options.id)}/usage`, {
      params: {
        language: languageOf(this.context, options.language),
        ...pageParams(this.context, options.pageOptions),
        version: options.version ?? null,
        versionStatus: publishedOnly(this.context, options.versionStatus),
      },
    });
  }

  /**
   * Deletes an entry's language variations, to the recycle bin unless `permanent`; all or nothing
   * across the languages. Which variations: `languages` when given, else the client's configured
   * `language` (as the official SDK scopes it), else every variation.
   *
   * @example
   * const welsh = ManagementClient.create({ ...config, language: 'cy' });
   * await welsh.entries.delete(id); // deletes only the Welsh variation
   * await welsh.entries.delete(id, ['cy', 'en-GB'], true); // both, permanently
   */
  delete(id: string, languages?: string[] | null, permanent = false): Promise<unknown> {
    if (!isNonEmptyString(id)) throw new Error(ManagementMessages.id);
    const language = languages && languages.length > 0 ? languages : languageOf(this.context);
    return sendToProject(this.context, `/entries/${encodeSegment(id)}`, {
      method: 'DELETE',
      params: { language, permanent: permanent ? true : null },
    });
  }

  /** Fires a workflow event (e.g. `draft.submit`, `publish`) on the entry's language and version. */
  invokeWorkflow(entry: EntryInput, event: string, data: unknown = null): Promise<ManagementEntry> {
    if (!entry) throw new Error(ManagementMessages.entry);
    const id = entry.sys?.id;
    if (!isNonEmptyString(id)) throw new Error(ManagementMessages.entryIdValue);
    if (!entry.sys.language) throw new Error(ManagementMessages.entryLanguage);
    if (!entry.sys.version?.versionNo) throw new Error(ManagementMessages.entryVersionNo);
    if (!event) throw new Error(ManagementMessages.event);
    return sendToProject(this.context, `/entries/${encodeSegment(id)}/workflow/events`, {
      method: 'POST',
      body: { language: entry.sys.language, version: entry.sys.version.versionNo, event, data: data ?? null },
    });
  }

  /** Fires a workflow trigger as given, e.g. `{ language: 'en-GB', event: '*.sysUnpublish' }`. */
  invokeWorkflowByTrigger(entry: EntryInput, trigger: WorkflowTrigger): Promise<ManagementEntry> {
    if (!entry) throw new Error(ManagementMessages.entry);
    const id = entry.sys?.id;
    if (!isNonEmptyString(id)) throw new Error(ManagementMessages.entryIdValue);
    if (!trigger) throw new Error(ManagementMessages.workflowTrigger);
    return sendToProject(this.context, `/entries/${encodeSegment(id)}/workflow/events`, {
      method: 'POST',
      body: trigger,
    });
  }

  /**
   * Node.js only: uploads a file (`POST P/assets`, multipart) and creates the asset entry that
   * holds it under `parentNodePath` (contract §7.8). `sys.dataFormat` defaults to `asset`.
   *
   * @example
   * const photo = await client.entries.createAsset(
   *   { title: 'Bridge at dawn', sys: { contentTypeId: 'image', language: 'en-GB' } },
   *   './photos/bridge.jpg',
   *   '/uploads/images',
   * );
   */
  createAsset(asset: AssetInput, filePath: string, parentNodePath: string): Promise<ManagementEntry> {
    if (!isNodeProcess()) throw new Error(ManagementMessages.nodeOnly('createAsset'));
    if (!asset) throw new Error(ManagementMessages.asset);
    if (!filePath) throw new Error(ManagementMessages.assetFilePath);
    if (!parentNodePath) throw new Error(ManagementMessages.parentNodePath);
    return this.uploadAsset(filePath).then((fileId) =>
      this.create({
        ...asset,
        sys: { ...asset.sys, dataFormat: asset.sys?.dataFormat || 'asset' },
        sysAssetFile: { fileId, parentNodePath },
      }),
    );
  }

  /**
   * Node.js only: replaces an asset entry, first uploading a new file when `filePath` is given
   * (its `sysAssetFile` then becomes `{ fileId }`). Keep the current `sys.version.versionNo`.
   */
  updateAsset(asset: AssetInput, filePath?: string | null): Promise<ManagementEntry> {
    if (!isNodeProcess()) throw new Error(ManagementMessages.nodeOnly('updateAsset'));
    if (!asset) throw new Error(ManagementMessages.asset);
    const entry = { ...asset, sys: { ...asset.sys } };
    if (!filePath) return this.update(entry);
    // Checked before the upload so a doomed update does not leave an orphaned file behind.
    if (!isNonEmptyString(entry.sys.id)) throw new Error(ManagementMessages.entryIdValue);
    return this.uploadAsset(filePath).then((fileId) => this.update({ ...entry, sysAssetFile: { fileId } }));
  }

  private async uploadAsset(filePath: string): Promise<string> {
    const form = await assetFormData(filePath);
    const uploads = await sendToProject<AssetUpload[]>(this.context, '/assets', {
      method: 'POST',
      body: form,
    });
    const fileId = Array.isArray(uploads) ? uploads[0]?.fileId : undefined;
    if (!fileId) throw new Error(ManagementMessages.assetNotUploaded);
    return fileId;
  }
}

function asZenql(query: ManagementEntrySearchQuery): ManagementZenqlSearchQuery | null {
  if (typeof query === 'string') return new ZenqlQuery(query);
  if (query instanceof ZenqlQuery) return query;
  if (typeof (query as ManagementZenqlSearchQuery).zenql === 'string' && !isQueryLike(query)) {
    return query as ManagementZenqlSearchQuery;
  }
  return null;
}
