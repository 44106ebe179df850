import { effectiveGroups, findApiClient, findUserIdentity, SYSTEM_ADMINISTRATORS } from '../db/accounts.js';
import { findLiveToken, type TokenSubject } from '../db/auth-tokens.js';
import type { Db } from '../db/open.js';
import { HttpError } from '../delivery/errors.js';
import type { Scope } from './scopes.js';

/** The 401 message of the management and security APIs (contract §3.5), verbatim. */
export const AUTHORIZATION_DENIED = 'Authorization has been denied for this request.';

/** Someone holding a valid bearer token: a signed-in user or an API client. */
export interface Caller {
  kind: 'user' | 'client';
  /** User GUID or API client id. */
  id: string;
  /** Username or API client name (what role assignments refer to). */
  name: string;
  scopes: ReadonlySet<string>;
  /** The session the token belongs to (logout revokes it). */
  sessionId: string;
  /** Groups of a user, inherited ones included; empty for a client. */
  groups: readonly { id: string; name: string }[];
  /** A member of "System Administrators": every permission in every project. */
  systemAdministrator: boolean;
  /** May manage other users and groups through the security API. */
  securityAdministrator: boolean;
}

/**
 * The caller behind an `Authorization: Bearer …` header (scheme case-insensitive), or a 401
 * with the contract's message when the header is missing or the token is unknown, expired or
 * revoked, or its user has since been suspended or deleted.
 *
 * @example
 * const caller = callerFromAuthorization(db, request.headers.authorization);
 */
export function callerFromAuthorization(
  db: Db,
  authorization: string | undefined,
  now: number = Date.now(),
): Caller {
  const match = /^bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  const token = match ? findLiveToken(db, match[1]!, ['access'], now) : undefined;
  if (!token) throw new HttpError(401, AUTHORIZATION_DENIED);
  const caller = callerFor(db, token.subject, { scopes: new Set(token.scopes), sessionId: token.sessionId });
  if (!caller) throw new HttpError(401, AUTHORIZATION_DENIED);
  return caller;
}

/**
 * The {@link Caller} a user or API client is, holding `session`'s scopes: its name, its
 * groups (inherited included) and whether it administers the system or security. Undefined
 * when there is no such user or client, or the user is suspended — unless `includeSuspended`
 * (a suspended user may not act, but may still be asked about).
 *
 * @example
 * const caller = callerFor(db, token.subject, { scopes: new Set(token.scopes), sessionId: token.sessionId });
 */
export function callerFor(
  db: Db,
  subject: TokenSubject,
  session: { scopes: ReadonlySet<string>; sessionId: string },
  options: { includeSuspended?: boolean } = {},
): Caller | undefined {
  if (subject.kind === 'client') {
    const client = findApiClient(db, subject.id);
    if (!client) return undefined;
    return {
      ...session,
      kind: 'client',
      id: client.id,
      name: client.name,
      groups: [],
      systemAdministrator: false,
      securityAdministrator: client.securityAdmin,
    };
  }
  const user = findUserIdentity(db, subject.id);
  if (!user || (user.suspended && !options.includeSuspended)) return undefined;
  const groups = effectiveGroups(db, user.id);
  const admin = groups.some((group) => group.name.toLowerCase() === SYSTEM_ADMINISTRATORS.toLowerCase());
  return {
    ...session,
    kind: 'user',
    id: user.id,
    name: user.username,
    groups,
    systemAdministrator: admin,
    securityAdministrator: admin,
  };
}

/** A 403 unless the caller's token carries `scope`. */
export function requireScope(caller: Caller, scope: Scope): void {
  if (!caller.scopes.has(scope)) {
    throw new HttpError(403, `The access token does not carry the ${scope} scope needed for this request`, {
      requiredScope: scope,
    });
  }
}

/** A 403 saying the caller lacks a permission (not a scope). */
export function forbidden(
  message = 'You do not have permission to perform this action',
  data: unknown = null,
): HttpError {
  return new HttpError(403, message, data);
}
