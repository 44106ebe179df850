/**
 * Authentication (contract §3): the token provider behind the API clients, the credentials
 * snapshot the site keeps between requests, the classic security-token exchange and logout.
 */
export {
  type CredentialsSeed,
  type CredentialsSnapshot,
  type DateInput,
  EXPIRY_MARGIN_MS,
  isTokenExpired,
  REFRESH_TOKEN_LIFETIME_MS,
} from './credentials.js';
export { ContensisApplicationError, ContensisAuthenticationError, SecurityTokenError } from './errors.js';
export { LOGOUT_PATH, type LogoutOptions, logout } from './logout.js';
export { AuthMessages } from './messages.js';
export { IDENTITY_SCOPES, RESOURCE_SCOPES, type Scope, scopeFor } from './scopes.js';
export {
  type ApplicationDataItem,
  exchangeSecurityToken,
  type IsAuthenticatedResponse,
  REFRESH_TOKEN_KEY,
  SECURITY_TOKEN_PATH,
  type SecurityTokenOptions,
} from './security-token.js';
export { AuthTokenProvider, type AuthTokenProviderOptions } from './token-provider.js';
export {
  CLASSIC_TOKEN_HEADER,
  TOKEN_CONTENT_TYPE,
  TOKEN_PATH,
  type TokenResponse,
  tokenRequestBody,
} from './token-request.js';
