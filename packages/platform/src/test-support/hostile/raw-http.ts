import { connect } from 'node:net';

/** One request written byte for byte: nothing is normalised, validated or encoded. */
export interface RawRequest {
  method: string;
  /** The request target exactly as sent (may hold bytes no HTTP client would send). */
  target: string | Buffer;
  headers?: ReadonlyArray<readonly [string, string | Buffer]>;
  body?: Buffer;
}

/** What came back: the status (0 when the server closed without answering), headers, body. */
export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** Set when the connection failed before an answer arrived (e.g. reset mid-upload). */
  error?: string;
}

/** The request did not finish within its time: the server hung. */
export class RequestHangError extends Error {}

/**
 * Sends `request` over a fresh TCP connection (`Connection: close`) and reads the whole answer.
 * Hostile-input tests need this instead of fetch or node:http, which refuse or rewrite bad
 * request lines (raw NUL, overlong UTF-8, `..` segments) before they reach the server.
 *
 * @example
 * const answer = await rawRequest(port, { method: 'GET', target: '/api/%zz' }, 10_000);
 */
export function rawRequest(port: number, request: RawRequest, timeoutMs: number): Promise<RawResponse> {
  const head: Buffer[] = [
    Buffer.from(`${request.method} `, 'latin1'),
    typeof request.target === 'string' ? Buffer.from(request.target, 'utf8') : request.target,
    Buffer.from(' HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n', 'latin1'),
  ];
  for (const [name, value] of request.headers ?? []) {
    head.push(Buffer.from(`${name}: `, 'latin1'), Buffer.from(value), Buffer.from('\r\n'));
  }
  if (request.body) head.push(Buffer.from(`Content-Length: ${request.body.length}\r\n`));
  head.push(Buffer.from('\r\n'));
  if (request.body) head.push(request.body);

  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let failure: string | undefined;
    const socket = connect({ port, host: '127.0.0.1' });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new RequestHangError(`no complete answer within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error) => {
      failure = error.message;
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(parseResponse(Buffer.concat(chunks), failure));
    });
    // write, not end: a half-closed socket makes Node's server abort streamed answers (files).
    // `Connection: close` has the server close the connection once it has answered.
    socket.write(Buffer.concat(head));
  });
}

function parseResponse(bytes: Buffer, error: string | undefined): RawResponse {
  const split = bytes.indexOf('\r\n\r\n');
  if (split < 0) return { status: 0, headers: {}, body: Buffer.alloc(0), error: error ?? 'no answer' };
  const [statusLine = '', ...lines] = bytes.subarray(0, split).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = bytes.subarray(split + 4);
  if (/chunked/i.test(headers['transfer-encoding'] ?? '')) body = dechunk(body);
  return { status, headers, body, ...(error ? { error } : {}) };
}

function dechunk(bytes: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < bytes.length) {
    const lineEnd = bytes.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const size = Number.parseInt(bytes.subarray(at, lineEnd).toString('latin1'), 16);
    if (!Number.isFinite(size) || size === 0) break;
    parts.push(bytes.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}
