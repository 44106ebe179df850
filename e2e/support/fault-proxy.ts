import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A proxy in front of the platform that breaks the delivery calls of one path. */
export interface FaultProxy {
  /** e.g. `http://127.0.0.1:41234`: give it to the site as its platform. */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Starts an HTTP proxy on 127.0.0.1 that forwards everything to `target` unchanged, except
 * delivery calls whose URL names `failingSlug`: those get a 500 whose body holds `secret`
 * (a platform message with a file path, as a crashing platform would send). The site must
 * answer such a page with 500 and show none of it, like the framework's integration tests do
 * with their fake platform's `/nodes/broken`.
 */
export async function startFaultProxy(
  target: string,
  failingSlug: string,
  secret: string,
): Promise<FaultProxy> {
  const upstream = new URL(target);
  const server: Server = createServer((req, res) => {
    const url = req.url ?? '/';
    if (url.startsWith('/api/delivery/') && decodeURIComponent(url).includes(failingSlug)) {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ logId: 'e2e', message: secret, data: {}, type: 'error' }));
      return;
    }
    const forward = httpRequest(
      {
        hostname: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: url,
        headers: { ...req.headers, host: upstream.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
