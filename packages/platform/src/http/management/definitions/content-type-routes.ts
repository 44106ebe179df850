import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Caller } from '../../../auth/caller.js';
import { isAuthorized } from '../../../auth/permissions.js';
import type { DefinitionKind } from '../../../db/content-types.js';
import {
  createDefinition,
  deleteDefinition,
  invokeDefinitionWorkflow,
  listDefinitions,
  readDefinition,
  readStatus,
  updateDefinition,
  type WriteStamp,
} from '../../../management/definitions/definition-store.js';
import type { ApiDeps } from '../../api-deps.js';
import { nowIso, publishChange } from '../../changes.js';
import { type ManagementRequest, managementRequest, objectBody, requirePermission } from '../common.js';

const RESOURCE_TYPE = 'contenttypes';

function stampOf(deps: ApiDeps, caller: Caller): WriteStamp {
  return { actor: caller.name, now: nowIso(deps) };
}

/** The `:contentTypeId` / `:componentId` of a definition route. */
function idOf(request: FastifyRequest): string {
  const params = request.params as { contentTypeId?: string; componentId?: string };
  return params.contentTypeId ?? params.componentId ?? '';
}

/**
 * Content types (`P/contenttypes`) or components (`P/components`), contract §4.2. Scopes:
 * reads `ContentType_Read`, create/update/workflow `ContentType_Write`, delete
 * `ContentType_Delete`. Role permissions on resource type `contenttypes` (components too),
 * by definition id: `view`, `create`, `update`, `delete`, and `publish` for the publish event.
 * Lists only show the definitions the caller may view.
 */
export function registerDefinitionRoutes(server: FastifyInstance, deps: ApiDeps, kind: DefinitionKind): void {
  const segment = kind === 'contentType' ? 'contenttypes' : 'components';
  const param = kind === 'contentType' ? 'contentTypeId' : 'componentId';
  const collection = `/api/management/projects/:projectId/${segment}`;
  const item = `${collection}/:${param}`;
  const eventType = kind === 'contentType' ? 'contentType' : 'component';
  const access = (
    request: FastifyRequest,
    scope: 'ContentType_Read' | 'ContentType_Write' | 'ContentType_Delete',
    action: string,
    id?: string,
  ): ManagementRequest =>
    managementRequest(deps, request, {
      scope,
      permission: { target: { resourceType: RESOURCE_TYPE, ...(id !== undefined ? { id } : {}) }, action },
    });

  server.get(collection, async (request) => {
    const { caller, project, query } = access(request, 'ContentType_Read', 'view');
    const status = readStatus(query.versionstatus);
    const dataFormat = kind === 'contentType' && query.dataformat ? query.dataformat : undefined;
    return listDefinitions(deps.db, project.id, kind, status, dataFormat).filter((definition) =>
      isAuthorized(
        deps.db,
        caller,
        project.id,
        { resourceType: RESOURCE_TYPE, id: String(definition.id) },
        'view',
      ),
    );
  });

  server.get(item, async (request) => {
    const id = idOf(request);
    const { project, query } = access(request, 'ContentType_Read', 'view', id);
    return readDefinition(deps.db, project.id, kind, id, {
      version: query.version,
      versionStatus: query.versionstatus,
    });
  });

  server.post(collection, async (request, reply) => {
    const { caller, project } = access(request, 'ContentType_Write', 'create');
    const body = objectBody(request);
    if (typeof body.id === 'string')
      requirePermission(deps, caller, project.id, { resourceType: RESOURCE_TYPE, id: body.id }, 'create');
    const definition = deps.db.transaction(() =>
      createDefinition(deps.db, project, kind, body, stampOf(deps, caller)),
    )();
    publishChange(deps, caller, {
      projectId: project.id,
      resourceType: eventType,
      event: 'created',
      resourceId: String(definition.id),
      resource: definition,
    });
    return reply.code(201).send(definition);
  });

  server.put(item, async (request) => {
    const id = idOf(request);
    const { caller, project } = access(request, 'ContentType_Write', 'update', id);
    const body = objectBody(request);
    const definition = deps.db.transaction(() =>
      updateDefinition(deps.db, project, kind, id, body, stampOf(deps, caller)),
    )();
    publishChange(deps, caller, {
      projectId: project.id,
      resourceType: eventType,
      event: 'updated',
      resourceId: id,
      resource: definition,
    });
    return definition;
  });

  server.delete(item, async (request, reply) => {
    const id = idOf(request);
    const { caller, project } = access(request, 'ContentType_Delete', 'delete', id);
    const deleted = deps.db.transaction(() => deleteDefinition(deps.db, project, kind, id))();
    publishChange(deps, caller, {
      projectId: project.id,
      resourceType: eventType,
      event: 'deleted',
      resourceId: id,
      resource: deleted,
    });
    return reply.code(204).send();
  });

  server.post(`${item}/workflow/events`, async (request) => {
    const id = idOf(request);
    const { caller, project } = access(request, 'ContentType_Write', 'publish', id);
    const body = objectBody(request, 'a workflow trigger { "event", "version", "language"?, "data"? }');
    const outcome = deps.db.transaction(() =>
      invokeDefinitionWorkflow(deps.db, project, kind, id, body, stampOf(deps, caller)),
    )();
    if (outcome.published) {
      publishChange(deps, caller, {
        projectId: project.id,
        resourceType: eventType,
        event: 'published',
        resourceId: id,
        resource: outcome.definition,
      });
    }
    return outcome.definition;
  });
}
