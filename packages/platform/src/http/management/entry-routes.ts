import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from '../api-deps.js';

/** Registers management entries, workflow, usage, assets and the event stream (contract §4.2). */
export function registerManagementEntryRoutes(_server: FastifyInstance, _deps: ApiDeps): void {
  // Filled in by the work on issue 4.
}
