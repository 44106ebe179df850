import type { FastifyRequest } from 'fastify';
import type { Caller } from '../../../auth/caller.js';
import { type Paging, parsePaging, type QueryParams } from '../../../delivery/params.js';
import type { ApiDeps } from '../../api-deps.js';

/** `P`: the project-scoped management root (contract §4.1). */
export const PROJECT_ROOT = '/api/management/projects/:projectId';

/** A path parameter of the matched route (Fastify has already percent-decoded it). */
export function pathParam(request: FastifyRequest, name: string): string {
  return (request.params as Record<string, string | undefined>)[name] ?? '';
}

/** `pageIndex` / `pageSize` of a list request (400 when malformed; size 1–10 000). */
export function pagingOf(query: QueryParams): Paging {
  return parsePaging(query.pageindex, query.pagesize);
}

/** The time of a write as ISO 8601, from the server's clock. */
export function nowIso(deps: ApiDeps): string {
  return new Date(deps.now()).toISOString();
}

/**
 * Tells event-stream subscribers about a committed write. Call only after the transaction
 * returned, so nobody hears of a change that was rolled back.
 *
 * @example
 * publishChange(deps, caller, { projectId, resourceType: 'redirect', event: 'created', resourceId: id, resource });
 */
export function publishChange(
  deps: ApiDeps,
  caller: Caller,
  change: { projectId: string; resourceType: string; event: string; resourceId: string; resource: unknown },
): void {
  deps.events.publish({ ...change, actor: caller.name, timestamp: nowIso(deps) });
}
