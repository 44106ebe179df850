import type { FastifyRequest } from 'fastify';
import type { Scope } from '../../../auth/scopes.js';
import type { PlatformEvent } from '../../../events/bus.js';
import type { EntryOperationContext } from '../../../management/entries/context.js';
import type { ApiDeps } from '../../api-deps.js';
import { type ManagementRequest, managementRequest, requirePermission } from '../common.js';

/**
 * What an entry route does: its scope, and the actions a caller must hold on some entries or
 * assets before it looks anything up. Each lists only the actions that route can perform, so
 * a caller who may do none of them gets 403 for every id, existing or not (a site client that
 * may only create bookings learns nothing from updates or workflow events about which ids
 * exist).
 */
const ENTRY_ROUTE_ACCESS = {
  read: { scope: 'Entry_Read', actions: ['view'] },
  create: { scope: 'Entry_Write', actions: ['create'] },
  update: { scope: 'Entry_Write', actions: ['update'] },
  // A workflow event either moves the state (update) or publishes/unpublishes (publish).
  workflow: { scope: 'Entry_Write', actions: ['update', 'publish'] },
  delete: { scope: 'Entry_Delete', actions: ['delete'] },
} as const satisfies Record<string, { scope: Scope; actions: readonly string[] }>;

/** The kind of entry route, which decides its scope and route-level permission check. */
export type EntryRouteKind = keyof typeof ENTRY_ROUTE_ACCESS;

/**
 * Authenticates a management entry request (401), checks its scope and that the caller may
 * do what this kind of route does to some entries or assets at all (403), loads the project
 * (404), and returns the context the entry operations run with; they check the caller's exact
 * permissions once they know the content type and language (403).
 */
export function entryOperationContext(
  deps: ApiDeps,
  request: FastifyRequest,
  kind: EntryRouteKind,
): EntryOperationContext & { request: ManagementRequest } {
  const { scope, actions } = ENTRY_ROUTE_ACCESS[kind];
  const managed = managementRequest(deps, request, {
    scope,
    anyOf: { resourceTypes: ['entries', 'assets'], actions },
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
