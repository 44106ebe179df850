/**
 * The token endpoint refused the credentials (any non-2xx answer, contract §3.3). `message` is
 * the OAuth `error` code (`invalid_client`, `invalid_grant` …) when the body has one, else the
 * whole body as JSON. Named as in the official clients.
 *
 * @example
 * try {
 *   await provider.authenticate();
 * } catch (error) {
 *   if (error instanceof ContensisAuthenticationError) showSignInFailed(error.message);
 * }
 */
export class ContensisAuthenticationError extends Error {
  override readonly name = 'ContensisAuthenticationError';
  /** HTTP status of the token response. */
  readonly status: number;
  /** The parsed response body. */
  readonly data: unknown;

  constructor(message: string, status = 0, data: unknown = null) {
    super(message);
    this.status = status;
    this.data = data;
  }
}

/**
 * Authentication failed for a reason other than refused credentials: the network, a timeout, or
 * a response that was not JSON (contract §3.3). Named as in the official clients; the original
 * error, when there is one, is in `cause`.
 */
export class ContensisApplicationError extends Error {
  override readonly name = 'ContensisApplicationError';

  constructor(message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
  }
}

/**
 * The classic security-token exchange failed (contract §3.7). The message is one of the site
 * framework's texts (see `AuthMessages`); `data` holds the server's `ApplicationData` when the
 * token was invalid, `status` the HTTP status when the call was refused.
 */
export class SecurityTokenError extends Error {
  override readonly name = 'SecurityTokenError';
  readonly status: number | null;
  readonly data: unknown;

  constructor(message: string, options: { status?: number; data?: unknown; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.status = options.status ?? null;
    this.data = options.data ?? null;
  }
}
