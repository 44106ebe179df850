/**
 * Everything a token provider knows after signing in, in a form that survives JSON: expiry
 * dates are ISO 8601 strings. The site framework keeps this server-side between requests and
 * seeds a new provider with it, so no token call is made while the bearer token is still valid.
 *
 * @example
 * const saved = JSON.stringify(client.authentication.getCredentials());
 * // next request:
 * ManagementClient.create({ ...config, credentials: JSON.parse(saved) });
 */
export interface CredentialsSnapshot {
  bearerToken: string | null;
  /** When the bearer token expires (ISO 8601). */
  bearerTokenExpiryDate: string | null;
  refreshToken: string | null;
  /** When the refresh token is assumed to expire: 15 days after it was issued (ISO 8601). */
  refreshTokenExpiryDate: string | null;
  /** The legacy CMS session token (`x-contensis-classic-token`), for classic grants. */
  contensisClassicToken: string | null;
}

/** A date as the snapshot may carry it: ISO text, epoch milliseconds or a `Date`. */
export type DateInput = string | number | Date;

/** A snapshot to seed a provider with; missing values count as absent, dates in any form. */
export type CredentialsSeed = {
  [K in keyof CredentialsSnapshot]?: K extends `${string}Date` ? DateInput | null : string | null;
};

/** How long before its expiry a token already counts as expired (contract §3.3). */
export const EXPIRY_MARGIN_MS = 60_000;

/** How long a refresh token is assumed to live; the server does not say (contract §3.2). */
export const REFRESH_TOKEN_LIFETIME_MS = 15 * 24 * 60 * 60 * 1000;

/** Epoch milliseconds of a date input, or `null` when it is absent or not a date. */
export function toEpoch(value: DateInput | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const time =
    value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
  return Number.isFinite(time) ? time : null;
}

/** ISO text of epoch milliseconds, or `null`. */
export function toIso(value: number | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

/**
 * Whether a token counts as expired: it is missing, has no expiry, or expires within the
 * 60-second margin (`now + 60 s >= expiry`).
 */
export function isTokenExpired(token: string | null, expiry: number | null, now: number): boolean {
  return !token || expiry === null || now + EXPIRY_MARGIN_MS >= expiry;
}
