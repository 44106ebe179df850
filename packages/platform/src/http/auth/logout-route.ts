import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AuthTokenKind, findLiveToken, revokeSession } from '../../db/auth-tokens.js';
import type { ApiDeps } from '../api-deps.js';
import { publishSessionsRevoked } from '../security/session-events.js';
import { parseCookies } from './cookies.js';

/** Path of the logout endpoint (contract §3.6); clients add `?jsonResponseRequired=true`. */
export const LOGOUT_PATH = '/authenticate/logout';

/**
 * Cookies the site framework keeps its tokens in (contract §3.6, §3.8), and the kind of token
 * each holds.
 */
export const SESSION_COOKIES: readonly { name: string; kind: AuthTokenKind }[] = [
  { name: 'ContensisCMSUserName', kind: 'classic' },
  { name: 'RefreshToken', kind: 'refresh' },
  { name: 'ContensisSecurityBearerToken', kind: 'access' },
];

/**
 * `GET /authenticate/logout`: ends the session of every token the request presents — the
 * bearer token (`Authorization`) and the framework's cookies — so each of its tokens stops
 * working at once, and announces the users whose sessions ended (`sessionsRevoked` on the event
 * stream). Always answers 200 `{"loggedOut":true}`: logging out twice, or with nothing
 * to log out, is not an error.
 */
export function registerLogoutRoute(server: FastifyInstance, deps: ApiDeps): void {
  server.get(LOGOUT_PATH, async (request, reply) => {
    const now = deps.now();
    const sessions = new Set<string>();
    const users = new Set<string>();
    for (const { value, kind } of presentedTokens(request)) {
      const token = findLiveToken(deps.db, value, [kind], now);
      if (token) sessions.add(token.sessionId);
      if (token?.subject.kind === 'user') users.add(token.subject.id);
    }
    if (sessions.size > 0) {
      deps.db.transaction(() => {
        for (const session of sessions) revokeSession(deps.db, session, now);
      })();
      // Sites that keep the user's profile ask again: a copy of the signed-out session (the
      // same tokens in another browser) must not stay signed in on any of their processes.
      publishSessionsRevoked(deps, users);
    }
    reply.header('cache-control', 'no-store');
    return { loggedOut: true };
  });
}

function presentedTokens(request: FastifyRequest): { value: string; kind: AuthTokenKind }[] {
  const found: { value: string; kind: AuthTokenKind }[] = [];
  const bearer = /^bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  if (bearer) found.push({ value: bearer[1]!, kind: 'access' });
  const cookies = parseCookies(request.headers.cookie);
  for (const { name, kind } of SESSION_COOKIES) {
    const value = cookies[name];
    if (value) found.push({ value, kind });
  }
  return found;
}
