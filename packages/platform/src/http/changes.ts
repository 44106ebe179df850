import type { Caller } from '../auth/caller.js';
import type { PlatformEvent } from '../events/bus.js';
import type { ApiDeps } from './api-deps.js';

/** A committed change as its writer describes it; publishing adds who made it and when. */
export type Change = Omit<PlatformEvent, 'actor' | 'timestamp'>;

/** The time of a write as ISO 8601, from the server's clock (tests may move it). */
export function nowIso(deps: Pick<ApiDeps, 'now'>): string {
  return new Date(deps.now()).toISOString();
}

/**
 * Tells event-stream subscribers about a committed write, naming the caller as the actor.
 * Call only after the transaction returned, so nobody hears of a change that was rolled back.
 *
 * @example
 * const node = db.transaction(() => createNode(…))();
 * publishChange(deps, caller, { projectId, resourceType: 'node', event: 'created', resourceId: node.id, resource: node });
 */
export function publishChange(deps: ApiDeps, caller: Caller, change: Change): void {
  deps.events.publish({ ...change, actor: caller.name, timestamp: nowIso(deps) });
}

/** Publishes one change of a resource that carries its own `id` (see {@link changePublisher}). */
export type ResourceChangePublisher = <T extends { id: string }>(
  caller: Caller,
  projectId: string,
  event: string,
  resource: T,
  extra?: Pick<Change, 'language'>,
) => void;

/**
 * {@link publishChange} for the resources of one type that carry their own `id` (redirects,
 * roles, tags, nodes, …), which is what the resource id of their events is.
 *
 * @example
 * const publish = changePublisher(deps, 'redirect');
 * publish(caller, project.id, 'created', redirect);
 */
export function changePublisher(deps: ApiDeps, resourceType: string): ResourceChangePublisher {
  return (caller, projectId, event, resource, extra = {}) =>
    publishChange(deps, caller, {
      projectId,
      resourceType,
      event,
      resourceId: resource.id,
      resource,
      ...extra,
    });
}
