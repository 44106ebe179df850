import type { FastifyRequest } from 'fastify';
import type { ApiDeps } from '../../api-deps.js';
import { type ManagementRequest, managementRequest } from '../common.js';

/** The permission resource types of tags and tag groups. */
export type TagResourceType = 'tags' | 'taggroups';

/**
 * Authorises a tag or tag-group request. Reading needs the `Entry_Read` scope and either the
 * `view` permission on the resource type or `view` on entries: tags label entries, so whoever
 * may read entries may read the tag vocabulary. Writing needs `Entry_Write` and `create`,
 * `update` or `delete` on `tags` / `taggroups` itself (roles grant them as
 * `permissions.tags` / `permissions.tagGroups`).
 *
 * @example
 * const { caller, project } = tagRequest(deps, request, 'tags', 'create');
 */
export function tagRequest(
  deps: ApiDeps,
  request: FastifyRequest,
  resourceType: TagResourceType,
  action: 'view' | 'create' | 'update' | 'delete',
): ManagementRequest {
  if (action !== 'view') {
    return managementRequest(deps, request, {
      scope: 'Entry_Write',
      permission: { target: { resourceType }, action },
    });
  }
  return managementRequest(deps, request, {
    scope: 'Entry_Read',
    anyOf: { resourceTypes: ['entries', resourceType], actions: ['view'] },
  });
}
