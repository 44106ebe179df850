import type { Caller } from '../../../auth/caller.js';
import type { ApiDeps } from '../../api-deps.js';

/** A change of a project, content type, component or node, published after its transaction commits. */
export interface DefinitionChange {
  projectId: string;
  resourceType: 'project' | 'contentType' | 'component' | 'node';
  event: 'created' | 'updated' | 'deleted' | 'published';
  resourceId: string;
  /** The resource after the change (before it, for deletes). */
  resource: unknown;
  contentTypeId?: string;
  language?: string;
}

/**
 * Publishes a committed change on the event bus (for the event stream), naming the caller as
 * the actor. Call only after `db.transaction(…)()` has returned.
 *
 * @example
 * const node = db.transaction(() => createNode(…))();
 * publishChange(deps, caller, { projectId, resourceType: 'node', event: 'created', resourceId: node.id, resource: node });
 */
export function publishChange(deps: ApiDeps, caller: Caller, change: DefinitionChange): void {
  deps.events.publish({
    ...change,
    actor: caller.name,
    timestamp: new Date(deps.now()).toISOString(),
  });
}

/** The ISO time of "now" on the server's clock (tests may move it). */
export function nowIso(deps: ApiDeps): string {
  return new Date(deps.now()).toISOString();
}
