import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../../auth/caller.js';
import { SYSTEM_ADMINISTRATORS } from '../../db/accounts.js';
import { findGroupRecord, type GroupRecord } from '../../db/groups.js';
import { countLiveAdministrators, findUserRecord, type UserRecord } from '../../db/users.js';
import { badRequest, notFound } from '../../delivery/errors.js';
import type { QueryParams } from '../../delivery/params.js';
import { requireSecurityAdministrator } from '../../security/access.js';
import { ValidationFailure } from '../../security/validation.js';
import { type ApiDeps, callerOf } from '../api-deps.js';
import { publishChange } from '../changes.js';

/** The authenticated caller, who must be a security administrator (401, then 403). */
export function administrator(deps: ApiDeps, request: FastifyRequest): Caller {
  const caller = callerOf(deps, request);
  requireSecurityAdministrator(caller);
  return caller;
}

/** Lower-cased query parameters (the router lower-cases names, contract §7.1). */
export function queryOf(request: FastifyRequest): QueryParams {
  return (request.query ?? {}) as QueryParams;
}

/** A route parameter (already percent-decoded by the router). */
export function param(request: FastifyRequest, name: string): string {
  return (request.params as Record<string, string | undefined>)[name] ?? '';
}

/**
 * The `userId` route parameter, with `@current` (any case) standing for the calling user, so
 * `/users/@current/groups` and friends work like `/users/@current` (contract §4.3).
 */
export function userParam(request: FastifyRequest, caller: Caller): string {
  const raw = param(request, 'userId');
  return raw.toLowerCase() === '@current' && caller.kind === 'user' ? caller.id : raw;
}

/** A boolean query parameter: absent or empty → `fallback`; `true`/`false` in any case; else a 400. */
export function flag(query: QueryParams, name: string, fallback = false): boolean {
  const value = query[name.toLowerCase()];
  if (value === undefined || value === '') return fallback;
  const lower = value.trim().toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  throw badRequest(`The '${name}' parameter must be true or false`, { [name]: value });
}

/**
 * The last path segment split on literal commas, each part percent-decoded — so a group
 * name containing an encoded comma (`%2C`) stays one name in `HEAD /users/{id}/groups/{a,b}`.
 */
export function commaSegment(request: FastifyRequest): string[] {
  const path = request.url.split('?')[0]!.replace(/\/+$/, '');
  const segment = path.slice(path.lastIndexOf('/') + 1);
  return segment
    .split(',')
    .map((part) => {
      try {
        return decodeURIComponent(part);
      } catch {
        return part;
      }
    })
    .filter((part) => part !== '');
}

/** A group by id or name, or a 404 naming it. */
export function groupOr404(deps: ApiDeps, idOrName: string): GroupRecord {
  const group = idOrName ? findGroupRecord(deps.db, idOrName) : undefined;
  if (!group) throw notFound(`The group '${idOrName}' could not be found`, { group: idOrName });
  return group;
}

/**
 * The ids of an `excludedGroups` parameter (comma list of ids or names). For administrators an
 * unknown group is a 400 naming it, so a typo does not silently exclude nothing; a user
 * listing their own groups (`unknown: 'ignore'`) must not learn which other groups exist.
 */
export function excludedGroupIds(
  deps: ApiDeps,
  query: QueryParams,
  unknown: 'reject' | 'ignore' = 'reject',
): string[] {
  const raw = query.excludedgroups;
  if (raw === undefined || raw.trim() === '') return [];
  const ids: string[] = [];
  for (const name of raw.split(',').map((part) => part.trim())) {
    if (name === '') continue;
    const group = findGroupRecord(deps.db, name);
    if (group) ids.push(group.id);
    else if (unknown === 'reject') {
      throw badRequest(`The excluded group '${name}' could not be found`, { excludedGroups: name });
    }
  }
  return ids;
}

/** Publishes a user or group change (after its transaction committed); accounts belong to no project. */
export function publishAccountChange(
  deps: ApiDeps,
  caller: Caller,
  resourceType: 'user' | 'group',
  event: string,
  resourceId: string,
  resource: unknown,
): void {
  publishChange(deps, caller, { projectId: '', resourceType, event, resourceId, resource });
}

/** Answers 204 No Content. */
export function noContent(reply: FastifyReply): FastifyReply {
  return reply.code(204).send();
}

/** A user by id, username or email, or a 404. */
export function userOr404(deps: ApiDeps, identifier: string): UserRecord {
  const user = identifier ? findUserRecord(deps.db, identifier) : undefined;
  if (!user) throw notFound(`The user '${identifier}' could not be found`, { userId: identifier });
  return user;
}

/**
 * Runs a write (inside the caller's transaction) and refuses it with a 422 when it would leave
 * no unsuspended System Administrator — nobody could then manage accounts at all.
 */
export function keepingAnAdministrator(deps: ApiDeps, write: () => void): void {
  const before = countLiveAdministrators(deps.db, SYSTEM_ADMINISTRATORS);
  write();
  if (before > 0 && countLiveAdministrators(deps.db, SYSTEM_ADMINISTRATORS) === 0) {
    throw new ValidationFailure('The last System Administrator cannot be removed', [
      { field: SYSTEM_ADMINISTRATORS, message: 'At least one active System Administrator must remain' },
    ]);
  }
}
