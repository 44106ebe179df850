import { createServer, type IncomingHttpHeaders, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FaultProxy, startFaultProxy } from './fault-proxy.js';

// A stand-in platform on 127.0.0.1 that keeps idle connections 72 s, as Fastify does (Node then
// answers `Keep-Alive: timeout=72`), and shows what reached it.
let platform: Server;
let proxy: FaultProxy;
let seen: IncomingHttpHeaders = {};

beforeAll(async () => {
  platform = createServer((req, res) => {
    seen = req.headers;
    if (req.url === '/streamed') {
      // No length: Node sends it chunked, which is this connection's business only.
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('first part, ');
      setImmediate(() => res.end('second part'));
      return;
    }
    if (req.url === '/named-hop') {
      // A connection-specific header the platform names in Connection: not for the next hop.
      res.writeHead(200, { connection: 'keep-alive, x-platform-hop', 'x-platform-hop': 'yes' });
      res.end('named');
      return;
    }
    // As Fastify answers: Node adds `Connection: keep-alive` and `Keep-Alive: timeout=72`.
    res.writeHead(200, { 'content-type': 'application/json', 'surrogate-key': 'node-1 entry-2' });
    res.end('{"ok":true}');
  });
  platform.keepAliveTimeout = 72_000;
  await new Promise<void>((resolve) => platform.listen(0, '127.0.0.1', resolve));
  const { port } = platform.address() as AddressInfo;
  proxy = await startFaultProxy(`http://127.0.0.1:${port}`, 'no-such-slug', 'unused');
});

afterAll(async () => {
  await proxy?.close();
  platform?.closeAllConnections();
  await new Promise((resolve) => platform?.close(resolve));
});

/** One GET through the proxy on a keep-alive connection of its own: status, headers, body. */
function get(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const call = request(
      `${proxy.url}${path}`,
      { headers: { connection: 'keep-alive', ...headers } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => {
          res.socket?.destroy();
          resolve({ headers: res.headers, body });
        });
      },
    );
    call.on('error', reject);
    call.end();
  });
}

describe('the fault proxy passes messages on, not connections', () => {
  it("advertises its own keep-alive, not the platform's 72 s it would close connections long before", async () => {
    const answer = await get('/api/delivery/projects/website/nodes/news');
    expect(answer.body).toBe('{"ok":true}');
    // The proxy's server (Node's default: 5 s, closed after about 6 s) speaks for its connection.
    expect(answer.headers['keep-alive']).toBe('timeout=5');
    expect(answer.headers.connection).toBe('keep-alive');
    // What the message says passes unchanged.
    expect(answer.headers['surrogate-key']).toBe('node-1 entry-2');
    expect(answer.headers['content-type']).toBe('application/json');
  });

  it('drops a header the platform names as its connection’s own', async () => {
    const answer = await get('/named-hop');
    expect(answer.body).toBe('named');
    expect(answer.headers).not.toHaveProperty('x-platform-hop');
  });

  it("keeps the site's connection headers from the platform", async () => {
    await get('/api/delivery/projects/website/nodes/news', {
      connection: 'keep-alive, x-site-hop',
      'keep-alive': 'timeout=600',
      'x-site-hop': 'yes',
      accesstoken: 'token',
    });
    expect(seen).not.toHaveProperty('x-site-hop');
    expect(seen['keep-alive']).toBeUndefined();
    expect(seen.accesstoken).toBe('token');
  });

  it('still streams an answer of unknown length whole', async () => {
    const answer = await get('/streamed');
    expect(answer.body).toBe('first part, second part');
  });
});
