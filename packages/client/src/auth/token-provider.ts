import type { ClientDetails, ClientType } from '../config.js';
import { DEFAULT_TIMEOUT_MS } from '../http/http-client.js';
import { HttpMessages } from '../http/messages.js';
import {
  type CredentialsSeed,
  type CredentialsSnapshot,
  isTokenExpired,
  REFRESH_TOKEN_LIFETIME_MS,
  toEpoch,
  toIso,
} from './credentials.js';
import { ContensisApplicationError, ContensisAuthenticationError } from './errors.js';
import { endpointUrl, fetchText, messageOf } from './fetch-support.js';
import { AuthMessages } from './messages.js';
import {
  CLASSIC_TOKEN_HEADER,
  TOKEN_CONTENT_TYPE,
  TOKEN_PATH,
  type TokenResponse,
  tokenRequestBody,
} from './token-request.js';
import type { TokenProvider } from './token-source.js';

/** How an {@link AuthTokenProvider} signs in. */
export interface AuthTokenProviderOptions {
  /** Origin of the platform; the token endpoint is `{rootUrl}/authenticate/connect/token`. */
  rootUrl?: string | null;
  /** The grant; `none` (or unset) never calls the token endpoint. */
  clientType?: ClientType | null;
  /** Credentials for the grant. */
  clientDetails?: ClientDetails | null;
  /** A fixed delivery access token: when set it is sent as the `accessToken` header instead. */
  accessToken?: string | null;
  /** Tokens from an earlier session (see {@link CredentialsSnapshot}). */
  credentials?: CredentialsSeed | null;
  /** The fetch implementation (default: the global `fetch`). */
  fetchFn?: typeof fetch | null;
  /** Milliseconds before a token request is abandoned (default 30 000; 0 disables). */
  timeout?: number | null;
  /** The clock, in epoch milliseconds; inject one in tests (default `Date.now`). */
  now?: () => number;
}

const GRANTS: ReadonlySet<ClientType> = new Set([
  'client_credentials',
  'contensis_classic',
  'contensis_classic_refresh_token',
]);

/**
 * Supplies the authorisation headers of the API clients (contract §3): a fixed access token, or
 * an OAuth bearer token obtained with the configured grant and fetched again whenever it is
 * missing or within 60 seconds of expiring. Concurrent calls share one token request.
 *
 * Re-authentication repeats the configured grant, as the official clients do; a refresh token the
 * server returns is kept (see {@link getCredentials}) but not fed back into the grant.
 *
 * @example
 * const provider = new AuthTokenProvider({
 *   rootUrl: 'http://127.0.0.1:3001',
 *   clientType: 'client_credentials',
 *   clientDetails: { clientId: process.env.CLIENT_ID!, clientSecret: process.env.CLIENT_SECRET! },
 * });
 * const headers = await provider.authorizationHeaders(); // { Authorization: 'Bearer eyJ…' }
 */
export class AuthTokenProvider implements TokenProvider {
  readonly clientType: ClientType | null;
  private readonly options: AuthTokenProviderOptions;
  private readonly now: () => number;
  private bearerToken: string | null = null;
  private bearerTokenExpiry: number | null = null;
  private refreshToken: string | null = null;
  private refreshTokenExpiry: number | null = null;
  private contensisClassicToken: string | null = null;
  private pending: Promise<CredentialsSnapshot> | null = null;

  constructor(options: AuthTokenProviderOptions = {}) {
    this.options = options;
    this.clientType = options.clientType ?? null;
    this.now = options.now ?? Date.now;
    if (options.credentials) this.setCredentials(options.credentials);
  }

  /**
   * The headers for the next request: `{ accessToken }` when an access token is configured, else
   * `{ Authorization: 'Bearer …' }`, signing in first when the bearer token counts as expired.
   * Without a grant and without a valid seeded token it returns `{}` (the server then answers 401).
   *
   * @throws (rejects) the §5.3 message when `clientType` is `none` without an access token or
   * valid seeded bearer token, or when the grant's `clientDetails` are missing;
   * {@link ContensisAuthenticationError} / {@link ContensisApplicationError} when signing in fails.
   */
  async authorizationHeaders(): Promise<Record<string, string>> {
    const { accessToken } = this.options;
    if (accessToken) return { accessToken };
    if (this.clientType === 'none' && this.isBearerTokenExpired()) {
      throw new Error(HttpMessages.noneNeedsAccessToken);
    }
    const token = await this.ensureBearerToken();
    return token ? { Authorization: `Bearer ${token}` } : {};
  }

  /**
   * A bearer token that is valid for at least another 60 seconds, signing in when needed; `null`
   * when there is none and no grant is configured to get one.
   */
  async ensureBearerToken(): Promise<string | null> {
    if (!this.isBearerTokenExpired()) return this.bearerToken;
    if (!this.clientType || !GRANTS.has(this.clientType)) return null;
    await this.authenticate();
    return this.bearerToken;
  }

  /**
   * Runs the configured grant now, whether or not the current token is still valid, and resolves
   * with the new credentials. Calls made while a token request is in flight share it.
   */
  authenticate(): Promise<CredentialsSnapshot> {
    if (!this.pending) {
      this.pending = this.requestToken().finally(() => {
        this.pending = null;
      });
    }
    return this.pending;
  }

  /** Whether the bearer token is missing or expires within 60 seconds. */
  isBearerTokenExpired(): boolean {
    return isTokenExpired(this.bearerToken, this.bearerTokenExpiry, this.now());
  }

  /** Whether the refresh token is missing or (by the 15-day assumption) expires within 60 seconds. */
  isRefreshTokenExpired(): boolean {
    return isTokenExpired(this.refreshToken, this.refreshTokenExpiry, this.now());
  }

  /** The current tokens, ready to be stored (JSON-safe). */
  getCredentials(): CredentialsSnapshot {
    return {
      bearerToken: this.bearerToken,
      bearerTokenExpiryDate: toIso(this.bearerTokenExpiry),
      refreshToken: this.refreshToken,
      refreshTokenExpiryDate: toIso(this.refreshTokenExpiry),
      contensisClassicToken: this.contensisClassicToken,
    };
  }

  /** Replaces the current tokens with stored ones; a missing value clears that token. */
  setCredentials(credentials: CredentialsSeed): void {
    this.bearerToken = credentials.bearerToken || null;
    this.bearerTokenExpiry = toEpoch(credentials.bearerTokenExpiryDate);
    this.refreshToken = credentials.refreshToken || null;
    this.refreshTokenExpiry = toEpoch(credentials.refreshTokenExpiryDate);
    this.contensisClassicToken = credentials.contensisClassicToken || null;
  }

  private async requestToken(): Promise<CredentialsSnapshot> {
    // An unset client type has no grant; like `none` its request carries no grant_type.
    const body = tokenRequestBody(this.clientType ?? 'none', this.options.clientDetails);
    const url = endpointUrl(this.options.rootUrl, TOKEN_PATH);
    let response: Response;
    let text: string;
    try {
      ({ response, text } = await fetchText(
        this.options.fetchFn,
        url,
        { method: 'POST', headers: { 'Content-Type': TOKEN_CONTENT_TYPE }, body },
        this.options.timeout ?? DEFAULT_TIMEOUT_MS,
      ));
    } catch (error) {
      throw new ContensisApplicationError(messageOf(error), error);
    }
    let data: unknown;
    try {
      data = text === '' ? {} : JSON.parse(text);
    } catch (error) {
      throw new ContensisApplicationError(messageOf(error), error);
    }
    if (!response.ok) throw new ContensisAuthenticationError(errorText(data), response.status, data);

    const token = data as Partial<TokenResponse>;
    if (typeof token.access_token !== 'string' || token.access_token === '') {
      throw new ContensisApplicationError(AuthMessages.noAccessToken);
    }
    const issued = this.now();
    this.bearerToken = token.access_token;
    this.bearerTokenExpiry = issued + (Number(token.expires_in) || 0) * 1000;
    // The refresh token is held only when this response carried one (contract §3.2).
    this.refreshToken = token.refresh_token || null;
    this.refreshTokenExpiry = this.refreshToken ? issued + REFRESH_TOKEN_LIFETIME_MS : null;
    this.contensisClassicToken = response.headers.get(CLASSIC_TOKEN_HEADER) || null;
    return this.getCredentials();
  }
}

/** The OAuth `error` code when the body has one, else the body as JSON (contract §3.3). */
function errorText(data: unknown): string {
  const error = data && typeof data === 'object' ? (data as { error?: unknown }).error : undefined;
  return error ? String(error) : JSON.stringify(data);
}
