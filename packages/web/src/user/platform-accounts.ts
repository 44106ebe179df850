import {
  ApiError,
  AuthTokenProvider,
  ContensisAuthenticationError,
  type CredentialsSnapshot,
  logout,
  ManagementClient,
  REFRESH_TOKEN_LIFETIME_MS,
} from '@canopy/client';
import type { SessionCredentials } from './session-seal.js';
import { MAX_USER_GROUPS, type UserProfile, userProfile } from './user-profile.js';

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
  fetchFn?: typeof fetch;
  /**
   * Milliseconds a platform call may take (default 30 000: the platform answers repeated
   * failed sign-ins of a login slowly on purpose).
   */
  timeout?: number;
}

/** Why signing in failed, in words a visitor can act on. */
export class SignInError extends Error {
  override readonly name = 'SignInError';
  constructor(
    message: string,
    /** `refused` (credentials), `throttled` (too many attempts), `unavailable` (anything else). */
    readonly reason: 'refused' | 'throttled' | 'unavailable',
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

const DEFAULT_TIMEOUT_MS = 30_000;

/** The local platform's password reset endpoints (Canopy's addition to the contract). */
export const PASSWORD_RESET_PATH = '/api/password-reset';

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
  async signIn(username: string, password: string): Promise<SignedIn> {
    let retryAfter: number | null = null;
    const baseFetch = this.fetchFn();
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
        if (error.status >= 400 && error.status < 500) {
          throw new SignInError(
            'The username or password is not right. Check them and try again.',
            'refused',
            error.message,
          );
        }
      }
      throw new SignInError(
        'Signing in is not available just now. Please try again in a few minutes.',
        'unavailable',
        error instanceof Error ? error.message : String(error),
      );
    }
    const credentials = sessionCredentials(provider.getCredentials());
    if (!credentials) {
      throw new SignInError(
        'Signing in is not available just now. Please try again in a few minutes.',
        'unavailable',
        'The platform returned no refresh token',
      );
    }
    try {
      return await this.profile(credentials);
    } catch (error) {
      throw new SignInError(
        'Signing in is not available just now. Please try again in a few minutes.',
        'unavailable',
        error instanceof Error ? error.message : String(error),
      );
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
    const refreshed = sessionCredentials(
      (client.authentication as AuthTokenProvider).getCredentials(),
      credentials,
    );
    return {
      credentials: refreshed ?? credentials,
      profile: userProfile(user, groups, this.options.staffDomain),
    };
  }

  /** Ends the platform session behind the credentials (best effort: the cookie goes anyway). */
  async signOut(credentials: SessionCredentials): Promise<void> {
    const baseFetch = this.fetchFn();
    const cookies = [`RefreshToken=${encodeURIComponent(credentials.refreshToken)}`];
    if (credentials.contensisClassicToken) {
      cookies.push(`ContensisCMSUserName=${encodeURIComponent(credentials.contensisClassicToken)}`);
    }
    await logout({
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
   * Changes the signed-in visitor's password (`existing` is checked by the platform).
   *
   * @throws {@link ApiError} 409 for a wrong current password, 422 for a new one the policy refuses.
   */
  async changePassword(
    credentials: SessionCredentials,
    userId: string,
    existing: string,
    newPassword: string,
  ): Promise<SessionCredentials> {
    const client = this.userClient(credentials);
    await client.security.users.updatePassword({ userId, existing, new: newPassword });
    return (
      sessionCredentials((client.authentication as AuthTokenProvider).getCredentials(), credentials) ??
      credentials
    );
  }

  /**
   * Registers a user with the site's API client and adds them to the registration groups.
   *
   * @throws {@link ApiError} with the platform's answer (409 taken, 422 invalid), or an error
   * when the site has no API client configured.
   */
  async register(input: {
    username: string | null;
    email: string;
    firstName: string;
    lastName: string;
    password: string;
  }): Promise<{ id: string; username: string; email: string; firstName: string; lastName: string }> {
    const client = this.siteClient();
    const created = await client.security.users.create({
      ...(input.username ? { username: input.username } : {}),
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      credentials: { password: input.password },
    } as Parameters<typeof client.security.users.create>[0]);
    for (const group of this.options.registrationGroups ?? ['Members']) {
      await client.security.groups.addUser(group, created.id);
    }
    return {
      id: created.id,
      username: created.username,
      email: created.email,
      firstName: created.firstName ?? '',
      lastName: created.lastName ?? '',
    };
  }

  /**
   * Asks the platform to mail a password reset link (`{resetUrl}?token=…`) to the address, if
   * it belongs to an account. The platform answers the same either way.
   *
   * @throws when the platform cannot be reached or refuses the site's API client.
   */
  async requestPasswordReset(email: string, resetUrl: string): Promise<void> {
    const headers = await (this.siteClient().authentication as AuthTokenProvider).authorizationHeaders();
    await this.post(PASSWORD_RESET_PATH, { email, resetUrl }, headers);
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

  private userClient(credentials: SessionCredentials): ManagementClient {
    return ManagementClient.create({
      rootUrl: this.options.rootUrl,
      projectId: this.options.projectId,
      clientType: 'contensis_classic_refresh_token',
      clientDetails: { refreshToken: credentials.refreshToken },
      credentials,
      fetchFn: this.fetchFn(),
      timeout: this.timeout(),
    });
  }

  private fetchFn(): typeof fetch {
    return this.options.fetchFn ?? ((input, init) => globalThis.fetch(input, init));
  }

  private timeout(): number {
    return this.options.timeout ?? DEFAULT_TIMEOUT_MS;
  }
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
