import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from '../api-deps.js';
import { registerEmailVerificationRoutes } from './email-verification-routes.js';
import { registerGroupRoutes } from './group-routes.js';
import { registerPasswordResetRoutes } from './password-reset-routes.js';
import { registerUserRoutes } from './user-routes.js';

/**
 * Registers the security API, users and groups (contract §4.3, §4.4), under `/api/security`.
 * Every call needs a live bearer token (401). A signed-in user may read themselves, list their
 * own groups, check their own membership and change their own password (giving the existing
 * one); everything else needs the `Security_Administrator` scope and a security administrator
 * (System Administrators, or an API client flagged as one) — 403 otherwise. See
 * `requireSecurityAdministrator` for the details.
 */
export function registerSecurityRoutes(server: FastifyInstance, deps: ApiDeps): void {
  registerUserRoutes(server, deps);
  registerGroupRoutes(server, deps);
  registerPasswordResetRoutes(server, deps);
  registerEmailVerificationRoutes(server, deps);
}
