import { type Caller, forbidden, requireScope } from '../auth/caller.js';
import { isAuthorized } from '../auth/permissions.js';
import { SYSTEM_ADMINISTRATORS } from '../db/accounts.js';
import { type GroupRecord, listGroupEdges, listGroupRecords } from '../db/groups.js';
import type { Db } from '../db/open.js';
import { listProjects } from '../db/projects.js';
import { listAllRoleRecords } from '../db/roles.js';

/**
 * A 403 unless the caller may administer users and groups. This is the security API's
 * authorisation (contract §4.3–4.4):
 *
 * - Every call needs a live bearer token (otherwise 401 with the contract's message).
 * - Any signed-in user may, with no particular scope: read themselves (`@current`, or their own
 *   id, username or email), list their own groups, check their own membership (the HEAD
 *   calls) and change their own password, giving the existing one.
 * - Everything else — other users, any group, every write — needs the token to carry the
 *   `Security_Administrator` scope (403 otherwise) and the caller to be a security
 *   administrator: a member of System Administrators, or an API client flagged as one
 *   (403 otherwise). The two writes a public site needs, creating a user and adding a user to
 *   an ordinary group, may instead be granted by a role: see {@link requireSecurityPermission}.
 * - A non-administrator asking about someone else gets the 403 before any 404, so they learn
 *   nothing about which accounts exist.
 *
 * @example
 * const caller = callerOf(deps, request);
 * requireSecurityAdministrator(caller); // before touching another account
 */
export function requireSecurityAdministrator(caller: Caller): void {
  requireScope(caller, 'Security_Administrator');
  if (!caller.securityAdministrator) throw notAdministrator();
}

function notAdministrator() {
  return forbidden('Only security administrators may manage users and groups', {
    requiredRole: SYSTEM_ADMINISTRATORS,
  });
}

/** Whether the caller is the signed-in user with this id. */
export function isSelf(caller: Caller, userId: string | undefined): boolean {
  return caller.kind === 'user' && userId !== undefined && caller.id === userId;
}

/** Allows the caller's own account, otherwise demands a security administrator. */
export function requireSelfOrAdministrator(caller: Caller, userId: string | undefined): void {
  if (!isSelf(caller, userId)) requireSecurityAdministrator(caller);
}

/**
 * The security-API writes a role may grant to someone who is not a security administrator.
 * Anything not listed here stays with security administrators, whatever a role says.
 *
 * - `users` / `create`: create a user (a site's registration form).
 * - `groups` / `addMember`: add users to a group the permission names by id or name (or any
 *   group when it names none) — never to a privileged group (see {@link isPrivilegedGroup}).
 */
export type GrantableSecurityAction =
  | { resourceType: 'users'; action: 'create' }
  | {
      resourceType: 'groups';
      action: 'addMember';
      group: GroupRecord | undefined;
    };

/**
 * A 403 unless the caller may perform a grantable security write: security administrators
 * always may; anyone else needs the `Security_Administrator` scope and an enabled role, in any
 * project, granting the action. Adding members is never granted for a privileged group, and a
 * group that does not exist answers 403 to a non-administrator, so the check comes before any
 * 404 and reveals nothing.
 *
 * Roles are project-scoped while users and groups are not; a role granting a security action
 * in any project grants it platform-wide (the platform has no system-level roles).
 *
 * @example
 * // A role { permissions: { users: { actions: ['create'] } }, assignments: { apiKeys: ['Canopy website'] } }
 * requireSecurityPermission(db, caller, { resourceType: 'users', action: 'create' });
 */
export function requireSecurityPermission(db: Db, caller: Caller, wanted: GrantableSecurityAction): void {
  requireScope(caller, 'Security_Administrator');
  if (caller.securityAdministrator) return;
  if (wanted.resourceType === 'users') {
    if (grantedInAnyProject(db, caller, { resourceType: 'users' }, wanted.action)) return;
    throw notAdministrator();
  }
  const { group } = wanted;
  if (
    group &&
    !isPrivilegedGroup(db, group) &&
    (grantedInAnyProject(db, caller, { resourceType: 'groups', id: group.id }, wanted.action) ||
      grantedInAnyProject(db, caller, { resourceType: 'groups', id: group.name }, wanted.action))
  ) {
    return;
  }
  throw forbidden('You may not add members to this group', { requiredRole: SYSTEM_ADMINISTRATORS });
}

function grantedInAnyProject(
  db: Db,
  caller: Caller,
  target: { resourceType: string; id?: string },
  action: string,
): boolean {
  return listProjects(db).some((project) => isAuthorized(db, caller, project.id, target, action));
}

/**
 * Whether membership of this group confers power, so only security administrators may add
 * people to it: System Administrators and other system groups, and any group that an enabled
 * role in any project is assigned to. Members of a child group count as members of its
 * parents, so a group is also privileged when any group above it is.
 *
 * @example
 * isPrivilegedGroup(db, findGroupRecord(db, 'Editors')!); // true: "Content editors" is assigned to it
 * isPrivilegedGroup(db, findGroupRecord(db, 'Members')!); // false in the demo
 */
export function isPrivilegedGroup(db: Db, group: GroupRecord): boolean {
  const assigned = new Set<string>();
  for (const role of listAllRoleRecords(db)) {
    if (role.enabled === false) continue;
    for (const name of role.assignments?.groups ?? []) assigned.add(name.toLowerCase());
  }
  const parents = new Map<string, string[]>();
  for (const { parentId, childId } of listGroupEdges(db)) {
    parents.set(childId, [...(parents.get(childId) ?? []), parentId]);
  }
  const names = groupNames(db);
  const seen = new Set<string>();
  const pending = [group.id];
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const info = names.get(id);
    if (!info) continue;
    if (info.system || assigned.has(id.toLowerCase()) || assigned.has(info.name.toLowerCase())) return true;
    pending.push(...(parents.get(id) ?? []));
  }
  return false;
}

function groupNames(db: Db): Map<string, { name: string; system: boolean }> {
  const result = new Map<string, { name: string; system: boolean }>();
  for (const group of listGroupRecords(db)) {
    result.set(group.id, {
      name: group.name,
      system: group.data.type === 'sys' || group.name.toLowerCase() === SYSTEM_ADMINISTRATORS.toLowerCase(),
    });
  }
  return result;
}
