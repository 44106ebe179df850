import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from '../api-deps.js';
import { registerAuthorizeRoute } from './authorize-route.js';
import { registerEnvironmentsRoute } from './environments-route.js';
import { registerLogoutRoute } from './logout-route.js';
import { registerSecurityTokenRoute } from './security-token-route.js';
import { registerTokenRoute } from './token-route.js';

/**
 * Registers the token endpoint, logout, the classic security-token exchange (contract §3), the
 * federated sign-in page and `/my-environments`. The token endpoint and the sign-in page share
 * one brute-force throttle (`deps.signInThrottle`) with the password change's current-password check.
 */
export function registerAuthRoutes(server: FastifyInstance, deps: ApiDeps): void {
  registerTokenRoute(server, deps, deps.signInThrottle);
  registerAuthorizeRoute(server, deps, deps.signInThrottle);
  registerLogoutRoute(server, deps);
  registerSecurityTokenRoute(server, deps);
  registerEnvironmentsRoute(server, deps);
}
