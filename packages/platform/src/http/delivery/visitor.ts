import type { FastifyRequest } from 'fastify';
import { callerFor } from '../../auth/caller.js';
import { type AuthTokenKind, findLiveToken } from '../../db/auth-tokens.js';
import type { Db } from '../../db/open.js';
import type { DeliveryVisitor } from '../../delivery/access.js';
import { parseCookies } from '../auth/cookies.js';

/**
 * The cookies a site forwards to the delivery API for the visitor it renders for (contract
 * §1.1, §3.8 step 5, §7.7): the classic token and the refresh token of their sign-in.
 */
export const VISITOR_COOKIES: readonly { name: string; kind: AuthTokenKind }[] = [
  { name: 'ContensisCMSUserName', kind: 'classic' },
  { name: 'RefreshToken', kind: 'refresh' },
];

/**
 * The signed-in visitor a delivery request is made for, or `null` for an anonymous one: the
 * user behind `Authorization: Bearer <user access token>`, else behind the forwarded cookie
 * `ContensisCMSUserName` (classic token) or `RefreshToken`. A token that is unknown, expired,
 * revoked, or belongs to an API client or a suspended user identifies nobody: such a request
 * reads as anonymous (public content is still served; restricted content answers 401).
 *
 * @example
 * const visitor = deliveryVisitor(db, request, Date.now()); // { id, groups, unrestricted } | null
 */
export function deliveryVisitor(db: Db, request: FastifyRequest, now: number): DeliveryVisitor | null {
  for (const { value, kind } of presentedVisitorTokens(request)) {
    const token = findLiveToken(db, value, [kind], now);
    if (token?.subject.kind !== 'user') continue;
    const caller = callerFor(db, token.subject, {
      scopes: new Set(token.scopes),
      sessionId: token.sessionId,
    });
    if (!caller) continue;
    return { id: caller.id, groups: caller.groups, unrestricted: caller.systemAdministrator };
  }
  return null;
}

function presentedVisitorTokens(request: FastifyRequest): { value: string; kind: AuthTokenKind }[] {
  const found: { value: string; kind: AuthTokenKind }[] = [];
  const bearer = /^bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  if (bearer) found.push({ value: bearer[1]!, kind: 'access' });
  const header = request.headers.cookie;
  if (header) {
    const cookies = parseCookies(header);
    for (const { name, kind } of VISITOR_COOKIES) {
      const value = cookies[name];
      if (value) found.push({ value, kind });
    }
  }
  return found;
}
