import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RecordedRequest } from './recording-server.js';

/** A server that holds `text/event-stream` responses open and writes to them on demand. */
export interface SseServer {
  url: string;
  requests: RecordedRequest[];
  /** Answer the next connections with this status and JSON body instead of a stream; `null` stops. */
  refuseWith(response: { status: number; body: unknown } | null): void;
  /** Writes to the open stream (text or raw bytes). */
  write(chunk: string | Uint8Array): void;
  /** Ends the open stream from the server side. */
  end(): void;
  /** Resolves when the open stream's client has gone away. */
  disconnected(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts a real HTTP server on 127.0.0.1 for event-stream tests. Each POST is recorded; the
 * response headers are flushed at once and the body stays open until `end()` or the client leaves.
 *
 * @example
 * const sse = await startSseServer();
 * sse.write('data: hello\n\n');
 */
export async function startSseServer(): Promise<SseServer> {
  const requests: RecordedRequest[] = [];
  let refusal: { status: number; body: unknown } | null = null;
  let current: ServerResponse | null = null;
  let gone: Promise<void> = Promise.resolve();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const rawPath = (req.url ?? '/').split('?')[0] ?? '/';
      requests.push({
        method: req.method ?? 'GET',
        rawPath,
        path: decodeURIComponent(rawPath),
        query: Object.fromEntries(url.searchParams),
        rawQuery: url.search.replace(/^\?/, ''),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      if (refusal) {
        res.writeHead(refusal.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(refusal.body));
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.flushHeaders();
      current = res;
      gone = new Promise((resolve) => res.on('close', () => resolve()));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const open = (): ServerResponse => {
    if (!current) throw new Error('No stream is open');
    return current;
  };
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    refuseWith(response) {
      refusal = response;
    },
    write(chunk) {
      open().write(chunk);
    },
    end() {
      open().end();
    },
    disconnected: () => gone,
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
