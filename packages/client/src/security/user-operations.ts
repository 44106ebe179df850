import type { PagedList } from '../delivery/models.js';
import { encodeSegment } from '../http/url.js';
import {
  isNonEmptyString,
  type ManagementContext,
  pageParams,
  SECURITY_ROOT,
  send,
} from '../management/context.js';
import {
  type ManagementSearchQuery,
  searchWithFallback,
  toManagementSearchBody,
  toUserSearchParams,
} from '../management/search-encoding.js';
import { isQueryLike } from '../query/index.js';
import {
  flag,
  groupList,
  listParams,
  orderParam,
  type SecurityListOptions,
  type UserGroupsOptions,
} from './list-options.js';
import { headExists } from './membership.js';
import { SecurityMessages } from './messages.js';
import type { Group, UpdatePasswordOptions, User, UserInput } from './models.js';

const USERS = `${SECURITY_ROOT}/users`;

/** Content type of a user update: JSON merge patch (contract §4.3). */
export const USER_PATCH_CONTENT_TYPE = 'application/merge-patch+json; charset=utf-8';

/** The actions `POST /users/{id}/actions` accepts. */
export type UserActionType = 'suspend' | 'unsuspend' | 'unlock' | 'setPasswordToExpirable';

/**
 * `managementClient.security.users`: platform users (contract §4.3). Validation errors are thrown
 * synchronously, before any request.
 *
 * @example
 * const me = await client.security.users.getCurrent();
 * const { items } = await client.security.users.getUserGroups({ userId: me.id, includeInherited: true });
 * const isEditor = await client.security.users.userIsMemberOf(me.id, 'News team', 'Editors');
 */
export class UserOperations {
  constructor(private readonly context: ManagementContext) {
    if (!context?.http || !context.config) throw new Error(SecurityMessages.userOperationsInit);
  }

  /** The signed-in user (`@current`). */
  getCurrent(): Promise<User> {
    return send(this.context, `${USERS}/@current`);
  }

  /**
   * A user by id. With `isClassic` the id is the user's legacy (classic) id rather than the GUID.
   */
  getById(id: string, isClassic = false): Promise<User> {
    if (!isNonEmptyString(id)) throw new Error(SecurityMessages.userId);
    return send(this.context, `${USERS}/${encodeSegment(id)}`, {
      params: { classicUserId: isClassic ? true : null },
    });
  }

  /** A user by username. */
  getByUsername(username: string): Promise<User> {
    if (!isNonEmptyString(username)) throw new Error(SecurityMessages.userName);
    return send(this.context, `${USERS}/${encodeSegment(username)}`);
  }

  /** A user by email address. */
  getByEmail(email: string): Promise<User> {
    if (!isNonEmptyString(email)) throw new Error(SecurityMessages.userEmail);
    return send(this.context, `${USERS}/${encodeSegment(email)}`);
  }

  /** A page of users. Without options no parameters are sent (contract §7.3 #10). */
  list(options?: SecurityListOptions | null): Promise<PagedList<User>> {
    return send(this.context, USERS, { params: listParams(this.context, options) });
  }

  /**
   * Searches users with a JSON query over user properties, e.g.
   * `new ManagementQuery(Op.contains('username', 'editor'))`. GET, or POST in old Internet
   * Explorer when the URL is too long. A falsy query resolves `null`.
   */
  search(query: ManagementSearchQuery | null | undefined): Promise<PagedList<User> | null> {
    if (!query) return Promise.resolve(null);
    if (!isQueryLike(query)) throw new Error(SecurityMessages.query);
    const encoding = { defaultPageSize: this.context.config.pageSize };
    return searchWithFallback(this.context, `${USERS}/search`, toUserSearchParams(query, encoding), () =>
      toManagementSearchBody(query, encoding),
    );
  }

  /** The groups a user is in; paging is always sent, `includeInherited` also when `false`. */
  getUserGroups(userIdOrOptions: string | UserGroupsOptions): Promise<PagedList<Group>> {
    const options = typeof userIdOrOptions === 'string' ? { userId: userIdOrOptions } : userIdOrOptions;
    if (!isNonEmptyString(options?.userId)) throw new Error(SecurityMessages.userId);
    return send(this.context, `${USERS}/${encodeSegment(options.userId)}/groups`, {
      params: {
        excludedGroups: groupList(options.excludedGroups),
        includeInherited: flag(options.includeInherited, true),
        order: orderParam(options.order),
        ...pageParams(this.context, options.pageOptions),
      },
    });
  }

  /** Creates a user (with `credentials.password`), optionally suspended. */
  create(user: UserInput, suspended = false): Promise<User> {
    if (!user) throw new Error(SecurityMessages.user);
    return send(this.context, USERS, {
      method: 'POST',
      params: { suspended: suspended ? true : null },
      body: user,
    });
  }

  /** Updates a user with a JSON merge patch: only the given properties change. */
  update(user: UserInput): Promise<User> {
    if (!user) throw new Error(SecurityMessages.user);
    if (!isNonEmptyString(user.id)) throw new Error(SecurityMessages.userIdValue);
    return send(this.context, `${USERS}/${encodeSegment(user.id)}`, {
      method: 'PATCH',
      body: user,
      contentType: USER_PATCH_CONTENT_TYPE,
    });
  }

  /** Changes a password; `existing` may be left out by administrators (409 when it is wrong). */
  updatePassword(options: UpdatePasswordOptions): Promise<unknown> {
    if (!options || !isNonEmptyString(options.userId)) throw new Error(SecurityMessages.userId);
    if (!options.new) throw new Error(SecurityMessages.newPassword);
    const body: { existing?: string; new: string } = { new: options.new };
    if (options.existing !== undefined && options.existing !== null) body.existing = options.existing;
    return send(this.context, `${USERS}/${encodeSegment(options.userId)}/credentials/password`, {
      method: 'POST',
      body,
    });
  }

  /** Deletes a user. */
  delete(id: string): Promise<unknown> {
    if (!isNonEmptyString(id)) throw new Error(SecurityMessages.id);
    return send(this.context, `${USERS}/${encodeSegment(id)}`, { method: 'DELETE' });
  }

  /**
   * Whether a user is in any of the groups (ids or names), directly or through child groups:
   * `HEAD /users/{userId}/groups/{g1,g2}`, `true` for 2xx, `false` otherwise.
   */
  userIsMemberOf(userId: string, ...groupIdsOrNames: string[]): Promise<boolean> {
    if (!isNonEmptyString(userId)) throw new Error(SecurityMessages.userId);
    const groups = groupIdsOrNames.filter(isNonEmptyString);
    if (groups.length === 0) throw new Error(SecurityMessages.groupIdOrName);
    // Commas stay literal: the server reads the segment as a comma list.
    const list = groups.map(encodeSegment).join(',');
    return headExists(this.context, `${USERS}/${encodeSegment(userId)}/groups/${list}`);
  }

  /** Suspends a user. */
  suspendUser(id: string): Promise<unknown> {
    return this.action(id, 'suspend');
  }

  /** Lifts a suspension. */
  unsuspendUser(id: string): Promise<unknown> {
    return this.action(id, 'unsuspend');
  }

  /** Unlocks a user locked out by failed logins. */
  unlockUser(id: string): Promise<unknown> {
    return this.action(id, 'unlock');
  }

  /** Makes the user's password subject to the expiry policy. */
  setPasswordToExpirable(id: string): Promise<unknown> {
    return this.action(id, 'setPasswordToExpirable');
  }

  private action(id: string, type: UserActionType): Promise<unknown> {
    if (!isNonEmptyString(id)) throw new Error(SecurityMessages.userId);
    return send(this.context, `${USERS}/${encodeSegment(id)}/actions`, { method: 'POST', body: { type } });
  }
}
