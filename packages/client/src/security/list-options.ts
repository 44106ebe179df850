import type { ManagementContext, PageOptions } from '../management/context.js';
import { pageParams } from '../management/context.js';

/** Options of the user and group listings (contract §4.3–4.4). */
export interface SecurityListOptions {
  /** Text the key properties contain. */
  q?: string | null;
  pageOptions?: PageOptions | null;
  /** Sort keys, `-` prefix for descending. */
  order?: string | string[] | null;
  /** A ZenQL filter over user or group properties, e.g. `username="a.editor"`. */
  zenQL?: string | null;
}

/** Options of the group member listings. */
export interface GroupMemberListOptions extends SecurityListOptions {
  /** Also members of every descendant group. */
  includeInherited?: boolean | null;
  /** Groups (ids or names) whose descendants are left out. */
  excludedGroups?: string[] | null;
}

/** Options of the child-group listings. */
export interface ChildGroupListOptions extends GroupMemberListOptions {
  /** Include the parent group itself. */
  includeSelf?: boolean | null;
}

/** Options of `users.getUserGroups`. */
export interface UserGroupsOptions {
  userId: string;
  /** Also the groups the user is in through child groups. */
  includeInherited?: boolean | null;
  excludedGroups?: string[] | null;
  pageOptions?: PageOptions | null;
  order?: string | string[] | null;
}

/**
 * The parameters of a listing. Called without an options object, the official clients send no
 * parameters at all; with any options object (even `{}`) they send `pageIndex` and `pageSize`
 * (contract §7.3 #10). Both are reproduced.
 */
export function listParams(
  context: ManagementContext,
  options: SecurityListOptions | null | undefined,
): Record<string, string | number | null> {
  if (!options) return {};
  return {
    order: orderParam(options.order),
    ...pageParams(context, options.pageOptions),
    q: options.q || null,
    zenQL: options.zenQL || null,
  };
}

/** A comma list of sort keys. */
export function orderParam(order: string | string[] | null | undefined): string | null {
  if (!order) return null;
  const text = Array.isArray(order) ? order.join(',') : order;
  return text === '' ? null : text;
}

/** A comma list of group ids or names, or nothing when empty. */
export function groupList(groups: string[] | null | undefined): string | null {
  return groups && groups.length > 0 ? groups.join(',') : null;
}

/**
 * A boolean option. Most are sent only when `true`; `includeInherited` on `users.getUserGroups`
 * and the child-group listings is also sent as `false` when given (contract §6.2).
 */
export function flag(value: boolean | null | undefined, sendFalse = false): boolean | null {
  if (value === true) return true;
  return sendFalse && value === false ? false : null;
}
