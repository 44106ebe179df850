import type { TokenSubject } from '../db/auth-tokens.js';
import type { Db } from '../db/open.js';
import { listAllRoleRecords, listRoleRecords, type RoleForEvaluation } from '../db/roles.js';

export type { RoleForEvaluation } from '../db/roles.js';

import { type Caller, callerFor } from './caller.js';

/**
 * What a permission check is about: the resource type as it appears in the permission path
 * (`entries`, `assets`, `nodes`, `contenttypes`, `redirects`, `eventstreams`, …; case is
 * ignored), and optionally the resource's id, language and (for nodes) the content type of
 * the entry being placed.
 */
export interface PermissionTarget {
  resourceType: string;
  /** For entries and assets: the content type id; for content types: their id; for nodes: the node id. */
  id?: string;
  language?: string;
  contentTypeId?: string;
}

/** Action names the platform checks; a role's `*` grants all of them. */
export const ACTIONS = {
  view: 'view',
  create: 'create',
  update: 'update',
  delete: 'delete',
  publish: 'publish',
  connect: 'connect',
} as const;

/**
 * Every action the caller may perform on the target in a project, evaluated from the
 * project's enabled roles assigned to the caller by username, by any of their groups
 * (inherited included) or, for API clients, by client name. System administrators get `*`.
 *
 * @example
 * permittedActions(db, caller, 'website', { resourceType: 'entries', id: 'newsArticle', language: 'en-GB' });
 * // ['*'] for an editor, [] for a member
 */
export function permittedActions(
  db: Db,
  caller: Caller,
  projectId: string,
  target: PermissionTarget,
): string[] {
  if (caller.systemAdministrator) return ['*'];
  const actions = new Set<string>();
  for (const role of listRoleRecords(db, projectId)) {
    if (role.enabled === false || !isAssigned(role, caller)) continue;
    for (const permission of permissionsFor(role, target.resourceType)) {
      if (appliesTo(permission, target)) for (const action of permission.actions) actions.add(action);
    }
  }
  return [...actions];
}

/** Whether the caller may perform `action` on the target (a role's `*` covers every action). */
export function isAuthorized(
  db: Db,
  caller: Caller,
  projectId: string,
  target: PermissionTarget,
  action: string,
): boolean {
  const actions = permittedActions(db, caller, projectId, target);
  return actions.includes('*') || actions.some((granted) => granted.toLowerCase() === action.toLowerCase());
}

interface NormalisedPermission {
  id?: string;
  languages?: string[];
  contentTypeIds?: string[];
  actions: string[];
}

/**
 * Whether the caller has any part in managing content: a system administrator, or assigned an
 * enabled role (by username or group) in any project.
 */
export function holdsAnyRole(db: Db, caller: Caller): boolean {
  if (caller.systemAdministrator) return true;
  return listAllRoleRecords(db).some((role) => role.enabled !== false && isAssigned(role, caller));
}

function isAssigned(role: RoleForEvaluation, caller: Caller): boolean {
  const lower = (values: string[] | undefined) => new Set((values ?? []).map((value) => value.toLowerCase()));
  const assignments = role.assignments ?? {};
  if (caller.kind === 'client') return lower(assignments.apiKeys).has(caller.name.toLowerCase());
  if (lower(assignments.users).has(caller.name.toLowerCase())) return true;
  const groups = lower(assignments.groups);
  return caller.groups.some(
    (group) => groups.has(group.name.toLowerCase()) || groups.has(group.id.toLowerCase()),
  );
}

function permissionsFor(role: RoleForEvaluation, resourceType: string): NormalisedPermission[] {
  const wanted = resourceType.toLowerCase();
  for (const [key, value] of Object.entries(role.permissions ?? {})) {
    if (key.toLowerCase() !== wanted) continue;
    const list = Array.isArray(value) ? value : [value];
    return list.filter(isPermission);
  }
  return [];
}

function isPermission(value: unknown): value is NormalisedPermission {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as { actions?: unknown }).actions) &&
    (value as { actions: unknown[] }).actions.every((action) => typeof action === 'string')
  );
}

function matches(list: string[] | undefined, value: string | undefined): boolean {
  if (!list || list.length === 0 || value === undefined) return true;
  return list.some((item) => item === '*' || item.toLowerCase() === value.toLowerCase());
}

function appliesTo(permission: NormalisedPermission, target: PermissionTarget): boolean {
  const idMatches =
    permission.id === undefined || permission.id === '*' || target.id === undefined
      ? true
      : permission.id.toLowerCase() === target.id.toLowerCase();
  return (
    idMatches &&
    matches(permission.languages, target.language) &&
    matches(permission.contentTypeIds, target.contentTypeId)
  );
}

/**
 * A {@link Caller}-shaped subject for a user or API client other than the one making the
 * request, so {@link permittedActions} can answer "what may this user do?" (the management
 * permission queries). It carries no scopes and no session: it is only ever evaluated, never
 * used to authenticate. Undefined when there is no such user or client.
 *
 * @example
 * const subject = permissionSubject(db, { kind: 'user', id: userGuid });
 * if (subject) permittedActions(db, subject, 'website', { resourceType: 'redirects' });
 */
export function permissionSubject(db: Db, who: TokenSubject): Caller | undefined {
  // Suspended users keep their roles: the question is what they may do, not whether they may sign in.
  return callerFor(db, who, { scopes: new Set<string>(), sessionId: '' }, { includeSuspended: true });
}
