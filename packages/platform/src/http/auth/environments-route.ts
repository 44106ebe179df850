import type { FastifyInstance } from 'fastify';
import { AUTHORIZATION_DENIED, callerFor } from '../../auth/caller.js';
import { holdsAnyRole } from '../../auth/permissions.js';
import { findLiveToken } from '../../db/auth-tokens.js';
import type { ApiDeps, PlatformEnvironment } from '../api-deps.js';
import { errorBody } from '../errors.js';

/** Path of the staff environments list (website spec §7). */
export const MY_ENVIRONMENTS_PATH = '/my-environments';

/** The header carrying the user's classic security token. */
export const SECURITY_TOKEN_HEADER = 'x-security-token';

/** The environment of the local platform when none are configured. */
export const LOCAL_ENVIRONMENT: PlatformEnvironment = {
  alias: 'local',
  name: 'Canopy local platform',
  url: null,
};

/**
 * `GET /my-environments` with `x-security-token: <classic or security token>`: the
 * environments the signed-in user works in, as a JSON array of `{ alias, name, url }`. A user
 * with a part in managing content (a system administrator, or assigned a role in any project)
 * gets the platform's environments; anyone else an empty list. No valid token: 401.
 */
export function registerEnvironmentsRoute(server: FastifyInstance, deps: ApiDeps): void {
  server.get(MY_ENVIRONMENTS_PATH, async (request, reply) => {
    reply.header('cache-control', 'private, no-store').header('vary', SECURITY_TOKEN_HEADER);
    const header = request.headers[SECURITY_TOKEN_HEADER];
    const value = typeof header === 'string' ? header.trim() : '';
    const token = value ? findLiveToken(deps.db, value, ['classic', 'security'], deps.now()) : undefined;
    const caller = token
      ? callerFor(deps.db, token.subject, { scopes: new Set(token.scopes), sessionId: token.sessionId })
      : undefined;
    if (caller?.kind !== 'user') return reply.code(401).send(errorBody(AUTHORIZATION_DENIED));
    if (!holdsAnyRole(deps.db, caller)) return [];
    const origin = `${request.protocol}://${request.host}`;
    return (deps.environments ?? [LOCAL_ENVIRONMENT]).map((environment) => ({
      alias: environment.alias,
      name: environment.name,
      url: environment.url ?? origin,
    }));
  });
}
