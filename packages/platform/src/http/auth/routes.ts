import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from '../api-deps.js';

/** Registers the token endpoint, logout and the classic security-token exchange (contract §3). */
export function registerAuthRoutes(_server: FastifyInstance, _deps: ApiDeps): void {
  // Filled in by the work on issue 4.
}
