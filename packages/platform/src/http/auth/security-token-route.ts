import type { FastifyInstance } from 'fastify';
import { findUserIdentity } from '../../db/accounts.js';
import { consumeToken, findLiveToken, issueToken } from '../../db/auth-tokens.js';
import { HttpError } from '../../delivery/errors.js';
import type { ApiDeps } from '../api-deps.js';
import { decodeOrKeep } from './cookies.js';

/** Path of the classic security-token exchange (contract §3.7). */
export const IS_AUTHENTICATED_PATH = '/REST/Contensis/Security/IsAuthenticated';

/** The `ApplicationData` key whose value is the new refresh token. */
export const REFRESH_TOKEN_KEY = 'ContensisSecurityRefreshToken';

/** The classic endpoint's answer (contract §3.7). */
export interface IsAuthenticatedBody {
  /** 0: the token is valid; 1: it is not. */
  LogonResult: 0 | 1;
  ApplicationData: { Key: string; Value: string }[];
}

const NOT_AUTHENTICATED: IsAuthenticatedBody = { LogonResult: 1, ApplicationData: [] };

/**
 * `POST /REST/Contensis/Security/IsAuthenticated` with `{"securityToken": "<URL-encoded
 * token>"}`: a live classic (or security) token of an active user is answered with
 * `LogonResult: 0` and a fresh refresh token in the same session, for the
 * `contensis_classic_refresh_token` grant; any other token with `LogonResult: 1`. A security
 * token (from the platform's sign-in page) is used up by the exchange. A body that
 * is not such a JSON object is a 400.
 */
export function registerSecurityTokenRoute(server: FastifyInstance, deps: ApiDeps): void {
  server.post(IS_AUTHENTICATED_PATH, async (request, reply) => {
    const presented = securityTokenOf(request.body);
    reply.header('cache-control', 'no-store');
    const now = deps.now();
    const value = decodeOrKeep(presented);
    const token = findLiveToken(deps.db, value, ['classic', 'security'], now);
    const user = token?.subject.kind === 'user' ? findUserIdentity(deps.db, token.subject.id) : undefined;
    if (!token || !user || user.suspended) return NOT_AUTHENTICATED;
    const refreshToken = deps.db.transaction(() => {
      // A security token from the sign-in page travels in an address: it works once.
      if (token.kind === 'security' && !consumeToken(deps.db, value)) return undefined;
      return issueToken(
        deps.db,
        token.sessionId,
        'refresh',
        deps.tokenLifetimes.refreshSeconds,
        token.scopes,
        now,
      );
    })();
    if (!refreshToken) return NOT_AUTHENTICATED;
    const body: IsAuthenticatedBody = {
      LogonResult: 0,
      ApplicationData: [{ Key: REFRESH_TOKEN_KEY, Value: refreshToken }],
    };
    return body;
  });
}

/** The `securityToken` of the body (key case ignored), or a 400. */
function securityTokenOf(body: unknown): string {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'The request body must be a JSON object with a securityToken');
  }
  const key = Object.keys(body).find((name) => name.toLowerCase() === 'securitytoken');
  const value = key === undefined ? undefined : (body as Record<string, unknown>)[key];
  if (typeof value !== 'string') {
    throw new HttpError(400, 'The securityToken must be a string', { field: 'securityToken' });
  }
  return value;
}
