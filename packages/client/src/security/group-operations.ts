import type { PagedList } from '../delivery/models.js';
import { encodeSegment } from '../http/url.js';
import { isNonEmptyString, type ManagementContext, SECURITY_ROOT, send } from '../management/context.js';
import {
  type ChildGroupListOptions,
  flag,
  type GroupMemberListOptions,
  groupList,
  listParams,
  type SecurityListOptions,
} from './list-options.js';
import { headExists } from './membership.js';
import { SecurityMessages } from './messages.js';
import type { Group, GroupInput, User } from './models.js';

const GROUPS = `${SECURITY_ROOT}/groups`;

/**
 * `managementClient.security.groups`: user groups and their members (contract §4.4). A group is
 * addressed by id or by name. Validation errors are thrown synchronously, before any request.
 *
 * @example
 * const team = await client.security.groups.create({ name: 'News team' });
 * await client.security.groups.addUsers(team.id, [alex.id, sam.id]);
 * const { items } = await client.security.groups.getUsersByGroupName('News team', { includeInherited: true });
 */
export class GroupOperations {
  constructor(private readonly context: ManagementContext) {
    if (!context?.http || !context.config) throw new Error(SecurityMessages.groupOperationsInit);
  }

  /** A group by id. */
  getById(id: string): Promise<Group> {
    if (!isNonEmptyString(id)) throw new Error(SecurityMessages.groupIdValue);
    return send(this.context, `${GROUPS}/${encodeSegment(id)}`);
  }

  /** A group by name. */
  getByName(name: string): Promise<Group> {
    if (!isNonEmptyString(name)) throw new Error(SecurityMessages.groupNameValue);
    return send(this.context, `${GROUPS}/${encodeSegment(name)}`);
  }

  /** A page of groups. Without options no parameters are sent (contract §7.3 #10). */
  list(options?: SecurityListOptions | null): Promise<PagedList<Group>> {
    return send(this.context, GROUPS, { params: listParams(this.context, options) });
  }

  /** Creates a group (`name` required). */
  create(group: GroupInput): Promise<Group> {
    if (!group) throw new Error(SecurityMessages.group);
    return send(this.context, GROUPS, { method: 'POST', body: group });
  }

  /** Replaces a group. */
  update(group: GroupInput): Promise<Group> {
    if (!group) throw new Error(SecurityMessages.group);
    if (!isNonEmptyString(group.id)) throw new Error(SecurityMessages.groupIdValue);
    return send(this.context, `${GROUPS}/${encodeSegment(group.id)}`, { method: 'PUT', body: group });
  }

  /** Deletes a group. */
  delete(id: string): Promise<unknown> {
    if (!isNonEmptyString(id)) throw new Error(SecurityMessages.id);
    return send(this.context, `${GROUPS}/${encodeSegment(id)}`, { method: 'DELETE' });
  }

  /** Adds one user to a group. */
  addUser(groupId: string, userId: string): Promise<unknown> {
    return send(this.context, this.userPath(groupId, userId, SecurityMessages.userId), { method: 'PUT' });
  }

  /** Adds several users to a group. */
  addUsers(groupId: string, userIds: string[]): Promise<unknown> {
    this.checkGroupId(groupId);
    if (!Array.isArray(userIds) || userIds.length === 0) throw new Error(SecurityMessages.userIds);
    return send(this.context, `${GROUPS}/${encodeSegment(groupId)}/users`, { method: 'POST', body: userIds });
  }

  /** Removes a user from a group. */
  removeUser(groupId: string, userId: string): Promise<unknown> {
    return send(this.context, this.userPath(groupId, userId, SecurityMessages.userId), { method: 'DELETE' });
  }

  /** Whether a user is a direct member of a group: `true` for 2xx, `false` otherwise. */
  hasUser(groupId: string, userId: string): Promise<boolean> {
    return headExists(this.context, this.userPath(groupId, userId, SecurityMessages.usersId));
  }

  /** Makes one group a child of another (a group cannot contain itself). */
  addChildGroup(groupId: string, childGroupId: string): Promise<unknown> {
    return send(this.context, this.childPath(groupId, childGroupId), { method: 'PUT' });
  }

  /** Makes several groups children of a group. */
  addChildGroups(groupId: string, childGroupIds: string[]): Promise<unknown> {
    this.checkGroupId(groupId);
    if (!Array.isArray(childGroupIds) || childGroupIds.length === 0) {
      throw new Error(SecurityMessages.childGroupIds);
    }
    return send(this.context, `${GROUPS}/${encodeSegment(groupId)}/groups`, {
      method: 'POST',
      body: childGroupIds,
    });
  }

  /** Removes a child group from a group. */
  removeChildGroup(groupId: string, childGroupId: string): Promise<unknown> {
    return send(this.context, this.childPath(groupId, childGroupId), { method: 'DELETE' });
  }

  /** The users of a group found by id. Without options no parameters are sent. */
  getUsersByGroupId(groupId: string, options?: GroupMemberListOptions | null): Promise<PagedList<User>> {
    if (!isNonEmptyString(groupId)) throw new Error(SecurityMessages.groupIdValue);
    return this.users(groupId, options);
  }

  /** The users of a group found by name. Without options no parameters are sent. */
  getUsersByGroupName(groupName: string, options?: GroupMemberListOptions | null): Promise<PagedList<User>> {
    if (!isNonEmptyString(groupName)) throw new Error(SecurityMessages.groupNameValue);
    return this.users(groupName, options);
  }

  /** The child groups of a group found by id. Without options no parameters are sent. */
  getChildGroupsByGroupId(
    groupId: string,
    options?: ChildGroupListOptions | null,
  ): Promise<PagedList<Group>> {
    if (!isNonEmptyString(groupId)) throw new Error(SecurityMessages.groupIdValue);
    return this.childGroups(groupId, options);
  }

  /** The child groups of a group found by name. Without options no parameters are sent. */
  getChildGroupsByGroupName(
    groupName: string,
    options?: ChildGroupListOptions | null,
  ): Promise<PagedList<Group>> {
    if (!isNonEmptyString(groupName)) throw new Error(SecurityMessages.groupNameValue);
    return this.childGroups(groupName, options);
  }

  private users(group: string, options?: GroupMemberListOptions | null): Promise<PagedList<User>> {
    const params = options
      ? {
          ...listParams(this.context, options),
          excludedGroups: groupList(options.excludedGroups),
          includeInherited: flag(options.includeInherited),
        }
      : {};
    return send(this.context, `${GROUPS}/${encodeSegment(group)}/users`, { params });
  }

  private childGroups(group: string, options?: ChildGroupListOptions | null): Promise<PagedList<Group>> {
    // `includeInherited` is sent as `false` too here; the official client has no mapper for it.
    const params = options
      ? {
          ...listParams(this.context, options),
          excludedGroups: groupList(options.excludedGroups),
          includeInherited: flag(options.includeInherited, true),
          includeSelf: flag(options.includeSelf),
        }
      : {};
    return send(this.context, `${GROUPS}/${encodeSegment(group)}/groups`, { params });
  }

  private checkGroupId(groupId: string): void {
    if (!isNonEmptyString(groupId)) throw new Error(SecurityMessages.groupId);
  }

  private userPath(groupId: string, userId: string, userMessage: string): string {
    this.checkGroupId(groupId);
    if (!isNonEmptyString(userId)) throw new Error(userMessage);
    return `${GROUPS}/${encodeSegment(groupId)}/users/${encodeSegment(userId)}`;
  }

  private childPath(groupId: string, childGroupId: string): string {
    this.checkGroupId(groupId);
    if (!isNonEmptyString(childGroupId)) throw new Error(SecurityMessages.childGroupId);
    return `${GROUPS}/${encodeSegment(groupId)}/groups/${encodeSegment(childGroupId)}`;
  }
}
