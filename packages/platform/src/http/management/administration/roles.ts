import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, requireScope } from '../../../auth/caller.js';
import {
  deleteRoleRecord,
  findRoleIdByName,
  getRoleRecord,
  listRolePage,
  putRoleRecord,
} from '../../../db/roles.js';
import { notFound } from '../../../delivery/errors.js';
import { pagedList } from '../../../delivery/paging.js';
import { parseRole, type RoleDocument } from '../../../management/administration/roles.js';
import { type ApiDeps, callerOf } from '../../api-deps.js';
import { changePublisher } from '../../changes.js';
import { conflict, type ManagementRequest, managementRequest, objectBody } from '../common.js';
import { PROJECT_ROOT, pagingOf, pathParam } from './shared.js';

const ROLES = `${PROJECT_ROOT}/security/roles`;

/**
 * Roles (contract §4.2): list, get, create, update, delete under `P/security/roles`. Roles
 * decide what everyone may do, so every call needs the `Security_Administrator` scope and
 * membership of "System Administrators" (§3.5) — 403 otherwise.
 *
 * Names are unique per project, ignoring case (409). Writes publish `role` events.
 */
export function registerRoleRoutes(server: FastifyInstance, deps: ApiDeps): void {
  const publish = changePublisher(deps, 'role');
  server.get(ROLES, async (request) => {
    const { project, query } = roleRequest(deps, request);
    const paging = pagingOf(query);
    const page = listRolePage<RoleDocument>(
      deps.db,
      project.id,
      paging.pageIndex * paging.pageSize,
      paging.pageSize,
    );
    return pagedList(paging, page.total, page.items);
  });

  server.get(`${ROLES}/:id`, async (request) => {
    const { project } = roleRequest(deps, request);
    return existingRole(deps, project.id, pathParam(request, 'id'));
  });

  server.post(ROLES, async (request, reply) => {
    const { caller, project } = roleRequest(deps, request);
    const role = parseRole(objectBody(request, 'a JSON object (a role)'), 'creating');
    deps.db.transaction(() => {
      if (getRoleRecord(deps.db, project.id, role.id)) {
        throw conflict(`A role with the id '${role.id}' already exists`, { id: role.id });
      }
      refuseTakenName(deps, project.id, role);
      putRoleRecord(deps.db, project.id, role);
    })();
    publish(caller, project.id, 'created', role);
    return reply.code(201).send(role);
  });

  server.put(`${ROLES}/:id`, async (request) => {
    const { caller, project } = roleRequest(deps, request);
    const id = pathParam(request, 'id');
    const body = objectBody(request, 'a JSON object (a role)');
    const role = deps.db.transaction(() => {
      const current = existingRole(deps, project.id, id);
      const updated = parseRole(body, 'updating', current.id);
      refuseTakenName(deps, project.id, updated);
      putRoleRecord(deps.db, project.id, updated);
      return updated;
    })();
    publish(caller, project.id, 'updated', role);
    return role;
  });

  server.delete(`${ROLES}/:id`, async (request, reply) => {
    const { caller, project } = roleRequest(deps, request);
    const id = pathParam(request, 'id');
    const role = deps.db.transaction(() => {
      const current = existingRole(deps, project.id, id);
      deleteRoleRecord(deps.db, project.id, current.id);
      return current;
    })();
    publish(caller, project.id, 'deleted', role);
    return reply.code(204).send();
  });
}

function roleRequest(deps: ApiDeps, request: FastifyRequest): ManagementRequest {
  // Who may touch roles at all is settled before the project is looked up (403 before 404).
  const caller = callerOf(deps, request);
  requireScope(caller, 'Security_Administrator');
  if (!caller.systemAdministrator) {
    throw forbidden('Only members of System Administrators may view or change roles', {
      requiredGroup: 'System Administrators',
    });
  }
  return managementRequest(deps, request, { scope: 'Security_Administrator' });
}

function existingRole(deps: ApiDeps, projectId: string, id: string): RoleDocument {
  const role = getRoleRecord<RoleDocument>(deps.db, projectId, id);
  if (!role) throw notFound('The role could not be found', { roleId: id.slice(0, 100), projectId });
  return role;
}

function refuseTakenName(deps: ApiDeps, projectId: string, role: RoleDocument): void {
  const holder = findRoleIdByName(deps.db, projectId, role.name);
  if (holder !== undefined && holder !== role.id) {
    throw conflict(`A role called '${role.name}' already exists`, { name: role.name, id: holder });
  }
}
