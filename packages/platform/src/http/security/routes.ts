import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from '../api-deps.js';

/** Registers the security API, users and groups (contract §4.3, §4.4). */
export function registerSecurityRoutes(_server: FastifyInstance, _deps: ApiDeps): void {
  // Filled in by the work on issue 4.
}
