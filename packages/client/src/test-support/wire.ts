import type { RecordedRequest } from './recording-server.js';

/** Request headers the porting tests compare; others (host, connection, user-agent …) vary by runtime. */
const COMPARED_HEADERS = ['accept', 'accesstoken', 'authorization', 'content-type'] as const;

/** Everything a server sees of a request that the official SDKs and Canopy could disagree on. */
export interface WireRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Partial<Record<(typeof COMPARED_HEADERS)[number], string>>;
  /** Parsed JSON, the raw text when it is not JSON, `undefined` when empty. */
  body: unknown;
}

/**
 * The method, decoded path, query, compared headers and body of a recorded request, for one
 * `toEqual` that pins the whole request.
 *
 * @example
 * expect(wire(server().last())).toEqual({ method: 'GET', path: '/x', query: {}, headers: { … }, body: undefined });
 */
export function wire(request: RecordedRequest): WireRequest {
  const headers: WireRequest['headers'] = {};
  for (const name of COMPARED_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return {
    method: request.method,
    path: request.path,
    query: request.query,
    headers,
    body: parse(request.body),
  };
}

function parse(body: string): unknown {
  if (body === '') return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}
