import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the server saw it. */
export interface RecordedRequest {
  method: string;
  /** Path without the query string, still percent-encoded as sent. */
  rawPath: string;
  /** Path, percent-decoded. */
  path: string;
  /** Query parameters, decoded. */
  query: Record<string, string>;
  /** Raw query string without `?`. */
  rawQuery: string;
  headers: IncomingHttpHeaders;
  /** Body text ('' when none). */
  body: string;
}

/** What the server answers; a function can decide per request. */
export interface CannedResponse {
  status?: number;
  headers?: Record<string, string>;
  /** Serialised as JSON unless a string. */
  body?: unknown;
  /** Milliseconds to wait before answering. */
  delay?: number;
}

/** A real HTTP server on 127.0.0.1 that records every request and answers as told. */
export interface RecordingServer {
  url: string;
  requests: RecordedRequest[];
  /** The last request; throws when there was none. */
  last(): RecordedRequest;
  respond(response: CannedResponse | ((request: RecordedRequest) => CannedResponse)): void;
  reset(): void;
  close(): Promise<void>;
}

/**
 * Starts a recording server on an ephemeral port.
 *
 * @example
 * const server = await startRecordingServer();
 * server.respond({ body: { id: 'website' } });
 */
export async function startRecordingServer(): Promise<RecordingServer> {
  const requests: RecordedRequest[] = [];
  let responder: (request: RecordedRequest) => CannedResponse = () => ({ body: {} });
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const rawPath = (req.url ?? '/').split('?')[0] ?? '/';
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        rawPath,
        path: decodeURIComponent(rawPath),
        query: Object.fromEntries(url.searchParams),
        rawQuery: url.search.replace(/^\?/, ''),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      const answer = responder(recorded);
      const send = () => {
        if (res.destroyed) return;
        const body =
          answer.body === undefined
            ? ''
            : typeof answer.body === 'string'
              ? answer.body
              : JSON.stringify(answer.body);
        res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers });
        res.end(body);
      };
      if (answer.delay) setTimeout(send, answer.delay);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    last() {
      const request = requests.at(-1);
      if (!request) throw new Error('No request was recorded');
      return request;
    },
    respond(response) {
      responder = typeof response === 'function' ? response : () => response;
    },
    reset() {
      requests.length = 0;
      responder = () => ({ body: {} });
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
