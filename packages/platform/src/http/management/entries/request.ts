import type { FastifyRequest } from 'fastify';
import type { Scope } from '../../../auth/scopes.js';
import type { PlatformEvent } from '../../../events/bus.js';
import type { EntryOperationContext } from '../../../management/entries/context.js';
import type { ApiDeps } from '../../api-deps.js';
import { type ManagementRequest, managementRequest, requirePermission } from '../common.js';

/**
 * Authenticates a management entry request (401), checks its scope (403) and loads the project
 * (404), and returns the context the entry operations run with; they check the caller's
 * permissions themselves once they know the content type and language (403).
 */
export function entryOperationContext(
  deps: ApiDeps,
  request: FastifyRequest,
  scope: Scope,
): EntryOperationContext & { request: ManagementRequest } {
  const managed = managementRequest(deps, request, { scope });
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
