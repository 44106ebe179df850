/**
 * Messages of the authentication helpers. The first four are the site framework's texts for the
 * classic security-token exchange (contract §3.7, website spec §8) and must stay identical; the
 * others are this client's own.
 */
export const AuthMessages = {
  securityTokenInvalid: 'Security token is invalid',
  refreshTokenMissing: 'Fetch credentials: Unable to find ContensisSecurityRefreshToken',
  /** Followed by `{status} {statusText}`. */
  fetchCredentialsError: 'Fetch credentials error:',
  fetchCredentialsFailed: 'Failed to fetch credentials',
  /** Our own: the official clients would send `username=undefined` and let the server refuse it. */
  classicNeedsDetails:
    'If the property client type is set to "contensis_classic" then the property clientDetails must be set to a ClassicGrant value.',
  /** Our own, worded like the `client_credentials` message of contract §5.3. */
  refreshTokenNeedsDetails:
    'If the property client type is set to "contensis_classic_refresh_token" then the property clientDetails must be set to a ClassicRefreshTokenGrant value.',
  /** Our own: a 2xx token response without `access_token` cannot authorise anything. */
  noAccessToken: 'The token response did not contain an access_token.',
} as const;
