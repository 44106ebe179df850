import { encodeSegment } from '../http/url.js';
import {
  isNonEmptyString,
  languageOf,
  type ManagementContext,
  type PageOptions,
  pageParams,
  sendToProject,
} from './context.js';
import { ManagementMessages } from './messages.js';
import type {
  BulkDeleteResult,
  PagedList,
  PagedUsageList,
  Tag,
  TagUsageInfo,
  VersionStatus,
} from './models.js';
import type { TagGroupOperations } from './tag-group-operations.js';

/** Options of `tags.get` by label: the tag of a group with that label. */
export interface TagByLabelOptions {
  groupId: string;
  label: string;
  language?: string | null;
}

/** Options of `tags.list`. */
export interface TagListOptions {
  /** Only the tags of this group. */
  groupId?: string | null;
  language?: string | null;
  /** Sort keys, `-` prefix for descending. */
  order?: string[] | null;
  pageOptions?: PageOptions | null;
  /** Text the tags contain. */
  q?: string | null;
}

/** Options of `tags.getUsage`. */
export interface TagUsageOptions {
  id: string;
  language?: string | null;
  pageOptions?: PageOptions | null;
  q?: string | null;
  /** `latest` (the management default) is sent; `published` is left out (contract §7.3 #11). */
  versionStatus?: VersionStatus | null;
}

/** Options of a bulk `tags.delete`: tags of one group. */
export interface TagBulkDeleteOptions {
  groupId: string;
  ids: string[];
}

/**
 * `managementClient.tags`: tags and, as `tags.groups`, tag groups (contract §4.2). Unlike the
 * other management operations these methods are `async`, so validation errors arrive as a
 * rejected promise (contract §5).
 *
 * @example
 * const transport = await client.tags.get({ groupId: 'topics', label: 'Transport' });
 * await client.tags.delete({ groupId: 'topics', ids: [oldId] }, transport.id);
 */
export class TagOperations {
  constructor(
    private readonly context: ManagementContext,
    /** Tag groups, also at `managementClient.tagGroups`. */
    readonly groups: TagGroupOperations,
  ) {}

  /** One tag by id, or the tag with a label in a group (404 when none). */
  async get(idOrOptions: string | TagByLabelOptions): Promise<Tag> {
    if (!idOrOptions) throw new Error(ManagementMessages.tagId);
    if (typeof idOrOptions === 'string') {
      return sendToProject(this.context, `/tags/${encodeSegment(idOrOptions)}`, {
        params: { language: languageOf(this.context) },
      });
    }
    const { groupId, label, language } = idOrOptions;
    if (!isNonEmptyString(groupId) || typeof label !== 'string') {
      throw new Error(ManagementMessages.tagGroupIdAndLabel);
    }
    return sendToProject(this.context, `/taggroups/${encodeSegment(groupId)}/tags`, {
      params: { label, language: languageOf(this.context, language) },
    });
  }

  /** A page of tags, of one group or of all. */
  async list(groupIdOrOptions: string | TagListOptions = {}): Promise<PagedList<Tag>> {
    const options: TagListOptions =
      typeof groupIdOrOptions === 'string' ? { groupId: groupIdOrOptions } : (groupIdOrOptions ?? {});
    const path = options.groupId ? `/taggroups/${encodeSegment(options.groupId)}/tags` : '/tags';
    return sendToProject(this.context, path, {
      params: {
        language: languageOf(this.context, options.language),
        order: options.order ?? null,
        ...pageParams(this.context, options.pageOptions),
        q: options.q ?? null,
      },
    });
  }

  /** Creates a tag: `groupId`, `value` and a localised `label` (optionally an `id`). */
  async create(tag: Tag): Promise<Tag> {
    if (!tag) throw new Error(ManagementMessages.tag);
    if (!tag.value || !tag.groupId || !tag.label) throw new Error(ManagementMessages.tagValueGroupAndLabel);
    return sendToProject(this.context, '/tags', { method: 'POST', body: tag });
  }

  /** Replaces a tag. */
  async update(tag: Tag): Promise<Tag> {
    if (!tag) throw new Error(ManagementMessages.tag);
    if (!isNonEmptyString(tag.id)) throw new Error(ManagementMessages.tagIdValue);
    return sendToProject(this.context, `/tags/${encodeSegment(tag.id)}`, { method: 'PUT', body: tag });
  }

  /** The entries that use a tag. */
  async getUsage(idOrOptions: string | TagUsageOptions): Promise<PagedUsageList<TagUsageInfo>> {
    const options = typeof idOrOptions === 'string' ? { id: idOrOptions } : idOrOptions;
    if (!isNonEmptyString(options?.id)) throw new Error(ManagementMessages.tagId);
    const versionStatus = options.versionStatus || this.context.config.versionStatus;
    return sendToProject(this.context, `/tags/${encodeSegment(options.id)}/usage`, {
      params: {
        language: languageOf(this.context, options.language),
        ...pageParams(this.context, options.pageOptions),
        q: options.q ?? null,
        versionStatus: versionStatus === 'published' ? null : versionStatus,
      },
    });
  }

  /**
   * Deletes one tag, or several tags of one group (`DELETE …/tags/bulk` with the ids as body).
   * With `replacementTagId` the deleted tags' usages point to that tag instead.
   */
  delete(id: string, replacementTagId?: string | null): Promise<unknown>;
  delete(options: TagBulkDeleteOptions, replacementTagId?: string | null): Promise<BulkDeleteResult>;
  async delete(
    idOrOptions: string | TagBulkDeleteOptions,
    replacementTagId?: string | null,
  ): Promise<BulkDeleteResult | unknown> {
    if (!idOrOptions) throw new Error(ManagementMessages.tagId);
    const params = { replacementTagId: replacementTagId ?? null };
    if (typeof idOrOptions === 'string') {
      return sendToProject(this.context, `/tags/${encodeSegment(idOrOptions)}`, { method: 'DELETE', params });
    }
    const { groupId, ids } = idOrOptions;
    if (!isNonEmptyString(groupId) || !Array.isArray(ids) || ids.length === 0) {
      throw new Error(ManagementMessages.tagBulkDelete);
    }
    return sendToProject(this.context, `/taggroups/${encodeSegment(groupId)}/tags/bulk`, {
      method: 'DELETE',
      params,
      body: ids,
    });
  }
}
