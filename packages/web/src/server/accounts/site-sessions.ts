import { randomBytes } from 'node:crypto';
import { ApiError } from '@canopy/client';
import Tokens from '@fastify/csrf';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PlatformAccounts } from '../../user/platform-accounts.js';
import type { AccountFeedback, Session } from '../../user/session.js';
import type { SessionCredentials, SessionPayload, SessionSealer } from '../../user/session-seal.js';
import type { UserProfile } from '../../user/user-profile.js';

/** Default name of the session cookie. */
export const SESSION_COOKIE = 'canopy_session';

/** Lifetime of a session cookie without a signed-in visitor (a CSRF secret only): one day. */
export const ANONYMOUS_SESSION_MS = 24 * 60 * 60 * 1000;

/** How long a process reuses a visitor's profile before asking the platform again. */
export const PROFILE_TTL_MS = 60_000;

/** Profiles a process keeps at most. */
export const PROFILE_CACHE_LIMIT = 10_000;

/**
 * Users whose revoked sessions a process remembers at most (so that a profile read that was
 * already under way when the news came is not kept); older news has no read left to spoil.
 */
const REVOKED_USERS_LIMIT = 10_000;

/** The session of one request, as the site server works with it. */
export interface RequestSession {
  /** What the cookie holds (or will hold once written); `null` when there is no session. */
  payload: SessionPayload | null;
  /** The signed-in visitor, or `null`. */
  session: Session | null;
  /** The payload changed and must be written back (or cleared when `payload` is `null`). */
  dirty: boolean;
}

/** Options of {@link SiteSessions}. */
export interface SiteSessionsOptions {
  sealer: SessionSealer;
  accounts: PlatformAccounts;
  cookieName?: string;
  /** The clock (tests). */
  now?: () => number;
}

// The package's CommonJS typing declares a callable constructor TypeScript cannot `new` here.
const tokens: Tokens.TokensSimple = new (Tokens as unknown as new () => Tokens.TokensSimple)();
const loaded = new WeakMap<FastifyRequest, Promise<RequestSession>>();

/**
 * The site's server-held sessions: one sealed, HttpOnly, SameSite=Lax cookie (Secure over
 * HTTPS) carrying the visitor's platform tokens and a CSRF secret. Stateless, so every process
 * with the same secret accepts it; each process keeps profiles for a minute so a page does not
 * cost two platform calls, and reloads them (refreshing the bearer token when it is within 60 s
 * of expiry) after that — or at once when the platform's event stream says the user's
 * sessions were revoked ({@link forgetUser}), so a copied cookie is signed out on its next
 * request rather than after that minute.
 */
export class SiteSessions {
  readonly cookieName: string;
  private readonly profiles = new Map<string, { profile: UserProfile; at: number }>();
  /** Counts revocations heard; a profile read started before one for its user is not kept. */
  private revocations = 0;
  /** User id → the revocation count when their sessions were last revoked. */
  private readonly revokedUsers = new Map<string, number>();
  /** The revocation count at the last {@link forgetAll}. */
  private lastForgetAll = 0;
  private readonly now: () => number;

  constructor(private readonly options: SiteSessionsOptions) {
    this.cookieName = options.cookieName ?? SESSION_COOKIE;
    this.now = options.now ?? Date.now;
  }

  /** The platform accounts behind the sessions. */
  get accounts(): PlatformAccounts {
    return this.options.accounts;
  }

  /** The request's session, read once per request (the signed-in profile included). */
  read(request: FastifyRequest): Promise<RequestSession> {
    let pending = loaded.get(request);
    if (!pending) {
      pending = this.load(request);
      loaded.set(request, pending);
    }
    return pending;
  }

  /** Writes the session back when it changed: a new sealed cookie, or a cleared one. */
  async commit(request: FastifyRequest, reply: FastifyReply, current: RequestSession): Promise<void> {
    if (!current.dirty) return;
    current.dirty = false;
    const secure = request.protocol === 'https';
    const base = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure };
    if (!current.payload) {
      reply.clearCookie(this.cookieName, base);
      return;
    }
    const expires = current.payload.credentials
      ? new Date(current.payload.credentials.refreshTokenExpiryDate)
      : new Date(this.now() + ANONYMOUS_SESSION_MS);
    const sealed = await this.options.sealer.seal(current.payload, expires);
    reply.setCookie(this.cookieName, sealed, { ...base, expires });
  }

  /**
   * A CSRF token for the visitor's forms, creating the session's CSRF secret when there is
   * none yet (the cookie is then written with the response).
   */
  csrfToken(current: RequestSession): string {
    if (!current.payload) {
      current.payload = { csrf: tokens.secretSync() };
      current.dirty = true;
    }
    return tokens.create(current.payload.csrf);
  }

  /** Whether a submitted CSRF token belongs to this visitor's session. */
  verifyCsrf(current: RequestSession, token: unknown): boolean {
    if (!current.payload || typeof token !== 'string' || token.length === 0 || token.length > 200)
      return false;
    return tokens.verify(current.payload.csrf, token);
  }

  /** Takes the feedback an account action left for this page (shown once). */
  takeFeedback(current: RequestSession): AccountFeedback | null {
    const flash = current.payload?.flash;
    if (!current.payload || flash === undefined) return null;
    const { flash: _taken, ...rest } = current.payload;
    current.payload = rest;
    current.dirty = true;
    return isFeedback(flash) ? flash : null;
  }

  /** Leaves feedback for the page the visitor is sent to next. */
  setFeedback(current: RequestSession, feedback: AccountFeedback): void {
    current.payload = { ...(current.payload ?? { csrf: tokens.secretSync() }), flash: feedback };
    current.dirty = true;
  }

  /**
   * Signs the visitor in: a new session (new CSRF secret, against session fixation) holding the
   * platform's tokens.
   */
  signedIn(current: RequestSession, credentials: SessionCredentials, profile: UserProfile): void {
    const sid = randomBytes(18).toString('base64url');
    current.payload = { csrf: tokens.secretSync(), sid, credentials };
    current.session = { user: sessionUser(profile) };
    current.dirty = true;
    this.remember(sid, profile);
  }

  /** Signs the visitor out here: the tokens go, a fresh CSRF secret stays for the next form. */
  signedOut(current: RequestSession): void {
    if (current.payload?.sid) this.profiles.delete(current.payload.sid);
    current.payload = { csrf: tokens.secretSync() };
    current.session = null;
    current.dirty = true;
  }

  /**
   * Replaces the signed-in visitor's platform session with a new one (after a password change,
   * which leaves every other copy of the old one to be refused): a new session id and tokens,
   * the same CSRF secret, so forms the visitor has open still work.
   */
  replaced(current: RequestSession, credentials: SessionCredentials, profile: UserProfile): void {
    if (current.payload?.sid) this.profiles.delete(current.payload.sid);
    const sid = randomBytes(18).toString('base64url');
    current.payload = { csrf: current.payload?.csrf ?? tokens.secretSync(), sid, credentials };
    current.session = { user: sessionUser(profile) };
    current.dirty = true;
    this.remember(sid, profile);
  }

  /**
   * The platform revoked sessions of this user (password changed or reset, suspended, deleted,
   * signed out): the profiles kept for them go, so each of their sessions is checked with the
   * platform at its next request, and one the platform refuses ends there.
   */
  forgetUser(userId: string): void {
    this.revocations++;
    this.revokedUsers.delete(userId);
    this.revokedUsers.set(userId, this.revocations);
    if (this.revokedUsers.size > REVOKED_USERS_LIMIT) {
      const oldest = this.revokedUsers.keys().next().value;
      if (oldest !== undefined) this.revokedUsers.delete(oldest);
    }
    for (const [sid, entry] of this.profiles) {
      if (entry.profile.id === userId) this.profiles.delete(sid);
    }
  }

  /**
   * Every kept profile goes (the event stream was down, so revocations may have gone unheard):
   * each session is checked with the platform at its next request.
   */
  forgetAll(): void {
    this.revocations++;
    this.lastForgetAll = this.revocations;
    this.profiles.clear();
  }

  /** Stores refreshed tokens (after a platform call made with them). */
  updateCredentials(current: RequestSession, credentials: SessionCredentials): void {
    if (!current.payload?.credentials) return;
    if (current.payload.credentials.bearerToken === credentials.bearerToken) return;
    current.payload = { ...current.payload, credentials };
    current.dirty = true;
  }

  private async load(request: FastifyRequest): Promise<RequestSession> {
    const raw = request.cookies?.[this.cookieName];
    if (!raw) return { payload: null, session: null, dirty: false };
    const payload = await this.options.sealer.unseal(raw);
    // A cookie we cannot open (old secret, tampered, expired) is removed.
    if (!payload) return { payload: null, session: null, dirty: true };
    const current: RequestSession = { payload, session: null, dirty: false };
    const credentials = payload.credentials;
    if (!credentials) return current;
    if (Date.parse(credentials.refreshTokenExpiryDate) - 60_000 <= this.now()) {
      this.signedOut(current);
      return current;
    }
    const sid = payload.sid ?? '';
    const cached = this.profiles.get(sid);
    if (cached && this.now() - cached.at < PROFILE_TTL_MS) {
      current.session = { user: sessionUser(cached.profile) };
      return current;
    }
    const asked = this.revocations;
    try {
      const fresh = await this.options.accounts.profile(credentials);
      // A revocation heard while the platform answered may postdate the answer: not kept.
      if ((this.revokedUsers.get(fresh.profile.id) ?? 0) <= asked && this.profilesAlive(asked)) {
        this.remember(sid, fresh.profile);
      }
      this.updateCredentials(current, fresh.credentials);
      current.session = { user: sessionUser(fresh.profile) };
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        // The platform ended the session (signed out elsewhere, suspended, password reset).
        this.endedByPlatform(current);
      } else if (
        (error as { name?: string }).name === 'ContensisAuthenticationError' &&
        ((error as { status?: number }).status ?? 0) >= 400 &&
        ((error as { status?: number }).status ?? 0) < 500
      ) {
        this.endedByPlatform(current);
      } else {
        request.log.warn({ error: (error as Error).message }, 'Loading the visitor profile failed');
        // The platform is unreachable: keep the session; show the profile known last, if any.
        if (cached) current.session = { user: sessionUser(cached.profile) };
      }
    }
    return current;
  }

  /**
   * The platform no longer accepts the session: its tokens and profile go; the CSRF secret
   * stays, so a form or JSON call sent with the page's token is answered as from a signed-out
   * visitor (401 where signing in is needed), not as a forged request.
   */
  private endedByPlatform(current: RequestSession): void {
    if (current.payload?.sid) this.profiles.delete(current.payload.sid);
    current.payload = { csrf: current.payload?.csrf ?? tokens.secretSync() };
    current.session = null;
    current.dirty = true;
  }

  /** Whether no {@link forgetAll} happened since `asked`. */
  private profilesAlive(asked: number): boolean {
    return this.lastForgetAll <= asked;
  }

  private remember(sid: string, profile: UserProfile): void {
    if (!sid) return;
    this.profiles.delete(sid);
    this.profiles.set(sid, { profile, at: this.now() });
    if (this.profiles.size > PROFILE_CACHE_LIMIT) {
      const oldest = this.profiles.keys().next().value;
      if (oldest !== undefined) this.profiles.delete(oldest);
    }
  }
}

/** The session user of a profile. */
export function sessionUser(profile: UserProfile): Session['user'] {
  return {
    id: profile.id,
    username: profile.username,
    firstName: profile.firstName,
    lastName: profile.lastName,
    email: profile.email,
    name: profile.name,
    groups: profile.groups,
    isStaff: profile.isStaff,
    environments: profile.environments,
  };
}

function isFeedback(value: unknown): value is AccountFeedback {
  return !!value && typeof value === 'object' && 'outcome' in value && 'form' in value;
}
