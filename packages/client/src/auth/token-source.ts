/**
 * Supplies the `Authorization` header for clients that sign in with a grant instead of an
 * access token. The authentication module provides one (`AuthTokenProvider`); tests can
 * provide their own.
 *
 * @example
 * const fixed: TokenProvider = { authorizationHeaders: async () => ({ Authorization: 'Bearer t' }) };
 */
export interface TokenProvider {
  /** Headers to add to the next request; called before every request. */
  authorizationHeaders(): Promise<Record<string, string>>;
}
