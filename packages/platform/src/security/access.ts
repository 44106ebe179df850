import { type Caller, forbidden, requireScope } from '../auth/caller.js';

/**
 * A 403 unless the caller may administer users and groups. This is the security API's
 * authorisation (contract §4.3–4.4):
 *
 * - Every call needs a live bearer token (otherwise 401 with the contract's message).
 * - Any signed-in user may, with no particular scope: read themselves (`@current`, or their own
 *   id, username or email), list their own groups, check their own membership (the HEAD
 *   calls) and change their own password, giving the existing one.
 * - Everything else — other users, any group, every write — needs the token to carry the
 *   `Security_Administrator` scope (403 otherwise) and the caller to be a security
 *   administrator: a member of System Administrators, or an API client flagged as one
 *   (403 otherwise).
 * - A non-administrator asking about someone else gets the 403 before any 404, so they learn
 *   nothing about which accounts exist.
 *
 * @example
 * const caller = callerOf(deps, request);
 * requireSecurityAdministrator(caller); // before touching another account
 */
export function requireSecurityAdministrator(caller: Caller): void {
  requireScope(caller, 'Security_Administrator');
  if (!caller.securityAdministrator) {
    throw forbidden('Only security administrators may manage users and groups', {
      requiredRole: 'System Administrators',
    });
  }
}

/** Whether the caller is the signed-in user with this id. */
export function isSelf(caller: Caller, userId: string | undefined): boolean {
  return caller.kind === 'user' && userId !== undefined && caller.id === userId;
}

/** Allows the caller's own account, otherwise demands a security administrator. */
export function requireSelfOrAdministrator(caller: Caller, userId: string | undefined): void {
  if (!isSelf(caller, userId)) requireSecurityAdministrator(caller);
}
