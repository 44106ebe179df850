import type { ServerOptions } from 'node:http';

/**
 * How long a request may take to arrive, headers and body, by default (ms): Node's own default,
 * long enough for an asset upload over a slow line.
 */
export const DEFAULT_REQUEST_TIMEOUT_MS = 300_000;

/** The longest the request line and headers alone may take (ms); never more than the whole budget. */
const HEADERS_TIMEOUT_MS = 15_000;

/**
 * Fastify options giving each request a time budget to arrive: once its headers have not
 * arrived within `min(ms, 15 s)`, or it is not complete (body included) within `ms`, Node
 * answers `408` and closes the connection — a chunked body that announces 2 GiB and never
 * sends it no longer holds a connection open for ever (Fastify's own default is no limit).
 * Only receiving the request is timed: a long answer (an event stream, a big download) is
 * not cut. Node checks every `connectionsCheckingInterval`, so it is a quarter of the budget
 * (at most 5 s): a small budget in tests is kept closely.
 *
 * @example
 * Fastify({ ...requestTimeoutOptions(DEFAULT_REQUEST_TIMEOUT_MS) });
 */
export function requestTimeoutOptions(ms: number): { requestTimeout: number; http: ServerOptions } {
  if (!Number.isFinite(ms) || ms <= 0)
    throw new Error('requestTimeoutMs must be a positive number of milliseconds');
  return {
    // Fastify sets server.requestTimeout from this after creating the server, over `http`'s.
    requestTimeout: ms,
    http: {
      requestTimeout: ms,
      headersTimeout: Math.min(ms, HEADERS_TIMEOUT_MS),
      connectionsCheckingInterval: Math.min(5_000, Math.max(25, Math.floor(ms / 4))),
    },
  };
}

/**
 * `CANOPY_REQUEST_TIMEOUT_MS`: the request time budget in whole milliseconds, or `undefined`
 * when unset (the default applies). Anything else is an error naming the variable.
 *
 * @example
 * requestTimeoutFromEnv('10000'); // 10000
 */
export function requestTimeoutFromEnv(raw: string | undefined): number | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  if (!/^\d+$/.test(value) || Number(value) <= 0) {
    throw new Error(`CANOPY_REQUEST_TIMEOUT_MS must be a whole number of milliseconds above 0, not '${raw}'`);
  }
  return Number(value);
}
