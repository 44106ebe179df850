/**
 * The heading of the not-found page (website spec §2): the status code, or 404 when there is
 * none, followed by 'Page Not Found'.
 *
 * @example
 * notFoundHeading(); // '404 Page Not Found'
 * notFoundHeading(500); // '500 Page Not Found'
 */
export function notFoundHeading(statusCode?: number | null): string {
  return `${statusCode || 404} Page Not Found`;
}

const STATUS_TEXTS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  410: 'Gone',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** The standard reason phrase of an HTTP status, e.g. 'Service Unavailable' for 503. */
export function statusText(status: number): string {
  return STATUS_TEXTS[status] ?? (status >= 500 ? 'Server Error' : status >= 400 ? 'Client Error' : '');
}

/**
 * The response status of a route once loading finished (website spec §4): 404 when not found
 * without an error, the failure's code (or 500) on error, else 200.
 *
 * @example
 * routeStatusCode({ notFound: true, isError: false }); // 404
 * routeStatusCode({ notFound: false, isError: true }); // 500
 */
export function routeStatusCode(outcome: {
  notFound: boolean;
  isError: boolean;
  statusCode?: number | null;
}): number {
  if (outcome.isError) return outcome.statusCode && outcome.statusCode >= 400 ? outcome.statusCode : 500;
  if (outcome.notFound) return 404;
  return 200;
}
