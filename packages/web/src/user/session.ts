import type { UserGroup } from '../routing/access.js';
import type { UserState } from './user-slice.js';

/** The signed-in user as the server's session knows them. */
export interface SessionUser {
  id: string;
  username?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  /** Groups, inherited ones included; matched by id or name. */
  groups: readonly UserGroup[];
}

/**
 * What the server knows about the visitor from their session cookie. Only the public profile
 * reaches the page state; tokens in the session never do.
 */
export interface Session {
  user: SessionUser;
}

/**
 * Reads the session of a request. The accounts feature provides one (HttpOnly cookie); until
 * then every visitor is anonymous. It runs before any data is loaded, so access rules are
 * decided on the server for the first response.
 *
 * @example
 * const getSession: GetSession = async ({ headers }) => (headers.cookie?.includes('demo=1') ? demoSession : null);
 */
export type GetSession = (request: SessionRequest) => Session | null | Promise<Session | null>;

/** The parts of a request a session reader may look at. */
export interface SessionRequest {
  headers: Readonly<Record<string, string | string[] | undefined>>;
  url: string;
  hostname: string;
}

/** The default session reader: nobody is signed in. */
export const anonymousSession: GetSession = () => null;

/** The user state for a session: the public profile, or signed out. */
export function userStateFromSession(session: Session | null): UserState {
  if (!session) {
    return { isAuthenticated: false, id: null, username: null, name: null, groups: [] };
  }
  const { user } = session;
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || null;
  return {
    isAuthenticated: true,
    id: user.id,
    username: user.username ?? null,
    name,
    groups: user.groups.map((group) => ({ id: group.id ?? null, name: group.name ?? null })),
  };
}
