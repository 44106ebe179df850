import type { SessionCredentials } from './session-seal.js';

/** The cookie the platform reads a signed-in visitor's classic token from (contract §3.8). */
export const CLASSIC_TOKEN_COOKIE = 'ContensisCMSUserName';

/** The cookie the platform reads a signed-in visitor's refresh token from (contract §3.8). */
export const REFRESH_TOKEN_COOKIE = 'RefreshToken';

/**
 * The `Cookie` header the site server sends with delivery calls made for a signed-in visitor,
 * so the platform serves them the restricted content they are entitled to (contract §1.1,
 * §3.8 step 5, §7.7): their classic token and refresh token, taken from the server-held
 * session. `null` when there are no credentials. The header only ever goes from the site
 * server to the platform; the browser never sees these tokens.
 *
 * @example
 * platformVisitorCookie(session.credentials); // 'ContensisCMSUserName=…; RefreshToken=…'
 */
export function platformVisitorCookie(credentials: SessionCredentials | null | undefined): string | null {
  if (!credentials?.refreshToken) return null;
  const parts = [`${REFRESH_TOKEN_COOKIE}=${encodeURIComponent(credentials.refreshToken)}`];
  if (credentials.contensisClassicToken) {
    parts.unshift(`${CLASSIC_TOKEN_COOKIE}=${encodeURIComponent(credentials.contensisClassicToken)}`);
  }
  return parts.join('; ');
}
