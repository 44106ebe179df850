import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Caller } from '../../../auth/caller.js';
import type { PermissionTarget } from '../../../auth/permissions.js';
import type { Scope } from '../../../auth/scopes.js';
import type { ProjectResource } from '../../../contract.js';
import { entryContentTypeId } from '../../../db/entries.js';
import { getNodesByEntry, getRootNode, type NodeRecord } from '../../../db/nodes.js';
import { badRequest, HttpError, notFound } from '../../../delivery/errors.js';
import type { WriteStamp } from '../../../management/definitions/definition-store.js';
import { isPlainObject } from '../../../management/definitions/input.js';
import { readNodeCreate, readNodeUpdate } from '../../../management/definitions/node-input.js';
import {
  createChildNode,
  deleteChildrenOrder,
  deleteNode,
  managementNode,
  moveNode,
  orderedChildren,
  requireNode,
  setChildrenOrder,
  updateNode,
} from '../../../management/definitions/node-store.js';
import { invalidField } from '../../../management/definitions/problems.js';
import type { ApiDeps } from '../../api-deps.js';
import { changePublisher, nowIso } from '../../changes.js';
import {
  type ManagementRequest,
  managementRequest,
  objectBody,
  requirePermission,
  stringArrayBody,
} from '../common.js';

const NODES = '/api/management/projects/:projectId/nodes';
const RESOURCE_TYPE = 'nodes';

function nodeIdOf(request: FastifyRequest): string {
  return (request.params as { nodeId: string }).nodeId;
}

/** The project language a `language` parameter names (any letter case); 422 for any other; undefined when absent. */
function languageParam(project: ProjectResource, value: string | undefined): string | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const wanted = value.trim().toLowerCase();
  const match = project.supportedLanguages.find((language) => language.toLowerCase() === wanted);
  if (match) return match;
  throw invalidField(
    `The language '${value.slice(0, 40)}' is not a language of project '${project.id}'`,
    'language',
    `Use one of ${project.supportedLanguages.join(', ')}`,
  );
}

/** The new parent id of a move: a JSON string body (the documented form) or `{ "parentId": … }`. */
function parentIdBody(request: FastifyRequest): string {
  const body = request.body;
  const value = isPlainObject(body) ? body.parentId : body;
  if (typeof value !== 'string' || value.trim() === '' || value.length > 256) {
    throw new HttpError(400, 'The request body must be the new parent id as a JSON string, e.g. "9db1…"');
  }
  return value.trim();
}

/**
 * The site view of the management API (contract §4.2 Nodes). Nodes hold no entry content, so
 * they use the entry scopes: reads need `Entry_Read`, creating, updating, moving and
 * ordering `Entry_Write`, deleting `Entry_Delete`. Role permissions are on resource type
 * `nodes` with the node's id (for creation, the parent's) and the content type of the entry
 * the node shows: `view` for reads, `create`, `update` (ordering children updates the
 * parent; moving updates the node and creates under the new parent) and `delete`.
 */
export function registerNodeRoutes(server: FastifyInstance, deps: ApiDeps): void {
  // Whether the caller may do this kind of thing to any node is checked before the node is
  // looked up, so a caller who may not learns nothing about which ids exist.
  const access = (request: FastifyRequest, scope: Scope, actions: readonly string[]): ManagementRequest =>
    managementRequest(deps, request, { scope, anyOf: { resourceTypes: [RESOURCE_TYPE], actions } });
  const allow = (
    caller: Caller,
    project: ProjectResource,
    target: Omit<PermissionTarget, 'resourceType'>,
    action: string,
  ) => requirePermission(deps, caller, project.id, { resourceType: RESOURCE_TYPE, ...target }, action);
  const nodeTarget = (project: ProjectResource, node: NodeRecord, entryId: string | null = node.entryId) => {
    const contentTypeId = entryId ? entryContentTypeId(deps.db, project.id, entryId) : undefined;
    return { id: node.id, ...(contentTypeId ? { contentTypeId } : {}) };
  };
  const publish = changePublisher(deps, 'node');
  const stampOf = (caller: Caller): WriteStamp => ({ actor: caller.name, now: nowIso(deps) });
  const readNode = (request: FastifyRequest) => {
    const { caller, project } = access(request, 'Entry_Read', ['view']);
    const node = requireNode(deps.db, project.id, nodeIdOf(request));
    allow(caller, project, nodeTarget(project, node), 'view');
    return { caller, project, node };
  };
  // A child order (of one language, or the default one) belongs to the parent: changing it is
  // an update of the parent.
  const orderRequest = (request: FastifyRequest) => {
    const { caller, project } = access(request, 'Entry_Write', ['update']);
    const parent = requireNode(deps.db, project.id, nodeIdOf(request));
    allow(caller, project, nodeTarget(project, parent), 'update');
    const language = languageParam(project, (request.query as Record<string, string | undefined>).language);
    return { caller, project, parent, language };
  };
  const publishOrder = (caller: Caller, project: ProjectResource, parent: NodeRecord, language?: string) =>
    publish(caller, project.id, 'updated', managementNode(deps.db, parent), language ? { language } : {});

  server.get(`${NODES}/root`, async (request) => {
    const { caller, project } = access(request, 'Entry_Read', ['view']);
    const root = getRootNode(deps.db, project.id);
    if (!root) throw notFound(`The project '${project.id}' has no root node`, { projectId: project.id });
    allow(caller, project, nodeTarget(project, root), 'view');
    return managementNode(deps.db, root);
  });

  server.get(NODES, async (request) => {
    const { caller, project, query } = access(request, 'Entry_Read', ['view']);
    const entryId = query.entryid?.trim();
    if (!entryId) throw badRequest("The 'entryId' parameter is required to list nodes", { entryId: null });
    allow(caller, project, {}, 'view');
    return getNodesByEntry(deps.db, project.id, entryId).map((node) => managementNode(deps.db, node));
  });

  server.get(`${NODES}/:nodeId`, async (request) => {
    const { node } = readNode(request);
    return managementNode(deps.db, node);
  });

  server.get(`${NODES}/:nodeId/children`, async (request) => {
    const { project, node } = readNode(request);
    const language = languageParam(project, (request.query as Record<string, string | undefined>).language);
    return orderedChildren(deps.db, project, node.id, language ?? project.primaryLanguage).map((child) =>
      managementNode(deps.db, child),
    );
  });

  server.post(`${NODES}/:nodeId/children`, async (request, reply) => {
    const { caller, project } = access(request, 'Entry_Write', ['create']);
    const parent = requireNode(deps.db, project.id, nodeIdOf(request));
    const body = objectBody(request);
    const entryId = typeof body.entryId === 'string' ? body.entryId : null;
    allow(caller, project, nodeTarget(project, parent, entryId), 'create');
    const input = readNodeCreate(body, project, parent.id);
    const node = deps.db.transaction(() => {
      const created = createChildNode(deps.db, project, parent, input, stampOf(caller));
      return managementNode(deps.db, created);
    })();
    publish(caller, project.id, 'created', node);
    return reply.code(201).send(node);
  });

  server.put(`${NODES}/:nodeId`, async (request) => {
    const { caller, project } = access(request, 'Entry_Write', ['update']);
    const current = requireNode(deps.db, project.id, nodeIdOf(request));
    const body = objectBody(request);
    const entryId = typeof body.entryId === 'string' ? body.entryId : current.entryId;
    allow(caller, project, nodeTarget(project, current, entryId), 'update');
    const changes = readNodeUpdate(body, project, current);
    const node = deps.db.transaction(() => {
      const updated = updateNode(deps.db, project, current, changes, stampOf(caller));
      return managementNode(deps.db, updated);
    })();
    publish(caller, project.id, 'updated', node);
    return node;
  });

  server.delete(`${NODES}/:nodeId`, async (request, reply) => {
    const { caller, project } = access(request, 'Entry_Delete', ['delete']);
    const node = requireNode(deps.db, project.id, nodeIdOf(request));
    allow(caller, project, nodeTarget(project, node), 'delete');
    const before = managementNode(deps.db, node);
    deps.db.transaction(() => deleteNode(deps.db, project, node))();
    publish(caller, project.id, 'deleted', before);
    return reply.code(204).send();
  });

  server.put(`${NODES}/:nodeId/children/order`, async (request, reply) => {
    const { caller, project, parent, language } = orderRequest(request);
    const childIds = stringArrayBody(request, 'a JSON array of the child node ids in their new order');
    deps.db.transaction(() => setChildrenOrder(deps.db, project, parent, childIds, language))();
    publishOrder(caller, project, parent, language);
    return reply.code(204).send();
  });

  server.delete(`${NODES}/:nodeId/children/order`, async (request, reply) => {
    const { caller, project, parent, language } = orderRequest(request);
    deps.db.transaction(() => deleteChildrenOrder(deps.db, project, parent, language))();
    publishOrder(caller, project, parent, language);
    return reply.code(204).send();
  });

  server.put(`${NODES}/:nodeId/parentId`, async (request, reply) => {
    const { caller, project } = access(request, 'Entry_Write', ['update']);
    const node = requireNode(deps.db, project.id, nodeIdOf(request));
    allow(caller, project, nodeTarget(project, node), 'update');
    const parentId = parentIdBody(request);
    allow(caller, project, { id: parentId }, 'create');
    const moved = deps.db.transaction(() => {
      const result = moveNode(deps.db, project, node, parentId, stampOf(caller));
      return result ? managementNode(deps.db, result) : undefined;
    })();
    if (moved) {
      publish(caller, project.id, 'updated', moved);
    }
    return reply.code(204).send();
  });
}
