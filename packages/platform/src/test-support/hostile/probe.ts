import fc from 'fast-check';
import { hostileBody, hostileContentType, hostileHeaders, hostileQuery, hostileSegment } from './inputs.js';
import { type RawRequest, type RawResponse, RequestHangError, rawRequest } from './raw-http.js';

/** A route as the server registered it, e.g. `{ method: 'GET', url: '/api/x/:id/*' }`. */
export interface Endpoint {
  method: string;
  url: string;
}

/** A request that broke a rule, with enough to replay it. */
export interface Finding {
  endpoint: string;
  problem: string;
  request: string;
}

/** Builds the request target of `endpoint` with each `:param` and `*` filled by `fill`. */
export function fillTarget(url: string, fill: (name: string) => string | Buffer, query: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (const segment of url.split('/')) {
    if (parts.length) parts.push(Buffer.from('/'));
    if (segment === '*') parts.push(Buffer.from(fill('*')));
    else if (segment.startsWith(':')) parts.push(Buffer.from(fill(segment.slice(1))));
    else parts.push(Buffer.from(segment));
  }
  return Buffer.concat([...parts, query]);
}

/** One random hostile request against `endpoint`. */
export function hostileRequest(
  endpoint: Endpoint,
  known: (param: string) => fc.Arbitrary<string | Buffer>,
  auth: fc.Arbitrary<Array<[string, string]>>,
): fc.Arbitrary<RawRequest> {
  const params = [...endpoint.url.matchAll(/:(\w+)|\*/g)].map((match) => match[1] ?? '*');
  const values = fc.tuple(
    ...params.map((name) =>
      fc.oneof({ weight: 2, arbitrary: known(name) }, { weight: 1, arbitrary: hostileSegment }),
    ),
  );
  const withBody = !['GET', 'HEAD', 'OPTIONS'].includes(endpoint.method);
  return fc
    .record({
      values,
      query: hostileQuery,
      body: withBody ? fc.option(hostileBody, { freq: 6 }) : fc.constant(null),
      type: hostileContentType,
      auth,
      headers: hostileHeaders,
    })
    .map(({ values, query, body, type, auth, headers }) => {
      let index = 0;
      const target = fillTarget(endpoint.url, () => values[index++] ?? '', query);
      return {
        method: endpoint.method,
        target,
        headers: [...auth, ...(type ? [['Content-Type', type] as [string, string]] : []), ...headers],
        ...(body ? { body } : {}),
      };
    });
}

/** Short printable form of a request for a finding (long values cut). */
export function describeRequest(request: RawRequest): string {
  const cut = (bytes: Buffer | string) => {
    const text = JSON.stringify(Buffer.from(bytes).toString('latin1'));
    return text.length > 160 ? `${text.slice(0, 160)}…(${Buffer.from(bytes).length} bytes)` : text;
  };
  const headers = (request.headers ?? []).map(([name, value]) => `${name}: ${cut(value)}`).join('; ');
  return `${request.method} ${cut(request.target)} [${headers}]${request.body ? ` body ${cut(request.body)}` : ''}`;
}

/** Rules every answer keeps; returns what was broken, or null. */
export function answerProblem(request: RawRequest, answer: RawResponse, allowed503: boolean): string | null {
  if (answer.status === 0) {
    // The server may close early on a body it refuses; that is an answer only if it said why.
    return `no HTTP answer (${answer.error ?? 'closed'})`;
  }
  if (answer.status >= 500 && !(answer.status === 503 && allowed503)) {
    return `${answer.status}: ${answer.body.toString('utf8').slice(0, 300)}`;
  }
  if (answer.status >= 400 && request.method !== 'HEAD' && answer.body.toString('utf8').trim().length < 3) {
    return `${answer.status} with no message in the body`;
  }
  return null;
}

/** Sends `request`, turning a hang into a finding instead of an exception. */
export async function send(
  port: number,
  request: RawRequest,
  timeoutMs: number,
): Promise<RawResponse | 'hang'> {
  try {
    return await rawRequest(port, request, timeoutMs);
  } catch (error) {
    if (error instanceof RequestHangError) return 'hang';
    throw error;
  }
}
