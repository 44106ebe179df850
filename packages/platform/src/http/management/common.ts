import type { FastifyRequest } from 'fastify';
import type { Caller } from '../../auth/caller.js';
import { forbidden, requireScope } from '../../auth/caller.js';
import { isAuthorized, type PermissionTarget } from '../../auth/permissions.js';
import type { Scope } from '../../auth/scopes.js';
import type { ProjectResource } from '../../contract.js';
import { getProject } from '../../db/projects.js';
import { HttpError, notFound } from '../../delivery/errors.js';
import type { QueryParams } from '../../delivery/params.js';
import { type ApiDeps, callerOf } from '../api-deps.js';

/** The authenticated, authorised context of one project-scoped management request. */
export interface ManagementRequest {
  caller: Caller;
  project: ProjectResource;
  /** Lower-cased query parameters (the router lower-cases names, §7.1). */
  query: QueryParams;
}

/** What a management route demands of its caller. */
export interface ManagementAccess {
  /** Scope the token must carry (403 otherwise). */
  scope: Scope;
  /**
   * Permission the caller must hold in the project (403 otherwise), evaluated from roles and
   * groups. Omit for calls every caller with the scope may make.
   */
  permission?: { target: PermissionTarget; action: string };
  /**
   * For routes whose exact permission depends on the resource (an entry's content type, a
   * node's entry): the caller must hold one of `actions` on one of `resourceTypes` for at
   * least some resource (403 otherwise). Checked before anything is looked up, so a caller
   * who may never do this learns nothing about which ids exist; the route checks the exact
   * permission once it has loaded the resource.
   */
  anyOf?: { resourceTypes: readonly string[]; actions: readonly string[] };
}

/**
 * Authenticates a project-scoped management request (401), checks its scope, its permission
 * (403), and only then loads the project named by the `projectId` route parameter (404).
 * Order matters: a caller without a valid token, or without the right to make the call,
 * learns nothing about which projects exist. Permissions are evaluated against the project
 * id as written; a project that does not exist has no roles, so only system administrators
 * get as far as its 404.
 *
 * @example
 * const { caller, project } = managementRequest(deps, request, { scope: 'Entry_Read' });
 */
export function managementRequest(
  deps: ApiDeps,
  request: FastifyRequest,
  access: ManagementAccess,
): ManagementRequest {
  const caller = callerOf(deps, request);
  requireScope(caller, access.scope);
  const projectId = (request.params as { projectId?: string }).projectId ?? '';
  if (access.permission)
    requirePermission(deps, caller, projectId, access.permission.target, access.permission.action);
  if (access.anyOf) requireAnyPermission(deps, caller, projectId, access.anyOf);
  const project = getProject(deps.db, projectId);
  if (!project) throw notFound(`The project '${projectId}' could not be found`, { projectId });
  return { caller, project, query: request.query as QueryParams };
}

/**
 * A 403 unless the caller holds one of `actions` on one of `resourceTypes` for some resource
 * of the project (roles scoped to content types, languages or ids count).
 */
export function requireAnyPermission(
  deps: ApiDeps,
  caller: Caller,
  projectId: string,
  wanted: { resourceTypes: readonly string[]; actions: readonly string[] },
): void {
  const allowed = wanted.resourceTypes.some((resourceType) =>
    wanted.actions.some((action) => isAuthorized(deps.db, caller, projectId, { resourceType }, action)),
  );
  if (!allowed) {
    throw forbidden(
      `You do not have permission to ${wanted.actions.join(' or ')} ${wanted.resourceTypes.join(' or ')}`,
      {
        resourceType: wanted.resourceTypes.join(','),
        resourceId: null,
        action: wanted.actions.join(','),
      },
    );
  }
}

/** A 403 unless the caller holds `action` on the target in the project. */
export function requirePermission(
  deps: ApiDeps,
  caller: Caller,
  projectId: string,
  target: PermissionTarget,
  action: string,
): void {
  if (!isAuthorized(deps.db, caller, projectId, target, action)) {
    throw forbidden(`You do not have permission to ${action} ${target.resourceType}`, {
      resourceType: target.resourceType,
      resourceId: target.id ?? null,
      action,
    });
  }
}

/**
 * The request body as a JSON object, or a 400 naming what was expected. Management writes
 * take objects; anything else (an array, a string, no body) is a client error.
 */
export function objectBody(request: FastifyRequest, what = 'a JSON object'): Record<string, unknown> {
  const body = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, `The request body must be ${what}`);
  }
  return body as Record<string, unknown>;
}

/** The request body as an array of strings (ids), or a 400. */
export function stringArrayBody(request: FastifyRequest, what = 'a JSON array of ids'): string[] {
  const body = request.body;
  if (!Array.isArray(body) || !body.every((item) => typeof item === 'string' && item.length > 0)) {
    throw new HttpError(400, `The request body must be ${what}`);
  }
  return body as string[];
}

/** A 422 for a semantically invalid write (validation failure, stale version, bad language). */
export function unprocessable(message: string, data: unknown = null): HttpError {
  return new HttpError(422, message, data);
}

/** A 409 for a write that collides with existing data (kept with the other errors in `delivery/errors`). */
export { conflict } from '../../delivery/errors.js';
