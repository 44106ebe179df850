import type { FastifyInstance } from 'fastify';
import { SignInThrottle } from '../../auth/throttle.js';
import type { ApiDeps } from '../api-deps.js';
import { registerAuthorizeRoute } from './authorize-route.js';
import { registerEnvironmentsRoute } from './environments-route.js';
import { registerLogoutRoute } from './logout-route.js';
import { registerSecurityTokenRoute } from './security-token-route.js';
import { registerTokenRoute } from './token-route.js';

/**
 * Registers the token endpoint, logout, the classic security-token exchange (contract §3), the
 * federated sign-in page and `/my-environments`. The token endpoint and the sign-in page share
 * one brute-force throttle.
 */
export function registerAuthRoutes(server: FastifyInstance, deps: ApiDeps): void {
  const throttle = new SignInThrottle(deps.signInThrottle);
  registerTokenRoute(server, deps, throttle);
  registerAuthorizeRoute(server, deps, throttle);
  registerLogoutRoute(server, deps);
  registerSecurityTokenRoute(server, deps);
  registerEnvironmentsRoute(server, deps);
}
