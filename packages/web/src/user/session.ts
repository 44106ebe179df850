import type { UserGroup } from '../routing/access.js';
import type { StaffEnvironment, UserProfile } from './user-profile.js';
import {
  type AccountOutcome,
  type AccountPageFacts,
  type FormFeedback,
  type UserState,
  userStateFor,
} from './user-slice.js';

/** The signed-in user as the server's session knows them (public profile only). */
export interface SessionUser {
  id: string;
  username?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  /** Display name; derived from the first and last name when absent. */
  name?: string | null;
  /** Groups, inherited ones included; matched by id or name. */
  groups: readonly UserGroup[];
  /** The email address is on the configured staff domain. */
  isStaff?: boolean;
  /** Staff only: their environments on the platform (`null`: not staff, or not loaded). */
  environments?: readonly StaffEnvironment[] | null;
}

/**
 * What the server knows about the visitor from their session cookie. Only the public profile
 * reaches the page state; the tokens behind the session never do.
 */
export interface Session {
  user: SessionUser;
}

/**
 * Reads the session of a request. By default the site server reads its own sealed session
 * cookie (see `docs/web.md`, "Accounts"); a custom reader replaces that (tests, other
 * identity set-ups). It runs before any data is loaded, so access rules are decided on the
 * server for the first response.
 *
 * @example
 * const getSession: GetSession = async ({ headers }) => (headers['x-test-user'] ? testSession : null);
 */
export type GetSession = (request: SessionRequest) => Session | null | Promise<Session | null>;

/** The parts of a request a session reader may look at. */
export interface SessionRequest {
  headers: Readonly<Record<string, string | string[] | undefined>>;
  url: string;
  hostname: string;
}

/** A session reader for which nobody is signed in. */
export const anonymousSession: GetSession = () => null;

/** What an account action left for the page after its redirect (POST, then redirect). */
export interface AccountFeedback {
  outcome: AccountOutcome | null;
  form: FormFeedback | null;
  /**
   * What the server found out for the page it renders (federated sign-in on this host, the
   * page a sign-in page is about); added per render, never kept in the session.
   */
  page?: AccountPageFacts | null;
}

/**
 * The user state for a session: the public profile, or signed out, plus the feedback of the
 * account action that led to this page and what the server found out for it.
 */
export function userStateFromSession(
  session: Session | null,
  feedback: AccountFeedback | null = null,
  facts: AccountPageFacts | null = feedback?.page ?? null,
): UserState {
  return userStateFor(session ? profileOf(session.user) : null, feedback, facts);
}

function profileOf(user: SessionUser): UserProfile {
  const firstName = user.firstName ?? null;
  const lastName = user.lastName ?? null;
  const derived = [firstName, lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return {
    id: user.id,
    username: user.username ?? null,
    firstName,
    lastName,
    email: user.email ?? null,
    name: user.name ?? (derived || null),
    groups: [...user.groups],
    isStaff: user.isStaff ?? false,
    environments: user.environments ? [...user.environments] : null,
  };
}
