/**
 * Error messages of the HTTP layer. The texts are part of the platform contract (§5.3 and the
 * website spec's error catalogue) and must stay identical.
 */
export const HttpMessages = {
  relativeRootUrl: 'You cannot specify a relative root url if not in a browser context.',
  noneNeedsAccessToken:
    'If the property clientType is set to "none" then the property accessToken must be provided.',
  clientCredentialsNeedDetails:
    'If the property client type is set to "client_credentials" then the property clientDetails must be set to a ClientCredentialsGrant value.',
  networkFailed: 'Network request failed',
  timedOut: 'Network request timed out',
  aborted: 'Aborted',
} as const;
