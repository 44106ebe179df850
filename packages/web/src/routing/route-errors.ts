import { statusText } from './not-found.js';

/** What a failure while loading a route means for the visitor. */
export type RouteFailure =
  | { kind: 'notFound' }
  | { kind: 'access'; status: 401 | 403 }
  | { kind: 'aborted' }
  | { kind: 'error'; status: number; message: string };

/** Shown for failures that are bugs, not platform answers: the details go to the log only. */
export const INTERNAL_ERROR_MESSAGE = 'An internal error occurred';

/** Shown when the platform cannot be reached. */
export const UNAVAILABLE_MESSAGE = 'The content platform is not available';

/**
 * Classifies an error from a delivery call or a loader. The client's errors are recognised by
 * shape rather than class, so a second copy of the client (e.g. in a server bundle) still
 * counts: an `ApiError` has a numeric `status`, a `RequestError` a `code`.
 *
 * @example
 * classifyRouteError(Object.assign(new Error('x'), { name: 'ApiError', status: 404 })); // { kind: 'notFound' }
 * classifyRouteError(Object.assign(new Error('Network request failed'), { name: 'RequestError', code: 'network' }));
 * // { kind: 'error', status: 503, message: 'The content platform is not available' }
 */
export function classifyRouteError(error: unknown): RouteFailure {
  const candidate = error as { name?: unknown; status?: unknown; code?: unknown; message?: unknown } | null;
  if (candidate && candidate.name === 'ApiError' && typeof candidate.status === 'number') {
    const status = candidate.status;
    if (status === 404) return { kind: 'notFound' };
    if (status === 401 || status === 403) return { kind: 'access', status };
    // The platform's own message (and the URL it names) stays in the log; visitors get the
    // standard reason phrase.
    const code = status >= 400 ? status : 500;
    return { kind: 'error', status: code, message: statusText(code) };
  }
  if (candidate && candidate.name === 'RequestError') {
    if (candidate.code === 'aborted') return { kind: 'aborted' };
    return { kind: 'error', status: 503, message: UNAVAILABLE_MESSAGE };
  }
  if (candidate && candidate.name === 'AbortError') return { kind: 'aborted' };
  return { kind: 'error', status: 500, message: INTERNAL_ERROR_MESSAGE };
}
