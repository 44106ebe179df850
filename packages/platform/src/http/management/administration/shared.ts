import type { FastifyRequest } from 'fastify';
import { type Paging, parsePaging, type QueryParams } from '../../../delivery/params.js';

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
