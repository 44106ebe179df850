import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  deleteRedirect,
  findRedirectByMatch,
  getRedirect,
  insertRedirect,
  listRedirectPage,
  updateRedirect,
} from '../../../db/redirects.js';
import { notFound } from '../../../delivery/errors.js';
import { pagedList } from '../../../delivery/paging.js';
import {
  mergePatch,
  parseRedirect,
  type RedirectDocument,
  type RedirectFields,
} from '../../../management/administration/redirects.js';
import { isJsonObject } from '../../../management/administration/validation.js';
import type { ApiDeps } from '../../api-deps.js';
import { changePublisher, nowIso } from '../../changes.js';
import { conflict, managementRequest, objectBody, unprocessable } from '../common.js';
import { PROJECT_ROOT, pagingOf, pathParam } from './shared.js';

const REDIRECTS = `${PROJECT_ROOT}/redirects`;

const access = (action: 'view' | 'create' | 'update' | 'delete') => ({
  scope: action === 'view' ? ('Project_Read' as const) : ('Project_Write' as const),
  permission: { target: { resourceType: 'redirects' }, action },
});

/**
 * Redirects (contract §4.2) under `P/redirects/`: list (oldest first), get, create, update by
 * PATCH, delete. Reading needs the `Project_Read` scope and the `view` permission on
 * `redirects`; writing needs `Project_Write` and `create` / `update` / `delete`.
 *
 * PATCH takes `application/json` (what the client sends: the whole redirect) or
 * `application/merge-patch+json` with the same merge semantics either way: members replace
 * the stored ones, `null` removes them. The result must still be a valid redirect (422
 * otherwise); `id` and `version` are the server's. A create body's `id` is ignored. Two
 * redirects may not match the same requests (same domain, match type and value: 409).
 */
export function registerRedirectRoutes(server: FastifyInstance, deps: ApiDeps): void {
  const publish = changePublisher(deps, 'redirect');
  server.get(REDIRECTS, async (request) => {
    const { project, query } = managementRequest(deps, request, access('view'));
    const paging = pagingOf(query);
    const page = listRedirectPage(deps.db, project.id, paging.pageIndex * paging.pageSize, paging.pageSize);
    return pagedList(paging, page.total, page.items);
  });

  server.get(`${REDIRECTS}/:id`, async (request) => {
    const { project } = managementRequest(deps, request, access('view'));
    return existingRedirect(deps, project.id, pathParam(request, 'id'));
  });

  server.post(REDIRECTS, async (request, reply) => {
    const { caller, project } = managementRequest(deps, request, access('create'));
    const fields = parseRedirect(objectBody(request, 'a JSON object (a redirect)'), 'creating');
    const now = nowIso(deps);
    const redirect: RedirectDocument = {
      id: randomUUID(),
      ...fields,
      version: { created: now, createdBy: caller.name, modified: now, modifiedBy: caller.name },
    };
    deps.db.transaction(() => {
      refuseDuplicateMatch(deps, project.id, redirect);
      insertRedirect(deps.db, project.id, redirect);
    })();
    publish(caller, project.id, 'created', redirect);
    return reply.code(201).send(redirect);
  });

  server.patch(`${REDIRECTS}/:id`, async (request) => {
    const { caller, project } = managementRequest(deps, request, access('update'));
    const id = pathParam(request, 'id');
    const patch = objectBody(request, 'a JSON object (a redirect or a merge patch of one)');
    const redirect = deps.db.transaction(() => {
      const current = existingRedirect(deps, project.id, id);
      if (patch.id !== undefined && patch.id !== null && patch.id !== current.id) {
        throw unprocessable(`The redirect's id cannot change (the path names '${current.id}')`, [
          { field: 'id', message: "'id' must be the id in the path" },
        ]);
      }
      const { id: _id, version, ...editable } = current;
      const { id: _patchId, version: _patchVersion, ...changes } = patch;
      const merged = mergePatch(editable, changes);
      const fields: RedirectFields = parseRedirect(isJsonObject(merged) ? merged : {}, 'updating');
      const updated: RedirectDocument = {
        id: current.id,
        ...fields,
        version: { ...version, modified: nowIso(deps), modifiedBy: caller.name },
      };
      refuseDuplicateMatch(deps, project.id, updated);
      updateRedirect(deps.db, project.id, updated);
      return updated;
    })();
    publish(caller, project.id, 'updated', redirect);
    return redirect;
  });

  server.delete(`${REDIRECTS}/:id`, async (request, reply) => {
    const { caller, project } = managementRequest(deps, request, access('delete'));
    const id = pathParam(request, 'id');
    const redirect = deps.db.transaction(() => {
      const current = existingRedirect(deps, project.id, id);
      deleteRedirect(deps.db, project.id, current.id);
      return current;
    })();
    publish(caller, project.id, 'deleted', redirect);
    return reply.code(204).send();
  });
}

function existingRedirect(deps: ApiDeps, projectId: string, id: string): RedirectDocument {
  const redirect = getRedirect(deps.db, projectId, id);
  if (!redirect)
    throw notFound('The redirect could not be found', { redirectId: id.slice(0, 100), projectId });
  return redirect;
}

function refuseDuplicateMatch(deps: ApiDeps, projectId: string, redirect: RedirectDocument): void {
  const holder = findRedirectByMatch(deps.db, projectId, redirect);
  if (holder !== undefined && holder !== redirect.id) {
    throw conflict('Another redirect already matches the same domain and path', {
      id: holder,
      sourceDomain: redirect.sourceDomain,
      match: redirect.match,
    });
  }
}
