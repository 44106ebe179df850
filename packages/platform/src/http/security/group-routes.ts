import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Caller } from '../../auth/caller.js';
import { addChildGroupRecord, addUserToGroup, insertGroupRecord } from '../../db/accounts.js';
import {
  deleteGroupRecord,
  findGroupRecord,
  type GroupRecord,
  getGroupRecord,
  groupNameTaken,
  isDirectMember,
  listGroupEdges,
  listGroupRecords,
  listMemberships,
  removeChildGroupRecord,
  removeUserFromGroup,
  renameInRoleAssignments,
  updateGroupRecord,
} from '../../db/groups.js';
import { findUserRecord, listUserRecords } from '../../db/users.js';
import { badRequest, notFound } from '../../delivery/errors.js';
import { requireSecurityPermission, requireSelfOrAdministrator } from '../../security/access.js';
import { GroupGraph } from '../../security/group-graph.js';
import { applyGroupUpdate, parseNewGroup } from '../../security/group-input.js';
import { type GroupJson, groupData, isBuiltIn, shapeGroup } from '../../security/group-model.js';
import { GROUP_LIST, USER_LIST } from '../../security/list-specs.js';
import { applyListing, parseListRequest } from '../../security/listing.js';
import { shapeUser } from '../../security/user-model.js';
import { type FieldProblem, LIMITS, ValidationFailure } from '../../security/validation.js';
import { type ApiDeps, callerOf } from '../api-deps.js';
import { conflict, objectBody, stringArrayBody } from '../management/common.js';
import {
  administrator,
  excludedGroupIds,
  flag,
  groupOr404,
  keepingAnAdministrator,
  noContent,
  param,
  publishAccountChange,
  queryOf,
  userOr404,
  userParam,
} from './request.js';

const GROUPS = '/api/security/groups';

/**
 * The groups half of the security API (contract §4.4) under `/api/security/groups`. Every call
 * needs a security administrator, except `HEAD /groups/{g}/users/{u}` for the user themself
 * and adding members to an ordinary group, which a role may grant (`requireSecurityPermission`).
 * Groups are addressed by id or name, users by id, username or email.
 */
export function registerGroupRoutes(server: FastifyInstance, deps: ApiDeps): void {
  const { db } = deps;
  // Runs a group write in one transaction and publishes the group's state after commit.
  const writeGroup = (caller: Caller, event: string, write: () => GroupRecord): GroupJson => {
    const group = db.transaction(() => {
      const record = write();
      return shapeGroup(getGroupRecord(db, record.id) ?? record);
    })();
    publishAccountChange(deps, caller, 'group', event, group.id, group);
    return group;
  };
  // Adding members is the one group write a role may grant (a site registering its users);
  // the group is resolved only to decide, so a refused caller learns nothing from a 404.
  const memberAdder = (request: FastifyRequest): Caller => {
    const caller = callerOf(deps, request);
    const group = findGroupRecord(db, param(request, 'groupId'));
    requireSecurityPermission(db, caller, { resourceType: 'groups', action: 'addMember', group });
    return caller;
  };

  server.get(GROUPS, (request) => {
    administrator(deps, request);
    const groups = listGroupRecords(db).map(shapeGroup);
    return applyListing(groups, parseListRequest(queryOf(request), deps.now()), GROUP_LIST);
  });

  server.get(`${GROUPS}/:groupId`, (request) => {
    administrator(deps, request);
    return shapeGroup(groupOr404(deps, param(request, 'groupId')));
  });

  server.post(GROUPS, (request, reply) => {
    const caller = administrator(deps, request);
    const group = parseNewGroup(objectBody(request, 'a group (JSON object)'), randomUUID(), deps.now());
    const created = writeGroup(caller, 'created', () => {
      if (groupNameTaken(db, group.name)) {
        throw conflict(`A group named '${group.name}' already exists`, { name: group.name });
      }
      insertGroupRecord(db, { id: group.id, name: group.name, data: groupData(group) });
      return getGroupRecord(db, group.id)!;
    });
    return reply.code(201).send(created);
  });

  server.put(`${GROUPS}/:groupId`, (request) => {
    const caller = administrator(deps, request);
    const body = objectBody(request, 'a group (JSON object)');
    return writeGroup(caller, 'updated', () => {
      const record = groupOr404(deps, param(request, 'groupId'));
      if (body.id !== undefined && body.id !== record.id) {
        throw badRequest('The id in the body does not match the group in the URL', {
          id: body.id,
          groupId: record.id,
        });
      }
      const next = applyGroupUpdate(shapeGroup(record), body, deps.now());
      if (groupNameTaken(db, next.name, record.id)) {
        throw conflict(`A group named '${next.name}' already exists`, { name: next.name });
      }
      updateGroupRecord(db, {
        id: record.id,
        name: next.name,
        data: { ...record.data, ...groupData(next) },
      });
      // Roles name the groups they are assigned to; a renamed group keeps its roles.
      if (next.name !== record.name) renameInRoleAssignments(db, 'groups', record.name, next.name);
      return record;
    });
  });

  server.delete(`${GROUPS}/:groupId`, (request, reply) => {
    const caller = administrator(deps, request);
    const deleted = db.transaction(() => {
      const record = groupOr404(deps, param(request, 'groupId'));
      const group = shapeGroup(record);
      if (isBuiltIn(group)) {
        throw new ValidationFailure(`The built-in group '${group.name}' cannot be deleted`, [
          { field: 'type', message: 'Built-in (sys) groups cannot be deleted' },
        ]);
      }
      keepingAnAdministrator(deps, () => deleteGroupRecord(db, record.id));
      return group;
    })();
    publishAccountChange(deps, caller, 'group', 'deleted', deleted.id, deleted);
    return noContent(reply);
  });

  // Members

  server.put(`${GROUPS}/:groupId/users/:userId`, (request, reply) => {
    const caller = memberAdder(request);
    writeGroup(caller, 'updated', () => {
      const group = groupOr404(deps, param(request, 'groupId'));
      addUserToGroup(db, group.id, userOr404(deps, userParam(request, caller)).id);
      return group;
    });
    return noContent(reply);
  });

  server.post(`${GROUPS}/:groupId/users`, (request, reply) => {
    const caller = memberAdder(request);
    const identifiers = idList(request, 'user');
    writeGroup(caller, 'updated', () => {
      const group = groupOr404(deps, param(request, 'groupId'));
      const users = resolveAll(identifiers, 'user', (id) => findUserRecord(db, id));
      for (const user of users) addUserToGroup(db, group.id, user.id);
      return group;
    });
    return noContent(reply);
  });

  server.delete(`${GROUPS}/:groupId/users/:userId`, (request, reply) => {
    const caller = administrator(deps, request);
    writeGroup(caller, 'updated', () => {
      const group = groupOr404(deps, param(request, 'groupId'));
      const user = userOr404(deps, userParam(request, caller));
      keepingAnAdministrator(deps, () => {
        if (!removeUserFromGroup(db, group.id, user.id)) {
          throw notFound(`The user '${user.username}' is not a member of the group '${group.name}'`, {
            groupId: group.id,
            userId: user.id,
          });
        }
      });
      return group;
    });
    return noContent(reply);
  });

  server.head(`${GROUPS}/:groupId/users/:userId`, (request, reply) => {
    const caller = callerOf(deps, request);
    const user = findUserRecord(db, userParam(request, caller));
    requireSelfOrAdministrator(caller, user?.id);
    const group = findGroupRecord(db, param(request, 'groupId'));
    if (!user || !group || !isDirectMember(db, group.id, user.id)) {
      throw notFound('The user is not a member of the group');
    }
    return noContent(reply);
  });

  server.get(`${GROUPS}/:groupId/users`, (request) => {
    administrator(deps, request);
    const group = groupOr404(deps, param(request, 'groupId'));
    const query = queryOf(request);
    const graph = new GroupGraph(listGroupEdges(db));
    const excluded = graph.excluded(excludedGroupIds(deps, query));
    const considered = new Set([group.id]);
    if (flag(query, 'includeInherited')) for (const id of graph.descendants(group.id)) considered.add(id);
    const userIds = new Set(
      listMemberships(db)
        .filter((link) => considered.has(link.groupId) && !excluded.has(link.groupId))
        .map((link) => link.userId),
    );
    const users = listUserRecords(db)
      .filter((user) => userIds.has(user.id))
      .map(shapeUser);
    return applyListing(users, parseListRequest(query, deps.now()), USER_LIST);
  });

  // Child groups

  server.put(`${GROUPS}/:groupId/groups/:childId`, (request, reply) => {
    const caller = administrator(deps, request);
    writeGroup(caller, 'updated', () => {
      const group = groupOr404(deps, param(request, 'groupId'));
      const child = groupOr404(deps, param(request, 'childId'));
      addChild(deps, group, child, 'childId');
      return group;
    });
    return noContent(reply);
  });

  server.post(`${GROUPS}/:groupId/groups`, (request, reply) => {
    const caller = administrator(deps, request);
    const identifiers = idList(request, 'child group');
    writeGroup(caller, 'updated', () => {
      const group = groupOr404(deps, param(request, 'groupId'));
      const children = resolveAll(identifiers, 'group', (id) => findGroupRecord(db, id));
      for (const [i, child] of children.entries()) addChild(deps, group, child, `[${i}]`);
      return group;
    });
    return noContent(reply);
  });

  server.delete(`${GROUPS}/:groupId/groups/:childId`, (request, reply) => {
    const caller = administrator(deps, request);
    writeGroup(caller, 'updated', () => {
      const group = groupOr404(deps, param(request, 'groupId'));
      const child = groupOr404(deps, param(request, 'childId'));
      keepingAnAdministrator(deps, () => {
        if (!removeChildGroupRecord(db, group.id, child.id)) {
          throw notFound(`The group '${child.name}' is not a child of '${group.name}'`, {
            groupId: group.id,
            childGroupId: child.id,
          });
        }
      });
      return group;
    });
    return noContent(reply);
  });

  server.get(`${GROUPS}/:groupId/groups`, (request) => {
    administrator(deps, request);
    const group = groupOr404(deps, param(request, 'groupId'));
    const query = queryOf(request);
    const graph = new GroupGraph(listGroupEdges(db));
    const excluded = graph.excluded(excludedGroupIds(deps, query));
    const selected = flag(query, 'includeInherited')
      ? graph.descendants(group.id)
      : new Set(graph.children(group.id));
    if (flag(query, 'includeSelf')) selected.add(group.id);
    const groups = listGroupRecords(db)
      .filter((candidate) => selected.has(candidate.id) && !excluded.has(candidate.id))
      .map(shapeGroup);
    return applyListing(groups, parseListRequest(query, deps.now()), GROUP_LIST);
  });
}

/** A POSTed list of ids or names: a JSON array of 1–1000 non-empty strings, or a 400. */
function idList(request: FastifyRequest, what: string): string[] {
  const ids = stringArrayBody(request, `a JSON array of ${what} ids`);
  if (ids.length === 0 || ids.length > LIMITS.idList) {
    throw badRequest(`The request body must list between 1 and ${LIMITS.idList} ${what} ids`);
  }
  if (ids.some((id) => id.length > LIMITS.name)) {
    throw badRequest(`A ${what} id in the request body is longer than ${LIMITS.name} characters`);
  }
  return ids;
}

/** Every identifier resolved, or one 422 listing all that do not exist (nothing is written). */
function resolveAll<T>(identifiers: string[], what: string, find: (id: string) => T | undefined): T[] {
  const problems: FieldProblem[] = [];
  const found: T[] = [];
  identifiers.forEach((identifier, i) => {
    const item = find(identifier);
    if (item) found.push(item);
    else problems.push({ field: `[${i}]`, message: `The ${what} '${identifier}' could not be found` });
  });
  if (problems.length > 0) throw new ValidationFailure(`Some ${what}s could not be found`, problems);
  return found;
}

/** Links a child group, refusing (422) a group that would end up containing itself. */
function addChild(deps: ApiDeps, parent: GroupRecord, child: GroupRecord, field: string): void {
  if (new GroupGraph(listGroupEdges(deps.db)).wouldCycle(parent.id, child.id)) {
    throw new ValidationFailure(
      parent.id === child.id
        ? `The group '${parent.name}' cannot contain itself`
        : `Adding '${child.name}' to '${parent.name}' would make a group contain itself`,
      [{ field, message: 'A group cannot contain itself, directly or through its child groups' }],
    );
  }
  addChildGroupRecord(deps.db, parent.id, child.id);
}
