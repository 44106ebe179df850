import type { FastifyRequest } from 'fastify';
import { type Caller, callerFromAuthorization } from '../auth/caller.js';
import type { SignInThrottle } from '../auth/throttle.js';
import type { Db } from '../db/open.js';
import type { EventBus } from '../events/bus.js';
import type { OwnerMailLimit } from '../mail/owner-mail-limit.js';

/** How long issued tokens live. */
export interface TokenLifetimes {
  /** Bearer (access) tokens; the contract's example is 3600. */
  accessSeconds: number;
  /** Refresh tokens; clients assume 15 days (§3.2). */
  refreshSeconds: number;
}

/** Default token lifetimes: one hour and fifteen days. */
export const DEFAULT_TOKEN_LIFETIMES: TokenLifetimes = {
  accessSeconds: 3600,
  refreshSeconds: 15 * 24 * 3600,
};

/** What the authentication, management and security routes are built from. */
export interface ApiDeps {
  db: Db;
  /** The data directory (asset uploads are stored under it). */
  dataDir: string;
  /** Writers publish here after commit; the event stream listens. */
  events: EventBus;
  tokenLifetimes: TokenLifetimes;
  /** The clock (ms since epoch); tests may move it. */
  now: () => number;
  /** Waits `ms`: the sign-in throttle's delays. Tests pass one that moves their fake clock. */
  sleep: (ms: number) => Promise<void>;
  /**
   * The brute-force throttle of every password check: the token endpoint, the sign-in page and
   * the current password of a password change share it, so a guess costs the same everywhere.
   */
  signInThrottle: SignInThrottle;
  /** Counts the mails sent to an address for anonymous requests (reset, verification, registration). */
  ownerMails: OwnerMailLimit;
  /**
   * Origins the federated sign-in page may send security tokens to; none configured means
   * sites on this machine (localhost, 127.0.0.1, [::1]).
   */
  signInRedirectOrigins?: readonly string[];
  /** The environments `/my-environments` lists (default: this platform alone). */
  environments?: readonly PlatformEnvironment[];
}

/** An environment of the platform as `/my-environments` lists it (Canopy's shape). */
export interface PlatformEnvironment {
  /** Short name, as in `api-{alias}` host names. */
  alias: string;
  /** A name for people. */
  name: string;
  /** The address of its API root; `null` means "this platform" (the request's own origin). */
  url: string | null;
}

/**
 * The authenticated caller of a management or security request (`Authorization: Bearer …`),
 * or a thrown 401 with the contract's message.
 */
export function callerOf(deps: ApiDeps, request: FastifyRequest): Caller {
  return callerFromAuthorization(deps.db, request.headers.authorization, deps.now());
}
