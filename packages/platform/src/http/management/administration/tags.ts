import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Caller } from '../../../auth/caller.js';
import type { ProjectResource } from '../../../contract.js';
import type { Db } from '../../../db/open.js';
import {
  deleteTag,
  findTagIdByValue,
  getTag,
  getTagGroup,
  insertTag,
  listTags,
  updateTag,
} from '../../../db/tags.js';
import { HttpError, notFound } from '../../../delivery/errors.js';
import { pagedList, pageOf } from '../../../delivery/paging.js';
import { parseLanguage, parseVersionStatus, type QueryParams } from '../../../delivery/params.js';
import {
  filterTags,
  parseOrder,
  parseSearchText,
  TAG_ORDER_KEYS,
  tagLabel,
} from '../../../management/administration/listing.js';
import {
  findTagUsage,
  type RewrittenEntry,
  repointTagUsages,
  tagResource,
} from '../../../management/administration/tag-store.js';
import {
  parseTag,
  type TagDocument,
  type TagFields,
  type TagResource,
} from '../../../management/administration/tags.js';
import { LIMITS } from '../../../management/administration/validation.js';
import { checkVersion, firstVersion, nextVersion } from '../../../management/administration/versions.js';
import { usagePage } from '../../../management/usage-list.js';
import type { ApiDeps } from '../../api-deps.js';
import { changePublisher, nowIso, publishChange } from '../../changes.js';
import { conflict, objectBody, stringArrayBody, unprocessable } from '../common.js';
import { PROJECT_ROOT, pagingOf, pathParam } from './shared.js';
import { tagRequest } from './tag-access.js';
import { existingTagGroup, TAG_GROUPS } from './tag-groups.js';

const TAGS = `${PROJECT_ROOT}/tags`;

/** The most tags one bulk delete may name. */
export const MAX_BULK_DELETE = 1000;

/**
 * Tags (contract §4.2):
 * - `GET P/tags/{id}`, `GET P/tags` and `GET P/taggroups/{groupId}/tags` (list: `q` in value or
 *   label, `order` by value, label, groupId, id, version.created / version.modified; default by
 *   value). With a `label` parameter the group path answers the one tag with that label in
 *   `language` (any language without one; ignoring case) or 404 — the contract's overload.
 * - `POST P/tags` (`{groupId, value, label, id?}`; 422 for an unknown group, 409 for a taken
 *   id or a value the group already has, ignoring case), `PUT P/tags/{id}` (a stale
 *   `version.versionNo` is a 422).
 * - `GET P/tags/{id}/usage`: the entry variations using the tag (see `tag-references.ts`).
 * - `DELETE P/tags/{id}` and `DELETE P/taggroups/{groupId}/tags/bulk` (ids as the JSON body):
 *   usages in entries are re-pointed to `replacementTagId`, or removed without one; changed
 *   entry versions are re-indexed in the same transaction and announced as `entry` `updated`
 *   events.
 *
 * `language` must be a project language (404 otherwise); labels are always served whole.
 * `usageCount` counts the entry variations whose latest version uses the tag.
 */
export function registerTagRoutes(server: FastifyInstance, deps: ApiDeps): void {
  const publish = changePublisher(deps, 'tag');
  server.get(TAGS, async (request) => {
    const { project, query } = tagRequest(deps, request, 'tags', 'view');
    return tagList(deps.db, project, query, listTags(deps.db, project.id));
  });

  server.get(`${TAG_GROUPS}/:id/tags`, async (request) => {
    const { project, query } = tagRequest(deps, request, 'tags', 'view');
    const group = existingTagGroup(deps.db, project, pathParam(request, 'id'));
    const tags = listTags(deps.db, project.id, group.id);
    if (query.label === undefined) return tagList(deps.db, project, query, tags);
    const language = parseLanguage(project, query.language);
    const wanted = query.label.trim().toLowerCase();
    const match = filterTags(tags, { order: [] }).find((tag) =>
      language === undefined
        ? Object.values(tag.label).some((label) => label.toLowerCase() === wanted)
        : tagLabel(tag, language).toLowerCase() === wanted,
    );
    if (!match) {
      throw notFound(`The tag group '${group.id}' has no tag labelled '${query.label.slice(0, 100)}'`, {
        tagGroupId: group.id,
        label: query.label.slice(0, 100),
        language: language ?? null,
      });
    }
    return tagResource(deps.db, project.id, match);
  });

  server.get(`${TAGS}/:id`, async (request) => {
    const { project, query } = tagRequest(deps, request, 'tags', 'view');
    parseLanguage(project, query.language);
    return tagResource(deps.db, project.id, existingTag(deps.db, project, pathParam(request, 'id')));
  });

  server.get(`${TAGS}/:id/usage`, async (request) => {
    const { project, query } = tagRequest(deps, request, 'tags', 'view');
    const tag = existingTag(deps.db, project, pathParam(request, 'id'));
    const language = parseLanguage(project, query.language);
    const status = parseVersionStatus(query.versionstatus);
    const q = parseSearchText(query.q);
    const paging = pagingOf(query);
    const usage = findTagUsage(deps.db, project.id, tag.id, {
      status,
      ...(language === undefined ? {} : { language }),
      ...(q === undefined ? {} : { q }),
    });
    return usagePage(paging, usage.items, usage);
  });

  server.post(TAGS, async (request, reply) => {
    const { caller, project } = tagRequest(deps, request, 'tags', 'create');
    const fields = parseTag(
      objectBody(request, 'a JSON object (a tag)'),
      project.supportedLanguages,
      'creating',
    );
    const tag: TagDocument = {
      id: fields.id ?? randomUUID(),
      groupId: fields.groupId,
      value: fields.value,
      label: fields.label,
      version: firstVersion(nowIso(deps), caller.name),
    };
    deps.db.transaction(() => {
      if (getTag(deps.db, project.id, tag.id)) {
        throw conflict(`A tag with the id '${tag.id}' already exists`, { id: tag.id });
      }
      checkPlacement(deps.db, project.id, tag);
      insertTag(deps.db, project.id, tag);
    })();
    const resource: TagResource = { ...tag, usageCount: 0 };
    publish(caller, project.id, 'created', resource);
    return reply.code(201).send(resource);
  });

  server.put(`${TAGS}/:id`, async (request) => {
    const { caller, project } = tagRequest(deps, request, 'tags', 'update');
    const id = pathParam(request, 'id');
    const body = objectBody(request, 'a JSON object (a tag)');
    const tag = deps.db.transaction(() => {
      const current = existingTag(deps.db, project, id);
      const fields: TagFields = parseTag(body, project.supportedLanguages, 'updating', current.id);
      checkVersion(body, current.version, 'tag');
      const updated: TagDocument = {
        id: current.id,
        groupId: fields.groupId,
        value: fields.value,
        label: fields.label,
        version: nextVersion(current.version, nowIso(deps), caller.name),
      };
      checkPlacement(deps.db, project.id, updated);
      updateTag(deps.db, project.id, updated);
      return tagResource(deps.db, project.id, updated);
    })();
    publish(caller, project.id, 'updated', tag);
    return tag;
  });

  server.delete(`${TAGS}/:id`, async (request, reply) => {
    const { caller, project, query } = tagRequest(deps, request, 'tags', 'delete');
    const id = pathParam(request, 'id');
    const { deleted, rewritten } = deps.db.transaction(() => {
      const tag = existingTag(deps.db, project, id);
      const replacementId = replacementOf(deps.db, project, query, [tag.id]);
      const changed = repointTagUsages(deps.db, project.id, new Set([tag.id]), replacementId);
      deleteTag(deps.db, project.id, tag.id);
      return { deleted: [tag], rewritten: changed };
    })();
    announceDeletes(deps, caller, project.id, deleted, rewritten);
    return reply.code(204).send();
  });

  server.delete(`${TAG_GROUPS}/:id/tags/bulk`, async (request) => {
    const { caller, project, query } = tagRequest(deps, request, 'tags', 'delete');
    const ids = [...new Set(stringArrayBody(request, 'a JSON array of tag ids'))];
    if (ids.length > MAX_BULK_DELETE) {
      throw new HttpError(400, `At most ${MAX_BULK_DELETE} tags may be deleted at once`, {
        count: ids.length,
      });
    }
    const result = deps.db.transaction(() => {
      const group = existingTagGroup(deps.db, project, pathParam(request, 'id'));
      const replacementId = replacementOf(deps.db, project, query, ids);
      const success: { id: string }[] = [];
      const failed: { id: string; error: { type: string; message: string; data: unknown } }[] = [];
      const deleted: TagDocument[] = [];
      for (const id of ids) {
        const tag = getTag(deps.db, project.id, id);
        if (!tag || tag.groupId !== group.id) {
          failed.push({
            id,
            error: {
              type: 'error',
              message: `The tag group '${group.id}' has no tag with the id '${id.slice(0, LIMITS.id)}'`,
              data: { tagId: id.slice(0, LIMITS.id), tagGroupId: group.id },
            },
          });
          continue;
        }
        deleted.push(tag);
        success.push({ id: tag.id });
      }
      const rewritten = repointTagUsages(
        deps.db,
        project.id,
        new Set(deleted.map((tag) => tag.id)),
        replacementId,
      );
      for (const tag of deleted) deleteTag(deps.db, project.id, tag.id);
      return { success, failed, deleted, rewritten };
    })();
    announceDeletes(deps, caller, project.id, result.deleted, result.rewritten);
    return result.failed.length > 0
      ? { success: result.success, failed: result.failed }
      : { success: result.success };
  });
}

function tagList(db: Db, project: ProjectResource, query: QueryParams, tags: TagDocument[]) {
  const language = parseLanguage(project, query.language);
  const order = parseOrder(query.order, TAG_ORDER_KEYS);
  const q = parseSearchText(query.q);
  const paging = pagingOf(query);
  const matching = filterTags(tags, {
    order,
    ...(q === undefined ? {} : { q }),
    ...(language === undefined ? {} : { language }),
  });
  const items = pageOf(matching, paging).map((tag) => tagResource(db, project.id, tag));
  return pagedList(paging, matching.length, items);
}

function existingTag(db: Db, project: ProjectResource, id: string): TagDocument {
  const tag = getTag(db, project.id, id);
  if (!tag)
    throw notFound('The tag could not be found', { tagId: id.slice(0, LIMITS.id), projectId: project.id });
  return tag;
}

/** 422 for a tag in a group that does not exist; 409 for a value its group already has. */
function checkPlacement(db: Db, projectId: string, tag: TagDocument): void {
  if (!getTagGroup(db, projectId, tag.groupId)) {
    throw unprocessable(
      `There are validation errors saving the tag: the tag group '${tag.groupId}' does not exist`,
      [{ field: 'groupId', message: `The tag group '${tag.groupId}' does not exist` }],
    );
  }
  const holder = findTagIdByValue(db, projectId, tag.groupId, tag.value);
  if (holder !== undefined && holder !== tag.id) {
    throw conflict(`The tag group '${tag.groupId}' already has a tag with the value '${tag.value}'`, {
      id: holder,
      groupId: tag.groupId,
      value: tag.value,
    });
  }
}

/** The `replacementTagId` of a delete: an existing tag that is not itself being deleted (422). */
function replacementOf(
  db: Db,
  project: ProjectResource,
  query: QueryParams,
  deleting: string[],
): string | undefined {
  const id = query.replacementtagid;
  if (id === undefined || id === '') return undefined;
  if (deleting.includes(id)) {
    throw unprocessable('A tag cannot replace itself: the replacement tag is among the tags being deleted', {
      replacementTagId: id.slice(0, LIMITS.id),
    });
  }
  if (!getTag(db, project.id, id)) {
    throw unprocessable(`The replacement tag '${id.slice(0, LIMITS.id)}' does not exist`, {
      replacementTagId: id.slice(0, LIMITS.id),
    });
  }
  return id;
}

function announceDeletes(
  deps: ApiDeps,
  caller: Caller,
  projectId: string,
  deleted: TagDocument[],
  rewritten: RewrittenEntry[],
): void {
  const publish = changePublisher(deps, 'tag');
  for (const tag of deleted) publish(caller, projectId, 'deleted', tag);
  // Caches of delivered entries must learn that the entries changed under them.
  const announced = new Set<string>();
  for (const { record, entry } of rewritten) {
    const key = `${record.entryId}\u0000${record.language}`;
    if (announced.has(key)) continue;
    announced.add(key);
    publishChange(deps, caller, {
      projectId,
      resourceType: record.dataFormat === 'asset' ? 'asset' : 'entry',
      event: 'updated',
      resourceId: record.entryId,
      contentTypeId: record.contentTypeId,
      language: record.language,
      workflowState: entry.sys.workflow?.state ?? '',
      owner: entry.sys.owner,
      resource: entry,
    });
  }
}
