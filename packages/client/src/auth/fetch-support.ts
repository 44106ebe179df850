import { isBrowser } from '../http/environment.js';
import { HttpMessages } from '../http/messages.js';
import { trimRootUrl } from '../http/url.js';

/**
 * The absolute URL of `path` under a root URL. Like the API clients, a relative root is only
 * allowed in a browser (contract §5.3).
 */
export function endpointUrl(rootUrl: string | null | undefined, path: string): string {
  const root = trimRootUrl(rootUrl);
  if (!root && !isBrowser()) throw new Error(HttpMessages.relativeRootUrl);
  return `${root}${path}`;
}

/**
 * `fetch` with a timeout that also covers reading the body, for the authentication endpoints,
 * which sit outside the API clients' `HttpClient`. Resolves with the response and its text;
 * rejects with whatever the fetch rejected with, or an `Error('Network request timed out')`.
 */
export async function fetchText(
  fetchFn: typeof fetch | null | undefined,
  url: string,
  init: RequestInit,
  timeout: number,
): Promise<{ response: Response; text: string }> {
  const controller = new AbortController();
  let timedOut = false;
  const timer =
    timeout > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeout)
      : undefined;
  try {
    const response = await (fetchFn ?? globalThis.fetch)(url, { ...init, signal: controller.signal });
    const text = await response.text();
    return { response, text };
  } catch (error) {
    if (timedOut) throw new Error(HttpMessages.timedOut, { cause: error });
    throw error;
  } finally {
    if (timer) clearTimeout(timer);
  }
}

/** The message of anything thrown. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
