import { randomUUID } from 'node:crypto';
import {
  ApiError,
  AuthTokenProvider,
  ContensisAuthenticationError,
  type CredentialsSnapshot,
  exchangeSecurityToken,
  logout,
  ManagementClient,
  REFRESH_TOKEN_LIFETIME_MS,
  SecurityTokenError,
} from '@canopy/client';
import { ACCOUNT_MESSAGES } from './account-messages.js';
import type { SessionCredentials } from './session-seal.js';
import {
  environmentsOf,
  MAX_USER_GROUPS,
  type StaffEnvironment,
  type UserProfile,
  userProfile,
} from './user-profile.js';

/** What a visitor registers with. */
export interface RegistrationInput {
  /** Chosen username; `null` signs in with the email address. */
  username: string | null;
  email: string;
  firstName: string;
  lastName: string;
  password: string;
}

/** The site's pages that registration mails link to (absolute URLs). */
export interface RegistrationPages {
  /** The verification link's page (`?token=` is added). */
  verify: string;
  /** The sign-in page, for the owner of an address that already has an account. */
  signIn: string;
  /** The forgotten-password page, likewise. */
  forgotPassword: string;
  /**
   * The language to write the mails in (`cy`: the visitor registered on a Welsh page); absent,
   * the platform's default. The pages above are that language's.
   */
  language?: string;
}

/** How the site server reaches the platform's accounts. */
export interface PlatformAccountsOptions {
  /** Origin of the platform. */
  rootUrl: string;
  projectId: string;
  /** The site's API client (`client_credentials`): creates users and adds them to groups. */
  clientId?: string | null;
  clientSecret?: string | null;
  /** Email domain whose users count as staff (`isZengentiStaff`); none means nobody. */
  staffDomain?: string | null;
  /** Groups a registered user joins (default `['Members']`). */
  registrationGroups?: readonly string[];
  /**
   * Browser-facing origin of the identity provider (federated sign-in, `/my-environments`);
   * default `rootUrl`.
   */
  identityProviderUrl?: string | null;
  /**
   * Registered users confirm their email address before they can sign in (default true): the
   * platform creates them unverified and mails a link.
   */
  verifyEmail?: boolean;
  fetchFn?: typeof fetch;
  /**
   * Milliseconds a platform call may take (default 30 000: the platform answers repeated
   * failed sign-ins of a login slowly on purpose).
   */
  timeout?: number;
}

/**
 * A password change refused by the platform for too many wrong current passwords (429): the
 * message is the visitor's, in plain words; the platform's own text is kept for the log.
 */
export class PasswordChangeThrottledError extends Error {
  override readonly name = 'PasswordChangeThrottledError';
  constructor(
    /** Seconds to wait, from the platform's `Retry-After` (null when it named none). */
    readonly retryAfterSeconds: number | null,
    /** The platform's own error text. */
    readonly platformMessage: string,
  ) {
    super(passwordChangeThrottledMessage(retryAfterSeconds));
  }
}

/**
 * What a visitor reads when the platform refuses their password change for too many wrong
 * current passwords.
 *
 * @example
 * passwordChangeThrottledMessage(60); // 'Too many wrong passwords. Wait a minute, then try again.'
 * passwordChangeThrottledMessage(600); // 'Too many wrong passwords. Wait 10 minutes, then try again.'
 */
export function passwordChangeThrottledMessage(retryAfterSeconds: number | null): string {
  const minutes = retryAfterSeconds ? Math.max(1, Math.ceil(retryAfterSeconds / 60)) : 1;
  return `Too many wrong passwords. Wait ${minutes === 1 ? 'a minute' : `${minutes} minutes`}, then try again.`;
}

/** Why signing in failed, in words a visitor can act on. */
export class SignInError extends Error {
  override readonly name = 'SignInError';
  constructor(
    message: string,
    /**
     * `refused` (credentials), `unverified` (right password, email address not confirmed yet),
     * `throttled` (too many attempts), `invalidToken` (a security token the platform did not
     * accept), `unavailable` (anything else).
     */
    readonly reason: 'refused' | 'unverified' | 'throttled' | 'invalidToken' | 'unavailable',
    /** The platform's own error text, kept for the state (website spec §8). */
    readonly platformMessage: string,
    /** Seconds to wait when throttled. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

/** A signed-in visitor: their tokens (server only) and their public profile. */
export interface SignedIn {
  credentials: SessionCredentials;
  profile: UserProfile;
}

/** The outcome of a password change (see {@link PlatformAccounts.changePassword}). */
export interface PasswordChanged {
  /** The visitor's new session, or `null` when none could be opened (they sign in again). */
  replacement: SignedIn | null;
  /** Whether the platform confirmed the end of the session that made the change. */
  oldSessionEnded: boolean;
}

const DEFAULT_TIMEOUT_MS = 30_000;

/** The local platform's password reset endpoints (Canopy's addition to the contract). */
export const PASSWORD_RESET_PATH = '/api/password-reset';

/** The local platform's email verification endpoints (Canopy's addition to the contract). */
export const EMAIL_VERIFICATION_PATH = '/api/email-verification';

/** The staff environments list on the identity provider (website spec §7). */
export const MY_ENVIRONMENTS_PATH = '/my-environments';

/** What a visitor reads when signing in is not possible just now. */
export const SIGN_IN_UNAVAILABLE = 'Signing in is not available just now. Please try again in a few minutes.';

/** What a visitor reads after the right password of an account whose email address is not confirmed. */
export const EMAIL_NOT_VERIFIED =
  'Confirm your email address first: open the link in the mail we sent you when you registered. No mail? Ask for it again below.';

/**
 * The site server's side of the platform's accounts (contract §3, §4.3): signing visitors in
 * with the classic grant, loading their profile and groups with their own bearer token
 * (refreshed with the refresh token 60 s before it expires), signing out, registering
 * (with the site's API client) and changing passwords. Holds no state of its own.
 *
 * @example
 * const accounts = new PlatformAccounts({ rootUrl, projectId: 'website', clientId, clientSecret, staffDomain: 'aberwen.example' });
 * const { credentials, profile } = await accounts.signIn('member', 'Member-demo-2026');
 */
export class PlatformAccounts {
  constructor(private readonly options: PlatformAccountsOptions) {}

  /**
   * Signs a visitor in with their username (or email) and password.
   *
   * @throws {@link SignInError} when the platform refuses, throttles or cannot be reached.
   */
  async signIn(username: string, password: string, visitorAddress?: string | null): Promise<SignedIn> {
    let retryAfter: number | null = null;
    const baseFetch = this.forwardingFetch(visitorAddress);
    const provider = new AuthTokenProvider({
      rootUrl: this.options.rootUrl,
      clientType: 'contensis_classic',
      clientDetails: { username, password },
      timeout: this.timeout(),
      fetchFn: async (input, init) => {
        const response = await baseFetch(input, init);
        const header = Number(response.headers.get('retry-after'));
        retryAfter = Number.isFinite(header) && header > 0 ? header : null;
        return response;
      },
    });
    try {
      await provider.authenticate();
    } catch (error) {
      if (error instanceof ContensisAuthenticationError) {
        if (error.status === 429) {
          throw new SignInError(throttledMessage(retryAfter), 'throttled', error.message, retryAfter);
        }
        if ((error.data as { reason?: unknown } | null)?.reason === 'email_not_verified') {
          throw new SignInError(EMAIL_NOT_VERIFIED, 'unverified', error.message);
        }
        if (error.status >= 400 && error.status < 500) {
          throw new SignInError(
            'The username or password is not right. Check them and try again.',
            'refused',
            error.message,
          );
        }
      }
      throw unavailableError(error);
    }
    return this.signedInWith(provider);
  }

  /**
   * Signs a visitor in with the security token a CMS or federated sign-in put in the address
   * (contract §3.7): exchanged for a refresh token through IsAuthenticated, then the refresh
   * token grant.
   *
   * @throws {@link SignInError} `invalidToken` with the spec's message ('Security token is
   * invalid', 'Failed to fetch credentials', 'Fetch credentials: Unable to find
   * ContensisSecurityRefreshToken', 'Fetch credentials error: {status} {statusText}'), or
   * `unavailable`.
   */
  async signInWithSecurityToken(securityToken: string, visitorAddress?: string | null): Promise<SignedIn> {
    const fetchFn = this.forwardingFetch(visitorAddress);
    let refreshToken: string;
    try {
      refreshToken = await exchangeSecurityToken(securityToken, {
        rootUrl: this.options.rootUrl,
        fetchFn,
        timeout: this.timeout(),
      });
    } catch (error) {
      if (error instanceof SecurityTokenError) {
        throw new SignInError(
          error.message,
          'invalidToken',
          error.status ? String(error.status) : error.message,
        );
      }
      throw unavailableError(error);
    }
    const provider = new AuthTokenProvider({
      rootUrl: this.options.rootUrl,
      clientType: 'contensis_classic_refresh_token',
      clientDetails: { refreshToken },
      timeout: this.timeout(),
      fetchFn,
    });
    try {
      await provider.authenticate();
    } catch (error) {
      if (error instanceof ContensisAuthenticationError && error.status >= 400 && error.status < 500) {
        // The platform's own error text (website spec §8: authentication error).
        throw new SignInError(error.message, 'invalidToken', error.message);
      }
      throw unavailableError(error);
    }
    return this.signedInWith(provider);
  }

  private async signedInWith(provider: AuthTokenProvider): Promise<SignedIn> {
    const credentials = sessionCredentials(provider.getCredentials());
    if (!credentials) throw unavailableError(new Error('The platform returned no refresh token'));
    try {
      return await this.profile(credentials);
    } catch (error) {
      throw unavailableError(error);
    }
  }

  /**
   * The visitor's profile and groups (inherited included, up to 100), read with their own
   * token; the credentials come back refreshed when the bearer token was within 60 s of expiry.
   *
   * @throws {@link ApiError} 401 when the platform no longer accepts the session, other errors
   * when it cannot be reached.
   */
  async profile(credentials: SessionCredentials): Promise<SignedIn> {
    const client = this.userClient(credentials);
    const user = await client.security.users.getCurrent();
    let groups: { id?: unknown; name?: unknown }[] = [];
    try {
      const list = await client.security.users.getUserGroups({
        userId: user.id,
        includeInherited: true,
        pageOptions: { pageIndex: 0, pageSize: MAX_USER_GROUPS },
      });
      groups = list.items;
    } catch (error) {
      // The spec tolerates a failed group load (contract §3.8 step 3), but not a dead session.
      if (error instanceof ApiError && error.status === 401) throw error;
    }
    const refreshed =
      sessionCredentials((client.authentication as AuthTokenProvider).getCredentials(), credentials) ??
      credentials;
    const profile = userProfile(user, groups, this.options.staffDomain);
    if (profile.isStaff) profile.environments = await this.environments(refreshed);
    return { credentials: refreshed, profile };
  }

  /**
   * A staff member's environments (`GET {provider-host}/my-environments` with their classic
   * security token), or `null` when they cannot be loaded (a failure never stops a sign-in).
   */
  async environments(credentials: SessionCredentials): Promise<StaffEnvironment[] | null> {
    if (!credentials.contensisClassicToken) return null;
    try {
      const response = await this.fetchFn()(`${this.providerUrl()}${MY_ENVIRONMENTS_PATH}`, {
        headers: { Accept: 'application/json', 'x-security-token': credentials.contensisClassicToken },
        signal: AbortSignal.timeout(this.timeout()),
      });
      if (!response.ok) return null;
      return environmentsOf(await response.json());
    } catch {
      return null;
    }
  }

  /** The browser-facing origin of the identity provider. */
  providerUrl(): string {
    return (this.options.identityProviderUrl || this.options.rootUrl).replace(/\/+$/, '');
  }

  /**
   * Ends the platform session behind the credentials (best effort: the cookie goes anyway);
   * resolves with whether the platform confirmed it.
   */
  async signOut(credentials: SessionCredentials): Promise<boolean> {
    const baseFetch = this.fetchFn();
    const cookies = [`RefreshToken=${encodeURIComponent(credentials.refreshToken)}`];
    if (credentials.contensisClassicToken) {
      cookies.push(`ContensisCMSUserName=${encodeURIComponent(credentials.contensisClassicToken)}`);
    }
    return logout({
      rootUrl: this.options.rootUrl,
      timeout: this.timeout(),
      fetchFn: (input, init) =>
        baseFetch(input, {
          ...init,
          headers: {
            ...(init?.headers as Record<string, string>),
            ...(credentials.bearerToken ? { Authorization: `Bearer ${credentials.bearerToken}` } : {}),
            Cookie: cookies.join('; '),
          },
        }),
    });
  }

  /**
   * Changes the signed-in visitor's password (`existing` is checked by the platform), then
   * replaces their platform session: signs in again with the new password and ends the old
   * session. The platform keeps the session that made the change, and every copy of the
   * session cookie holds that session's tokens, so without this a copied cookie would outlive
   * the change. Resolves with the new session, or `null` when the password changed but a new
   * session could not be opened (the old one is ended all the same; the visitor signs in again).
   *
   * @throws {@link PasswordChangeThrottledError} after too many wrong current passwords (the
   * platform's 429); {@link ApiError} 409 for a wrong current password, 422 for a new one the
   * policy refuses.
   */
  async changePassword(
    credentials: SessionCredentials,
    user: { id: string; username: string },
    existing: string,
    newPassword: string,
    visitorAddress?: string | null,
  ): Promise<PasswordChanged> {
    // The visitor's address goes with the current-password check, as with a sign-in: the
    // platform throttles wrong current passwords per (account, address), so one visitor guessing
    // through a stolen session must not slow the owner, or everyone behind the site, down.
    let retryAfter: number | null = null;
    const forwarding = this.forwardingFetch(visitorAddress);
    const client = this.userClient(credentials, async (input, init) => {
      const response = await forwarding(input, init);
      const header = Number(response.headers.get('retry-after'));
      retryAfter = Number.isFinite(header) && header > 0 ? header : null;
      return response;
    });
    try {
      await client.security.users.updatePassword({ userId: user.id, existing, new: newPassword });
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) {
        throw new PasswordChangeThrottledError(retryAfter, error.message);
      }
      throw error;
    }
    const old =
      sessionCredentials((client.authentication as AuthTokenProvider).getCredentials(), credentials) ??
      credentials;
    let replacement: SignedIn | null = null;
    try {
      replacement = await this.signIn(user.username, newPassword, visitorAddress);
    } catch {
      // The visitor is then signed out rather than kept on the old session, which ends below.
    }
    let oldSessionEnded = false;
    // One retry: a copied cookie keeps working for as long as the old session lives.
    for (let attempt = 0; attempt < 2 && !oldSessionEnded; attempt++) {
      oldSessionEnded = await this.signOut(old).catch(() => false);
    }
    return { replacement, oldSessionEnded };
  }

  /**
   * Registers a user with the site's API client and adds them to the registration groups.
   *
   * With email verification (the default, and `pages` given) the user is created unverified
   * and the platform mails them the link to `pages.verify`. Without it the site's API client
   * must be a security administrator: the platform creates users that sign in at once for
   * security administrators only, and refuses (400) anyone else a user without a verification
   * page. When the address already has an account, the
   * platform mails its owner instead (linking `pages.signIn` and `pages.forgotPassword`),
   * creates nothing and answers 409; this method then resolves as for a new account, after
   * the same platform calls aimed at no account, so that neither the answer nor its timing
   * tells the visitor whether the address has an account.
   *
   * @throws {@link ApiError} with the platform's answer (409 taken: `data.data.field` names
   * `username`, or `email` without verification; 422 invalid), or an error when the site has
   * no API client configured.
   * @example
   * await accounts.register(
   *   { username: null, email: 'rhian@example.org', firstName: 'Rhian', lastName: 'Newcomer', password },
   *   { verify: 'https://www.example.org/account/verify', signIn: '…/account/login', forgotPassword: '…/account/forgot-password' },
   * );
   */
  async register(input: RegistrationInput, pages?: RegistrationPages): Promise<void> {
    const client = this.siteClient();
    const user = {
      ...(input.username ? { username: input.username } : {}),
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      credentials: { password: input.password },
    };
    if (!this.verifiesEmail || !pages) {
      const created = await client.security.users.create(
        user as Parameters<typeof client.security.users.create>[0],
      );
      await this.joinRegistrationGroups(client, createdId(created));
      return;
    }
    // The platform mails the verification link itself as it creates the user (it refuses the
    // site's API client a user without one), and the "someone tried to register" mail instead
    // when the address has an account.
    const query = new URLSearchParams({
      verifyEmail: 'true',
      verifyUrl: pages.verify,
      signInUrl: pages.signIn,
      forgotPasswordUrl: pages.forgotPassword,
      ...(pages.language ? { language: pages.language } : {}),
    });
    let id: string;
    try {
      id = createdId(
        await this.post(
          `/api/security/users?${query}`,
          user,
          await (client.authentication as AuthTokenProvider).authorizationHeaders(),
        ),
      );
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 409 && conflictField(error) === 'email'))
        throw error;
      // The platform has mailed the owner. The same calls as for a new account follow, through
      // the same clients, for an id that belongs to nobody: they change nothing, and the
      // answer takes as long.
      const nobody = randomUUID();
      for (const group of this.registrationGroups()) {
        await client.security.groups.addUser(group, nobody).catch(() => undefined);
      }
      return;
    }
    await this.joinRegistrationGroups(client, id);
  }

  private async joinRegistrationGroups(client: ManagementClient, userId: string): Promise<void> {
    for (const group of this.registrationGroups()) await client.security.groups.addUser(group, userId);
  }

  private registrationGroups(): readonly string[] {
    return this.options.registrationGroups ?? ['Members'];
  }

  /**
   * Asks the platform to mail a password reset link (`{resetUrl}?token=…`) to the address, if
   * it belongs to an account, in `language` (`cy` for a visitor on a Welsh page, whose
   * `resetUrl` is the Welsh page; null: the platform's default). The platform answers the same
   * either way.
   *
   * @throws when the platform cannot be reached or refuses the site's API client.
   */
  async requestPasswordReset(email: string, resetUrl: string, language: string | null = null): Promise<void> {
    const headers = await (this.siteClient().authentication as AuthTokenProvider).authorizationHeaders();
    await this.post(PASSWORD_RESET_PATH, { email, resetUrl, ...(language ? { language } : {}) }, headers);
  }

  /** Whether registration asks the platform to verify email addresses (default true). */
  get verifiesEmail(): boolean {
    return this.options.verifyEmail !== false;
  }

  /**
   * Asks the platform to mail a verification link (`{verifyUrl}?token=…`) to a user (id,
   * username or email) whose address is not verified yet. The platform answers the same
   * whether or not there is such a user. The mail is in `language` (null: the platform's default).
   *
   * @throws when the platform cannot be reached or refuses the site's API client.
   */
  async requestEmailVerification(
    user: string,
    verifyUrl: string,
    language: string | null = null,
  ): Promise<void> {
    const headers = await (this.siteClient().authentication as AuthTokenProvider).authorizationHeaders();
    await this.post(EMAIL_VERIFICATION_PATH, { user, verifyUrl, ...(language ? { language } : {}) }, headers);
  }

  /**
   * Verifies an email address with the token of a verification mail. A link followed again
   * while the address is confirmed succeeds as well (the platform answers `alreadyVerified`).
   *
   * @throws {@link ApiError} 422 for an unknown or expired token.
   */
  async verifyEmail(token: string): Promise<void> {
    await this.post(`${EMAIL_VERIFICATION_PATH}/complete`, { token }, {});
  }

  /**
   * Whether the token of a reset mail still works (not used, not expired), without using it:
   * the reset page says at once when it does not.
   *
   * @throws when the platform cannot be reached or answers anything but yes (204) or no (422).
   */
  async resetLinkIsLive(token: string): Promise<boolean> {
    try {
      await this.post(`${PASSWORD_RESET_PATH}/check`, { token }, {});
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) return false;
      throw error;
    }
  }

  /**
   * Sets a new password with the token of a reset mail.
   *
   * @throws {@link ApiError} 422 for an unknown or expired token or a password the policy refuses.
   */
  async resetPassword(token: string, password: string): Promise<void> {
    await this.post(`${PASSWORD_RESET_PATH}/complete`, { token, password }, {});
  }

  private async post(path: string, body: unknown, headers: Record<string, string>): Promise<unknown> {
    const url = `${this.options.rootUrl.replace(/\/+$/, '')}${path}`;
    const response = await this.fetchFn()(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(this.timeout()),
    });
    const text = await response.text();
    let data: unknown = {};
    try {
      data = text ? JSON.parse(text) : {};
    } catch {
      data = text;
    }
    if (!response.ok) {
      throw new ApiError({ status: response.status, statusText: response.statusText, url, data });
    }
    return data;
  }

  /** Whether the site may register users (it has API client credentials). */
  get canRegister(): boolean {
    return Boolean(this.options.clientId && this.options.clientSecret);
  }

  /** The site's own API client (client credentials). */
  siteClient(): ManagementClient {
    if (!this.canRegister)
      throw new Error('The site has no API client (CANOPY_CLIENT_ID, CANOPY_CLIENT_SECRET)');
    return ManagementClient.create({
      rootUrl: this.options.rootUrl,
      projectId: this.options.projectId,
      clientType: 'client_credentials',
      clientDetails: {
        clientId: this.options.clientId as string,
        clientSecret: this.options.clientSecret as string,
      },
      fetchFn: this.fetchFn(),
      timeout: this.timeout(),
    });
  }

  private userClient(
    credentials: SessionCredentials,
    fetchFn: typeof fetch = this.fetchFn(),
  ): ManagementClient {
    return ManagementClient.create({
      rootUrl: this.options.rootUrl,
      projectId: this.options.projectId,
      clientType: 'contensis_classic_refresh_token',
      clientDetails: { refreshToken: credentials.refreshToken },
      credentials,
      fetchFn,
      timeout: this.timeout(),
    });
  }

  /**
   * The fetch for password checks (sign-in, change password): names the visitor's address in
   * `X-Forwarded-For`, so the platform's throttle counts visitors, not the site (the platform
   * must trust the site's address, `CANOPY_TRUST_PROXY`).
   */
  private forwardingFetch(visitorAddress: string | null | undefined): typeof fetch {
    const base = this.fetchFn();
    if (!visitorAddress) return base;
    return (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('X-Forwarded-For', visitorAddress);
      return base(input, { ...init, headers });
    };
  }

  private fetchFn(): typeof fetch {
    return this.options.fetchFn ?? ((input, init) => globalThis.fetch(input, init));
  }

  private timeout(): number {
    return this.options.timeout ?? DEFAULT_TIMEOUT_MS;
  }
}

function unavailableError(error: unknown): SignInError {
  return new SignInError(
    SIGN_IN_UNAVAILABLE,
    'unavailable',
    error instanceof Error ? error.message : String(error),
  );
}

/** The friendly message for a throttled sign-in. */
export function throttledMessage(retryAfterSeconds: number | null): string {
  const minutes = retryAfterSeconds ? Math.max(1, Math.ceil(retryAfterSeconds / 60)) : null;
  const wait = minutes ? `${minutes} minute${minutes === 1 ? '' : 's'}` : 'a few minutes';
  return `Too many sign-in attempts for this account. Please wait ${wait} before trying again, or reset your password.`;
}

/**
 * The tokens worth keeping: only a session with a refresh token can outlive its bearer token.
 * A session lasts 15 days from signing in (the client's refresh-token assumption): refreshing
 * the bearer token keeps the first expiry, even when the platform hands out a new refresh token.
 */
export function sessionCredentials(
  snapshot: CredentialsSnapshot,
  previous?: SessionCredentials,
): SessionCredentials | null {
  if (!snapshot.refreshToken) return null;
  return {
    bearerToken: snapshot.bearerToken,
    bearerTokenExpiryDate: snapshot.bearerTokenExpiryDate,
    refreshToken: snapshot.refreshToken,
    refreshTokenExpiryDate:
      previous?.refreshTokenExpiryDate ??
      snapshot.refreshTokenExpiryDate ??
      new Date(Date.now() + REFRESH_TOKEN_LIFETIME_MS).toISOString(),
    contensisClassicToken: snapshot.contensisClassicToken,
  };
}

/** The id of a user the platform says it created, else the spec's "unable to parse" error. */
function createdId(created: unknown): string {
  const id = (created as { id?: unknown } | null)?.id;
  if (typeof id !== 'string' || !id) throw new Error(ACCOUNT_MESSAGES.unparsableUser);
  return id;
}

/**
 * Which identity field a platform 409 says is taken (`data.data.field`, the local platform's
 * addition), or `null` when it does not say.
 *
 * @example
 * conflictField(error) === 'username' // "choose another username"
 */
export function conflictField(error: ApiError): 'username' | 'email' | null {
  const field = (error.data as { data?: { field?: unknown } } | null)?.data?.field;
  return field === 'username' || field === 'email' ? field : null;
}
