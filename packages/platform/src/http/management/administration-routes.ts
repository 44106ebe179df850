import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from '../api-deps.js';

/** Registers management roles, permissions, redirects, tag groups and tags (contract §4.2). */
export function registerManagementAdministrationRoutes(_server: FastifyInstance, _deps: ApiDeps): void {
  // Filled in by the work on issue 4.
}
