import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Caller, forbidden } from '../../../auth/caller.js';
import { type PermissionTarget, permissionSubject, permittedActions } from '../../../auth/permissions.js';
import type { ProjectResource } from '../../../contract.js';
import { findApiClient, findUserByLogin, findUserIdentity } from '../../../db/accounts.js';
import { getContentType } from '../../../db/content-types.js';
import { entryContentTypeId } from '../../../db/entries.js';
import { getNode } from '../../../db/nodes.js';
import { getProject } from '../../../db/projects.js';
import { notFound } from '../../../delivery/errors.js';
import { parseLanguage, type QueryParams } from '../../../delivery/params.js';
import { actionAliases, reportedActions } from '../../../management/administration/permission-query.js';
import { type ApiDeps, callerOf } from '../../api-deps.js';
import { PROJECT_ROOT, pathParam } from './shared.js';

const PERMISSIONS = `${PROJECT_ROOT}/security/permissions/:resourceType`;

/**
 * Resource types of the permission path: the documented list plus tags, tag groups and
 * certificates (which roles may also name). Matched without regard to case.
 */
export const PERMISSION_RESOURCE_TYPES: readonly string[] = [
  'assets',
  'audiences',
  'blocks',
  'certificates',
  'comments',
  'contenttypes',
  'domains',
  'entries',
  'eventstreams',
  'forms',
  'manifests',
  'nodes',
  'proxies',
  'redirects',
  'renderers',
  'signals',
  'taggroups',
  'tags',
  'views',
  'webhooksubscriptions',
];

/**
 * Permission queries (contract §4.2): what a user may do with a resource type or one
 * resource, evaluated from the project's roles and the user's groups.
 *
 * - `GET P/security/permissions/{resourceType}[/{resourceId}]?userId=&language=` →
 *   `{ actions: [...] }` (a role's `*` is spelled out, see `reportedActions`).
 * - `GET …/actions/{actionName}` → `{ authorized: true }`, or 404 when not authorised (as
 *   documented). `sys.create` is also granted by a plain `create`.
 *
 * Any valid bearer token may ask about its own holder (`userId` = their GUID, username or
 * email; for an API client its client id or name; absent = themselves). Asking about anyone
 * else needs membership of "System Administrators" (403), and an unknown user is a 404.
 * For entries and assets `resourceId` is an entry id (its content type is what roles name) or
 * a content type id; for nodes a node id (an unknown one is a 404).
 */
export function registerPermissionRoutes(server: FastifyInstance, deps: ApiDeps): void {
  const listActions = async (request: FastifyRequest) => {
    const { subject, project, target } = permissionQuery(deps, request);
    return { actions: reportedActions(permittedActions(deps.db, subject, project.id, target)) };
  };
  const checkAction = async (request: FastifyRequest) => {
    const { subject, project, target } = permissionQuery(deps, request);
    const actionName = pathParam(request, 'actionName');
    const granted = permittedActions(deps.db, subject, project.id, target).map((action) =>
      action.toLowerCase(),
    );
    const allowed =
      granted.includes('*') || actionAliases(actionName).some((name) => granted.includes(name.toLowerCase()));
    if (!allowed) {
      throw notFound(
        `The user is not authorized to perform '${actionName.slice(0, 200)}' on ${target.resourceType}`,
        {
          authorized: false,
          resourceType: target.resourceType,
          resourceId: pathParam(request, 'resourceId') || null,
          actionName: actionName.slice(0, 200),
        },
      );
    }
    return { authorized: true };
  };
  server.get(PERMISSIONS, listActions);
  server.get(`${PERMISSIONS}/:resourceId`, listActions);
  server.get(`${PERMISSIONS}/actions/:actionName`, checkAction);
  server.get(`${PERMISSIONS}/:resourceId/actions/:actionName`, checkAction);
}

interface PermissionQuery {
  subject: Caller;
  project: ProjectResource;
  target: PermissionTarget;
}

function permissionQuery(deps: ApiDeps, request: FastifyRequest): PermissionQuery {
  const caller = callerOf(deps, request);
  const projectId = pathParam(request, 'projectId');
  const project = getProject(deps.db, projectId);
  if (!project) throw notFound(`The project '${projectId}' could not be found`, { projectId });
  const query = request.query as QueryParams;
  const subject = subjectOf(deps, caller, query.userid);
  const resourceType = pathParam(request, 'resourceType').toLowerCase();
  if (!PERMISSION_RESOURCE_TYPES.includes(resourceType)) {
    throw notFound(`'${resourceType.slice(0, 100)}' is not a resource type permissions apply to`, {
      resourceType: resourceType.slice(0, 100),
      resourceTypes: PERMISSION_RESOURCE_TYPES,
    });
  }
  const target: PermissionTarget = { resourceType };
  const language = parseLanguage(project, query.language);
  if (language) target.language = language;
  const resourceId = pathParam(request, 'resourceId');
  if (resourceId) Object.assign(target, resourceTarget(deps, project.id, resourceType, resourceId));
  return { subject, project, target };
}

/** Who the query is about: the caller themselves, or (for administrators) anyone. */
function subjectOf(deps: ApiDeps, caller: Caller, userId: string | undefined): Caller {
  const wanted = userId?.trim() ?? '';
  if (wanted === '' || isSelf(deps, caller, wanted)) return caller;
  if (!caller.systemAdministrator) {
    throw forbidden("Only members of System Administrators may query another user's permissions", {
      userId: wanted.slice(0, 100),
    });
  }
  const user = findUserIdentity(deps.db, wanted) ?? findUserByLogin(deps.db, wanted);
  const subject = user
    ? permissionSubject(deps.db, { kind: 'user', id: user.id })
    : findApiClient(deps.db, wanted)
      ? permissionSubject(deps.db, { kind: 'client', id: wanted })
      : undefined;
  if (!subject) throw notFound('The user could not be found', { userId: wanted.slice(0, 100) });
  return subject;
}

function isSelf(deps: ApiDeps, caller: Caller, wanted: string): boolean {
  const lower = wanted.toLowerCase();
  if (caller.id.toLowerCase() === lower || caller.name.toLowerCase() === lower) return true;
  if (caller.kind !== 'user') return false;
  return findUserIdentity(deps.db, caller.id)?.email.toLowerCase() === lower;
}

function resourceTarget(
  deps: ApiDeps,
  projectId: string,
  resourceType: string,
  resourceId: string,
): Partial<PermissionTarget> {
  if (resourceType === 'entries' || resourceType === 'assets') {
    const contentTypeId = entryContentTypeId(deps.db, projectId, resourceId);
    if (contentTypeId !== undefined) return { id: contentTypeId, contentTypeId };
    if (getContentType(deps.db, projectId, resourceId)) return { id: resourceId, contentTypeId: resourceId };
    throw notFound('The entry could not be found', { entryId: resourceId.slice(0, 100), projectId });
  }
  if (resourceType === 'nodes') {
    const node = getNode(deps.db, projectId, resourceId);
    if (!node) throw notFound('The node could not be found', { nodeId: resourceId.slice(0, 100), projectId });
    const contentTypeId = node.entryId ? entryContentTypeId(deps.db, projectId, node.entryId) : undefined;
    return contentTypeId ? { id: node.id, contentTypeId } : { id: node.id };
  }
  return { id: resourceId };
}
