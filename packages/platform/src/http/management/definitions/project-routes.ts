import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Caller } from '../../../auth/caller.js';
import { forbidden, requireScope } from '../../../auth/caller.js';
import { permittedActions } from '../../../auth/permissions.js';
import { DEMO_PROJECT_ID } from '../../../config.js';
import type { ProjectResource } from '../../../contract.js';
import {
  deleteProjectRow,
  findProjectIdIgnoringCase,
  getProject,
  insertProject,
  listProjects,
  projectHasEntries,
  updateProjectRow,
} from '../../../db/projects.js';
import { notFound } from '../../../delivery/errors.js';
import { createRootNode } from '../../../management/definitions/node-store.js';
import {
  projectFromCreateBody,
  projectFromUpdateBody,
} from '../../../management/definitions/project-input.js';
import { type ApiDeps, callerOf } from '../../api-deps.js';
import { changePublisher, nowIso } from '../../changes.js';
import { conflict, objectBody } from '../common.js';

const ROOT = '/api/management/projects';

/** Resource types whose permissions make a project visible to a caller who is not an administrator. */
const CONTENT_RESOURCE_TYPES = ['entries', 'assets', 'contenttypes', 'nodes'] as const;

/**
 * Whether a caller may see a project: system administrators see every project; anyone else
 * sees the projects where a role grants them some action on content (entries, assets,
 * content types or nodes).
 */
export function canSeeProject(deps: ApiDeps, caller: Caller, projectId: string): boolean {
  if (caller.systemAdministrator) return true;
  return CONTENT_RESOURCE_TYPES.some(
    (resourceType) => permittedActions(deps.db, caller, projectId, { resourceType }).length > 0,
  );
}

function requireAdministrator(caller: Caller, action: string): void {
  if (!caller.systemAdministrator) {
    throw forbidden(`Only system administrators can ${action} projects`, { action });
  }
}

function loadProject(deps: ApiDeps, request: FastifyRequest): ProjectResource {
  const projectId = (request.params as { projectId: string }).projectId;
  const project = getProject(deps.db, projectId);
  if (!project) throw notFound(`The project '${projectId}' could not be found`, { projectId });
  return project;
}

/**
 * The project collection (contract §4.2 Projects): list and get need `Project_Read` (and only
 * show projects the caller can see); create and update need `Project_Write` and a system
 * administrator; delete needs `Project_Delete` and a system administrator, and is refused
 * (403, "can't be deleted") for the demo project and for any project that still has entries.
 * A new project gets a root node, so its site view can be built at once.
 */
export function registerProjectRoutes(server: FastifyInstance, deps: ApiDeps): void {
  const publish = changePublisher(deps, 'project');
  server.get(ROOT, async (request) => {
    const caller = callerOf(deps, request);
    requireScope(caller, 'Project_Read');
    return listProjects(deps.db).filter((project) => canSeeProject(deps, caller, project.id));
  });

  server.get(`${ROOT}/:projectId`, async (request) => {
    const caller = callerOf(deps, request);
    requireScope(caller, 'Project_Read');
    // Access first: a project that does not exist has no roles, so only administrators see its 404.
    const projectId = (request.params as { projectId: string }).projectId;
    if (!canSeeProject(deps, caller, projectId)) {
      throw forbidden(`You do not have access to project '${projectId}'`, { projectId });
    }
    return loadProject(deps, request);
  });

  server.post(ROOT, async (request, reply) => {
    const caller = callerOf(deps, request);
    requireScope(caller, 'Project_Write');
    requireAdministrator(caller, 'create');
    const project = projectFromCreateBody(objectBody(request));
    const stamp = { actor: caller.name, now: nowIso(deps) };
    deps.db.transaction(() => {
      const existing = findProjectIdIgnoringCase(deps.db, project.id);
      if (existing !== undefined) {
        throw conflict(`A project with the id '${existing}' already exists`, { projectId: existing });
      }
      insertProject(deps.db, project);
      createRootNode(deps.db, project, stamp);
    })();
    publish(caller, project.id, 'created', project);
    return reply.code(201).send(project);
  });

  server.put(`${ROOT}/:projectId`, async (request) => {
    const caller = callerOf(deps, request);
    requireScope(caller, 'Project_Write');
    requireAdministrator(caller, 'update');
    const current = loadProject(deps, request);
    const project = projectFromUpdateBody(objectBody(request), current);
    deps.db.transaction(() => updateProjectRow(deps.db, project))();
    publish(caller, project.id, 'updated', project);
    return project;
  });

  server.delete(`${ROOT}/:projectId`, async (request, reply) => {
    const caller = callerOf(deps, request);
    requireScope(caller, 'Project_Delete');
    requireAdministrator(caller, 'delete');
    const project = loadProject(deps, request);
    if (project.id === DEMO_PROJECT_ID) {
      throw forbidden(`The project '${project.id}' can't be deleted: it is the demo project`, {
        projectId: project.id,
      });
    }
    deps.db.transaction(() => {
      if (projectHasEntries(deps.db, project.id)) {
        throw forbidden(
          `The project '${project.id}' can't be deleted while it has entries; delete them first`,
          {
            projectId: project.id,
          },
        );
      }
      deleteProjectRow(deps.db, project.id);
    })();
    publish(caller, project.id, 'deleted', project);
    return reply.code(204).send();
  });
}
