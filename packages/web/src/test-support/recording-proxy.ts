import { createServer, request as httpRequest, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { endToEndHeaders } from './end-to-end-headers.js';

/** What {@link startRecordingProxy} hands its recorder for each request it forwards. */
export interface ForwardedRequest {
  method: string;
  /** Path and query as sent. */
  url: string;
  body: Buffer;
}

/** A running {@link startRecordingProxy}. */
export interface RecordingProxy {
  /** e.g. `http://127.0.0.1:41234`: give it to the site as its platform. */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Answers a request in the platform's place (a fault a test stages) and returns true, or
 * returns false to let it through.
 */
export type ProxyIntercept = (request: ForwardedRequest, response: ServerResponse) => boolean;

/**
 * A proxy in front of the platform that passes every request through unchanged and tells
 * `record` about each one first, so a test can count what the site asked of the platform;
 * `intercept`, when given, may answer a request itself instead (a staged outage).
 *
 * @example
 * const searches: string[] = [];
 * const proxy = await startRecordingProxy(platform.url, ({ url }) => searches.push(url));
 */
export async function startRecordingProxy(
  target: string,
  record: (request: ForwardedRequest) => void,
  intercept?: ProxyIntercept,
): Promise<RecordingProxy> {
  const upstream = new URL(target);
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { method: req.method ?? 'GET', url: req.url ?? '', body: Buffer.concat(chunks) };
      record(request);
      if (intercept?.(request, res)) return;
      const forward = httpRequest(
        {
          hostname: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path: req.url,
          headers: { ...endToEndHeaders(req.headers), host: upstream.host },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, endToEndHeaders(answer.headers));
          answer.pipe(res);
        },
      );
      forward.on('error', () => res.destroy());
      forward.end(request.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
