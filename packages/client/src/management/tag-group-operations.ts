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
import type { PagedList, TagGroup, TagGroupUsageInfo } from './models.js';

/** Options of `tagGroups.list`. */
export interface TagGroupListOptions {
  language?: string | null;
  order?: string[] | null;
  pageOptions?: PageOptions | null;
  q?: string | null;
}

/** Options of `tagGroups.getUsage`. */
export interface TagGroupUsageOptions {
  id: string;
  pageOptions?: PageOptions | null;
}

/**
 * `managementClient.tagGroups` (also `managementClient.tags.groups`): groups of tags (contract
 * §4.2). Methods are `async`: validation errors arrive as a rejected promise.
 *
 * @example
 * await client.tagGroups.create({ id: 'topics', name: 'Topics' });
 * const { items } = await client.tagGroups.getUsage('topics');
 */
export class TagGroupOperations {
  constructor(private readonly context: ManagementContext) {}

  /** One tag group by id. */
  async get(id: string): Promise<TagGroup> {
    if (typeof id !== 'string' || id === '') throw new Error(ManagementMessages.tagGroupId);
    return sendToProject(this.context, `/taggroups/${encodeSegment(id)}`);
  }

  /** A page of tag groups. */
  async list(options: TagGroupListOptions = {}): Promise<PagedList<TagGroup>> {
    return sendToProject(this.context, '/taggroups', {
      params: {
        language: languageOf(this.context, options?.language),
        order: options?.order ?? null,
        ...pageParams(this.context, options?.pageOptions),
        q: options?.q ?? null,
      },
    });
  }

  /** Creates a tag group (`id` and `name` required). */
  async create(group: TagGroup): Promise<TagGroup> {
    if (!group) throw new Error(ManagementMessages.tagGroup);
    if (!group.id || !group.name) throw new Error(ManagementMessages.tagGroupIdAndName);
    return sendToProject(this.context, '/taggroups', { method: 'POST', body: group });
  }

  /** Replaces a tag group. */
  async update(group: TagGroup): Promise<TagGroup> {
    if (!group) throw new Error(ManagementMessages.tagGroup);
    if (!isNonEmptyString(group.id)) throw new Error(ManagementMessages.tagGroupIdValue);
    return sendToProject(this.context, `/taggroups/${encodeSegment(group.id)}`, {
      method: 'PUT',
      body: group,
    });
  }

  /** The content types and components whose fields use a tag group. */
  async getUsage(idOrOptions: string | TagGroupUsageOptions): Promise<PagedList<TagGroupUsageInfo>> {
    const options = typeof idOrOptions === 'string' ? { id: idOrOptions } : idOrOptions;
    if (!isNonEmptyString(options?.id)) throw new Error(ManagementMessages.tagGroupId);
    return sendToProject(this.context, `/taggroups/${encodeSegment(options.id)}/usage`, {
      params: pageParams(this.context, options.pageOptions),
    });
  }

  /** Deletes a tag group. */
  async delete(id: string): Promise<unknown> {
    if (!id) throw new Error(ManagementMessages.tagGroupId);
    return sendToProject(this.context, `/taggroups/${encodeSegment(id)}`, { method: 'DELETE' });
  }
}
