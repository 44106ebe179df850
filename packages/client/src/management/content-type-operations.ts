import { encodeSegment } from '../http/url.js';
import { isNonEmptyString, type ManagementContext, publishedOnly, sendToProject } from './context.js';
import { ManagementMessages } from './messages.js';
import type { ContentType, VersionStatus } from './models.js';

/** Options of `contentTypes.get` / `components.get`. */
export interface DefinitionGetOptions {
  id: string;
  /** Only `published` is sent; `latest` is the management default. */
  versionStatus?: VersionStatus | null;
  /** A specific version, `major.minor`; the server prefers it over `versionStatus`. */
  version?: string | null;
}

/** Options of `contentTypes.list`. */
export interface ContentTypeListOptions {
  /** e.g. `entry`, `asset`, `form`. */
  dataFormat?: string | null;
  versionStatus?: VersionStatus | null;
}

/**
 * `managementClient.contentTypes`: content type definitions (contract §4.2).
 *
 * @example
 * const article = await client.contentTypes.get('article');
 * await client.contentTypes.invokeWorkflow(article, 'publish');
 */
export class ContentTypeOperations {
  constructor(private readonly context: ManagementContext) {}

  /** Every content type, optionally of one data format. */
  list(options: ContentTypeListOptions = {}): Promise<ContentType[]> {
    return sendToProject(this.context, '/contenttypes', {
      params: {
        dataFormat: options?.dataFormat ?? null,
        versionStatus: publishedOnly(this.context, options?.versionStatus),
      },
    });
  }

  /** One content type by id, optionally a given version. */
  get(idOrOptions: string | DefinitionGetOptions): Promise<ContentType> {
    const options = typeof idOrOptions === 'string' ? { id: idOrOptions } : idOrOptions;
    if (!isNonEmptyString(options?.id)) throw new Error(ManagementMessages.contentTypeId);
    return sendToProject(this.context, `/contenttypes/${encodeSegment(options.id)}`, {
      params: {
        version: options.version ?? null,
        versionStatus: publishedOnly(this.context, options.versionStatus),
      },
    });
  }

  /** Creates a content type. */
  create(contentType: ContentType): Promise<ContentType> {
    if (!contentType) throw new Error(ManagementMessages.contentType);
    return sendToProject(this.context, '/contenttypes', { method: 'POST', body: contentType });
  }

  /** Replaces a content type. */
  update(contentType: ContentType): Promise<ContentType> {
    if (!contentType) throw new Error(ManagementMessages.contentType);
    if (!isNonEmptyString(contentType.id)) throw new Error(ManagementMessages.contentTypeId);
    return sendToProject(this.context, `/contenttypes/${encodeSegment(contentType.id)}`, {
      method: 'PUT',
      body: contentType,
    });
  }

  /** Deletes a content type. */
  delete(id: string): Promise<unknown> {
    if (!isNonEmptyString(id)) throw new Error(ManagementMessages.id);
    return sendToProject(this.context, `/contenttypes/${encodeSegment(id)}`, { method: 'DELETE' });
  }

  /**
   * Fires a workflow event (e.g. `publish`) on the content type's current version in its default
   * language.
   */
  invokeWorkflow(contentType: ContentType, event: string, data: unknown = null): Promise<ContentType> {
    if (!contentType) throw new Error(ManagementMessages.contentType);
    if (!isNonEmptyString(contentType.id)) throw new Error(ManagementMessages.contentTypeId);
    if (!contentType.defaultLanguage) throw new Error(ManagementMessages.contentTypeDefaultLanguage);
    if (!contentType.version?.versionNo) throw new Error(ManagementMessages.contentTypeVersionNo);
    if (!event) throw new Error(ManagementMessages.event);
    return sendToProject(this.context, `/contenttypes/${encodeSegment(contentType.id)}/workflow/events`, {
      method: 'POST',
      body: {
        language: contentType.defaultLanguage,
        version: contentType.version.versionNo,
        event,
        data: data ?? null,
      },
    });
  }
}
