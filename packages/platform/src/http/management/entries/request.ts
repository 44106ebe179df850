import type { FastifyRequest } from 'fastify';
import type { Scope } from '../../../auth/scopes.js';
import type { PlatformEvent } from '../../../events/bus.js';
import type { EntryOperationContext } from '../../../management/entries/context.js';
import type { ApiDeps } from '../../api-deps.js';
import { type ManagementRequest, managementRequest, requirePermission } from '../common.js';

/**
 * The actions a caller must hold on some entries or assets before an entry request with this
 * scope looks anything up: a member who may do none of them gets 403 for every id, existing
 * or not.
 */
const ACTIONS_OF_SCOPE: Partial<Record<Scope, readonly string[]>> = {
  Entry_Read: ['view'],
  Entry_Write: ['create', 'update', 'publish'],
  Entry_Delete: ['delete'],
};

/**
 * Authenticates a management entry request (401), checks its scope and that the caller may
 * do this kind of thing to some entries or assets at all (403), loads the project (404), and
 * returns the context the entry operations run with; they check the caller's exact
 * permissions once they know the content type and language (403).
 */
export function entryOperationContext(
  deps: ApiDeps,
  request: FastifyRequest,
  scope: Scope,
): EntryOperationContext & { request: ManagementRequest } {
  const actions = ACTIONS_OF_SCOPE[scope];
  const managed = managementRequest(deps, request, {
    scope,
    ...(actions ? { anyOf: { resourceTypes: ['entries', 'assets'], actions } } : {}),
  });
  const { caller, project } = managed;
  return {
    request: managed,
    db: deps.db,
    project,
    actor: caller.name,
    now: deps.now,
    authorize: (target, action) =>
      requirePermission(
        deps,
        caller,
        project.id,
        {
          resourceType: target.resourceType,
          ...(target.id !== undefined ? { id: target.id } : {}),
          ...(target.language !== undefined ? { language: target.language } : {}),
        },
        action,
      ),
  };
}

/** Publishes the events of a committed write. */
export function publishEvents(deps: ApiDeps, events: readonly PlatformEvent[]): void {
  for (const event of events) deps.events.publish(event);
}
