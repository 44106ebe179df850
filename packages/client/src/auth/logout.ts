import { DEFAULT_TIMEOUT_MS } from '../http/http-client.js';
import { ContensisApplicationError } from './errors.js';
import { endpointUrl, fetchText, messageOf } from './fetch-support.js';

/** Path of the identity provider's logout endpoint (contract §3.6). */
export const LOGOUT_PATH = '/authenticate/logout?jsonResponseRequired=true';

/** Where and how to call the logout endpoint. */
export interface LogoutOptions {
  /** Origin of the CMS. */
  rootUrl?: string | null;
  /** The fetch implementation (default: the global `fetch`). */
  fetchFn?: typeof fetch | null;
  /** Milliseconds before the call is abandoned (default 30 000; 0 disables). */
  timeout?: number | null;
}

/**
 * Ends the identity provider's session (federated logins): `GET
 * {root}/authenticate/logout?jsonResponseRequired=true` with the browser's cookies
 * (`credentials: 'include'`). The body is ignored, as the site framework ignores it; the caller
 * then deletes its own cookies. Resolves `true` for a 2xx answer, `false` otherwise.
 *
 * @throws (rejects) {@link ContensisApplicationError} when the request gets no response.
 * @example
 * await logout({ rootUrl: 'https://cms.example.com' });
 */
export async function logout(options: LogoutOptions = {}): Promise<boolean> {
  const url = endpointUrl(options.rootUrl, LOGOUT_PATH);
  try {
    const { response } = await fetchText(
      options.fetchFn,
      url,
      { method: 'GET', headers: { Accept: 'application/json' }, credentials: 'include' },
      options.timeout ?? DEFAULT_TIMEOUT_MS,
    );
    return response.ok;
  } catch (error) {
    throw new ContensisApplicationError(messageOf(error), error);
  }
}
