import type { FastifyInstance } from 'fastify';
import type { ProjectResource } from '../../../contract.js';
import { listDefinitionVersions } from '../../../db/content-types.js';
import type { Db } from '../../../db/open.js';
import {
  countTagsOfGroup,
  deleteTagGroup,
  getTagGroup,
  insertTagGroup,
  listTagGroups,
  tagCountsByGroup,
  updateTagGroup,
} from '../../../db/tags.js';
import { notFound } from '../../../delivery/errors.js';
import { pagedList, pageOf } from '../../../delivery/paging.js';
import { parseLanguage } from '../../../delivery/params.js';
import {
  filterTagGroups,
  parseOrder,
  parseSearchText,
  TAG_GROUP_ORDER_KEYS,
} from '../../../management/administration/listing.js';
import { tagGroupUsage } from '../../../management/administration/tag-group-usage.js';
import {
  parseTagGroup,
  type TagGroupDocument,
  type TagGroupResource,
} from '../../../management/administration/tags.js';
import { checkVersion, firstVersion, nextVersion } from '../../../management/administration/versions.js';
import type { ApiDeps } from '../../api-deps.js';
import { changePublisher, nowIso } from '../../changes.js';
import { conflict, objectBody } from '../common.js';
import { PROJECT_ROOT, pagingOf, pathParam } from './shared.js';
import { tagRequest } from './tag-access.js';

/** `P/taggroups`. */
export const TAG_GROUPS = `${PROJECT_ROOT}/taggroups`;

/**
 * Tag groups (contract §4.2) under `P/taggroups`: list (`q` in id, name or description;
 * `order` by id, name, description, tagCount or version.created / version.modified, `-` for
 * descending; default by name), get, create (`{id, name, description?}`, 409 when the id is
 * taken), update (PUT; a stale `version.versionNo` is a 422), usage (the content types and
 * components whose tag fields allow the group, see `tag-group-usage.ts`) and delete.
 *
 * A group that still holds tags cannot be deleted (409): delete or move its tags first, so no
 * entry loses tags by accident. `tagCount` is counted when served. Access: see `tagRequest`.
 */
export function registerTagGroupRoutes(server: FastifyInstance, deps: ApiDeps): void {
  const publish = changePublisher(deps, 'tagGroup');
  server.get(TAG_GROUPS, async (request) => {
    const { project, query } = tagRequest(deps, request, 'taggroups', 'view');
    parseLanguage(project, query.language);
    const order = parseOrder(query.order, TAG_GROUP_ORDER_KEYS);
    const q = parseSearchText(query.q);
    const paging = pagingOf(query);
    const counts = tagCountsByGroup(deps.db, project.id);
    const groups = listTagGroups(deps.db, project.id).map((group) => ({
      ...group,
      tagCount: counts.get(group.id) ?? 0,
    }));
    const matching = filterTagGroups(groups, { order, ...(q === undefined ? {} : { q }) });
    return pagedList(paging, matching.length, pageOf(matching, paging));
  });

  server.get(`${TAG_GROUPS}/:id`, async (request) => {
    const { project } = tagRequest(deps, request, 'taggroups', 'view');
    return groupResource(deps.db, existingTagGroup(deps.db, project, pathParam(request, 'id')), project.id);
  });

  server.get(`${TAG_GROUPS}/:id/usage`, async (request) => {
    const { project, query } = tagRequest(deps, request, 'taggroups', 'view');
    const group = existingTagGroup(deps.db, project, pathParam(request, 'id'));
    const paging = pagingOf(query);
    // The latest definitions: a draft that adds a tag field already depends on the group.
    const definitions = (['contentType', 'component'] as const).flatMap((kind) =>
      listDefinitionVersions(deps.db, project.id, kind, 'latest').map((version) => ({
        ...version.data,
        id: version.id,
      })),
    );
    const usage = tagGroupUsage(definitions, group.id);
    return pagedList(paging, usage.length, pageOf(usage, paging));
  });

  server.post(TAG_GROUPS, async (request, reply) => {
    const { caller, project } = tagRequest(deps, request, 'taggroups', 'create');
    const fields = parseTagGroup(objectBody(request, 'a JSON object (a tag group)'), 'creating');
    const group: TagGroupDocument = { ...fields, version: firstVersion(nowIso(deps), caller.name) };
    deps.db.transaction(() => {
      if (getTagGroup(deps.db, project.id, group.id)) {
        throw conflict(`A tag group with the id '${group.id}' already exists`, { id: group.id });
      }
      insertTagGroup(deps.db, project.id, group);
    })();
    const resource: TagGroupResource = { ...group, tagCount: 0 };
    publish(caller, project.id, 'created', resource);
    return reply.code(201).send(resource);
  });

  server.put(`${TAG_GROUPS}/:id`, async (request) => {
    const { caller, project } = tagRequest(deps, request, 'taggroups', 'update');
    const id = pathParam(request, 'id');
    const body = objectBody(request, 'a JSON object (a tag group)');
    const group = deps.db.transaction(() => {
      const current = existingTagGroup(deps.db, project, id);
      const fields = parseTagGroup(body, 'updating', current.id);
      checkVersion(body, current.version, 'tag group');
      const updated: TagGroupDocument = {
        ...fields,
        version: nextVersion(current.version, nowIso(deps), caller.name),
      };
      updateTagGroup(deps.db, project.id, updated);
      return groupResource(deps.db, updated, project.id);
    })();
    publish(caller, project.id, 'updated', group);
    return group;
  });

  server.delete(`${TAG_GROUPS}/:id`, async (request, reply) => {
    const { caller, project } = tagRequest(deps, request, 'taggroups', 'delete');
    const id = pathParam(request, 'id');
    const group = deps.db.transaction(() => {
      const current = existingTagGroup(deps.db, project, id);
      const tagCount = countTagsOfGroup(deps.db, project.id, current.id);
      if (tagCount > 0) {
        throw conflict(
          `The tag group '${current.id}' still holds ${tagCount} tag${tagCount === 1 ? '' : 's'}; delete them first`,
          { id: current.id, tagCount },
        );
      }
      deleteTagGroup(deps.db, project.id, current.id);
      return current;
    })();
    publish(caller, project.id, 'deleted', { ...group, tagCount: 0 });
    return reply.code(204).send();
  });
}

/** The tag group `id` of the project, or a 404. */
export function existingTagGroup(db: Db, project: ProjectResource, id: string): TagGroupDocument {
  const group = getTagGroup(db, project.id, id);
  if (!group) {
    throw notFound('The tag group could not be found', {
      tagGroupId: id.slice(0, 100),
      projectId: project.id,
    });
  }
  return group;
}

function groupResource(db: Db, group: TagGroupDocument, projectId: string): TagGroupResource {
  return { ...group, tagCount: countTagsOfGroup(db, projectId, group.id) };
}
