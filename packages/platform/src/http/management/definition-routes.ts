import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from '../api-deps.js';

/** Registers management projects, content types, components and nodes (contract §4.2). */
export function registerManagementDefinitionRoutes(_server: FastifyInstance, _deps: ApiDeps): void {
  // Filled in by the work on issue 4.
}
