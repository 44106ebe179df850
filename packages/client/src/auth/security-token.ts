import { DEFAULT_TIMEOUT_MS } from '../http/http-client.js';
import { SecurityTokenError } from './errors.js';
import { endpointUrl, fetchText } from './fetch-support.js';
import { AuthMessages } from './messages.js';

/** Path of the classic security-token exchange (contract §3.7). */
export const SECURITY_TOKEN_PATH = '/REST/Contensis/Security/IsAuthenticated';

/** The `ApplicationData` key that holds the refresh token. */
export const REFRESH_TOKEN_KEY = 'ContensisSecurityRefreshToken';

/** Where and how to call the classic endpoint. */
export interface SecurityTokenOptions {
  /** Origin of the CMS. */
  rootUrl?: string | null;
  /** The fetch implementation (default: the global `fetch`). */
  fetchFn?: typeof fetch | null;
  /** Milliseconds before the call is abandoned (default 30 000; 0 disables). */
  timeout?: number | null;
}

/** One `{ Key, Value }` pair of the classic response. */
export interface ApplicationDataItem {
  Key: string;
  Value: string;
}

/** The classic endpoint's answer. */
export interface IsAuthenticatedResponse {
  /** `0` when the token is valid. */
  LogonResult: number;
  ApplicationData?: ApplicationDataItem[];
}

/**
 * Exchanges the `securityToken` a CMS login appends to the site URL for a refresh token
 * (contract §3.7), to be used with the `contensis_classic_refresh_token` grant. The token is
 * URL-encoded inside the JSON body, as the site framework sends it.
 *
 * Rejects with a {@link SecurityTokenError} carrying the framework's messages: 'Security token is
 * invalid' (LogonResult ≠ 0; `data` = ApplicationData), 'Fetch credentials: Unable to find
 * ContensisSecurityRefreshToken', 'Fetch credentials error: {status} {statusText}' and 'Failed to
 * fetch credentials' (network failure or a body that is not JSON).
 *
 * @example
 * const refreshToken = await exchangeSecurityToken(url.searchParams.get('securityToken')!, { rootUrl });
 * const client = ManagementClient.create({
 *   rootUrl, projectId, clientType: 'contensis_classic_refresh_token', clientDetails: { refreshToken },
 * });
 */
export async function exchangeSecurityToken(
  securityToken: string,
  options: SecurityTokenOptions = {},
): Promise<string> {
  const url = endpointUrl(options.rootUrl, SECURITY_TOKEN_PATH);
  let response: Response;
  let data: IsAuthenticatedResponse;
  try {
    let text: string;
    ({ response, text } = await fetchText(
      options.fetchFn,
      url,
      {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: JSON.stringify({ securityToken: encodeURIComponent(securityToken) }),
      },
      options.timeout ?? DEFAULT_TIMEOUT_MS,
    ));
    if (!response.ok) {
      throw new SecurityTokenError(
        `${AuthMessages.fetchCredentialsError} ${response.status} ${response.statusText}`,
        { status: response.status },
      );
    }
    data = JSON.parse(text) as IsAuthenticatedResponse;
  } catch (error) {
    if (error instanceof SecurityTokenError) throw error;
    throw new SecurityTokenError(AuthMessages.fetchCredentialsFailed, { cause: error });
  }
  const applicationData = Array.isArray(data?.ApplicationData) ? data.ApplicationData : [];
  if (data?.LogonResult !== 0) {
    throw new SecurityTokenError(AuthMessages.securityTokenInvalid, { data: applicationData });
  }
  const refreshToken = applicationData.find((item) => item?.Key === REFRESH_TOKEN_KEY)?.Value;
  if (!refreshToken) throw new SecurityTokenError(AuthMessages.refreshTokenMissing);
  return refreshToken;
}
