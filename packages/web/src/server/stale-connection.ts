import { describeError } from './content-changes.js';

/**
 * Codes of a connection that failed under a request: the peer reset it (`ECONNRESET`), it was
 * closed while the request was written (`EPIPE`), or undici saw it end before the answer
 * (`UND_ERR_SOCKET`, "other side closed"). A refused connection (`ECONNREFUSED`), a connect or
 * header time-out and an abort are not among them: those were never a kept connection that
 * went stale, and sending again would only double the wait.
 */
const CLOSED_CONNECTION_CODES: ReadonlySet<string> = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

/** Methods that may be sent twice: reading again changes nothing on the platform. */
const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD']);

/** The code of a failed call, its own or that of what caused it (undici wraps some). */
function failureCode(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && CLOSED_CONNECTION_CODES.has(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * The delivery API's search in its POST form (platform contract, D7): a query sent as a body
 * because its GET address would be too long. It reads and changes nothing, like a GET.
 */
const DELIVERY_SEARCH_PATH = /\/api\/delivery\/projects\/[^/]+\/entries\/search$/;

/** Whether `url` is the delivery search (with or without a query string). */
function isDeliverySearch(url: string): boolean {
  try {
    return DELIVERY_SEARCH_PATH.test(new URL(url).pathname);
  } catch {
    return false;
  }
}

/**
 * Whether a platform call that failed before any answer arrived may be sent once more: a safe
 * method (GET, HEAD) whose connection was closed under it, and whose caller has not given up.
 * That is the race of a kept connection a proxy or load balancer closed while it was idle,
 * just as the call was written into it; browsers and other HTTP clients send such a request
 * again on a new connection. A POST (a sign-in, a form) is never sent twice, with one
 * exception: given the call's `url`, a POST to the delivery search, which is a read, is
 * (the site's search pages send their queries that way). Pass `url` only where the body can
 * be sent again (a string, not a stream being forwarded).
 *
 * Only for failures before the answer: once a status line has arrived, the platform has
 * answered and the answer (or its broken body) is the caller's.
 *
 * @example
 * if (mayRetryClosedConnection('GET', error, init.signal)) return send(freshAgent);
 * if (mayRetryClosedConnection('POST', error, init.signal, url)) return send(freshAgent);
 */
export function mayRetryClosedConnection(
  method: string,
  error: unknown,
  signal?: AbortSignal | null,
  url?: string,
): boolean {
  const upper = method.toUpperCase();
  const read = SAFE_METHODS.has(upper) || (upper === 'POST' && url !== undefined && isDeliverySearch(url));
  if (!read) return false;
  if (signal?.aborted) return false;
  return failureCode(error) !== null;
}

/**
 * The log line of a call sent once more: what failed, why (the error's code), and what was
 * done. The URL goes without its query, which may carry a visitor's search words.
 *
 * @example
 * log.warn(closedConnectionNotice('GET', url, error));
 */
export function closedConnectionNotice(method: string, url: string, error: unknown): string {
  const mark = url.indexOf('?');
  const where = mark < 0 ? url : url.slice(0, mark);
  return (
    `Platform call ${method.toUpperCase()} ${where} failed before any answer (${describeError(error)}): ` +
    'its connection was closed under it, as a proxy closes one idle too long; sent once more on a new connection'
  );
}
