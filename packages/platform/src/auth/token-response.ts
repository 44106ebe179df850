/**
 * The token endpoint's answers (contract §3.2, §3.4), free of any HTTP framework: a grant
 * produces a {@link GrantOutcome}, the route turns it into a status, headers and body.
 */

/** The body of a successful token response (contract §3.2). */
export interface TokenResponseBody {
  access_token: string;
  /** Lifetime of the access token in seconds. */
  expires_in: number;
  token_type: 'Bearer';
  /** Only for the classic grants. */
  refresh_token?: string;
}

/** OAuth 2.0 error codes the endpoint answers with (contract §3.4), plus the throttle's refusal. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'too_many_requests';

/** The body of a refused token request. */
export interface OAuthErrorBody {
  error: OAuthErrorCode;
  error_description: string;
  /**
   * Canopy's addition, for a site to tell its visitor what to do: `email_not_verified` when the
   * password was right but the account's email address still waits for verification.
   */
  reason?: 'email_not_verified';
}

/** What a grant produced. */
export type GrantOutcome =
  | {
      ok: true;
      body: TokenResponseBody;
      /** The legacy CMS session token for `x-contensis-classic-token` (classic grants only). */
      classicToken?: string;
    }
  | {
      ok: false;
      /** 400, or 429 from the throttle. */
      status: 400 | 429;
      body: OAuthErrorBody;
      /** Seconds for `Retry-After` (429 only). */
      retryAfterSeconds?: number;
    };

/**
 * A refused token request.
 *
 * @example
 * oauthError('invalid_grant', 'The username or password is incorrect');
 * // { ok: false, status: 400, body: { error: 'invalid_grant', error_description: '…' } }
 */
export function oauthError(error: OAuthErrorCode, description: string): GrantOutcome & { ok: false } {
  return { ok: false, status: 400, body: { error, error_description: description } };
}

/** The throttle's refusal: 429 with `Retry-After`. */
export function tooManyRequests(retryAfterSeconds: number): GrantOutcome & { ok: false } {
  return {
    ok: false,
    status: 429,
    body: {
      error: 'too_many_requests',
      error_description: `Too many failed sign-in attempts; try again in ${retryAfterSeconds} seconds`,
    },
    retryAfterSeconds,
  };
}

/** The descriptions the endpoint uses, so tests and routes agree on them. */
export const TokenMessages = {
  // One message for an unknown user, a wrong password and a suspended account: the answer must
  // not reveal which accounts exist.
  badSignIn: 'The username or password is incorrect',
  badClient: 'The client id or secret is incorrect',
  badRefreshToken: 'The refresh token is not valid or has expired',
  unsupportedGrant:
    'The grant type is not supported; use client_credentials, contensis_classic or contensis_classic_refresh_token',
  noScope: 'None of the requested scopes can be granted to this client',
  notAForm: 'The token request must be a form (Content-Type: application/x-www-form-urlencoded)',
  malformedBody: 'The token request could not be read',
  tooLong: (field: string, max: number) => `The ${field} field is longer than ${max} characters`,
  missing: (field: string) => `The ${field} field is required`,
  emailNotVerified: 'The email address of this account has not been verified yet',
} as const;

/**
 * The right password of an account whose email address is not verified yet: `invalid_grant`
 * with `reason: 'email_not_verified'`. Only given after the password was checked, so it tells
 * nothing to someone who does not know it.
 */
export function emailNotVerified(): GrantOutcome & { ok: false } {
  return {
    ok: false,
    status: 400,
    body: {
      error: 'invalid_grant',
      error_description: TokenMessages.emailNotVerified,
      reason: 'email_not_verified',
    },
  };
}
