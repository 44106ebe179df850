import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from '../api-deps.js';
import { registerLogoutRoute } from './logout-route.js';
import { registerSecurityTokenRoute } from './security-token-route.js';
import { registerTokenRoute } from './token-route.js';

/** Registers the token endpoint, logout and the classic security-token exchange (contract §3). */
export function registerAuthRoutes(server: FastifyInstance, deps: ApiDeps): void {
  registerTokenRoute(server, deps);
  registerLogoutRoute(server, deps);
  registerSecurityTokenRoute(server, deps);
}
