import { createServer, Agent as HttpAgent, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteRenderer } from '../render/renderer.js';
import { endToEndHeaders } from '../test-support/end-to-end-headers.js';
import { fixtureSite } from '../test-support/fixture-site.js';
import { httpGet } from '../test-support/http.js';
import {
  DELIVERY_TOKEN,
  PROJECT_ID,
  startTestPlatform,
  type TestPlatform,
} from '../test-support/platform.js';
import { DEMO_HOSTS } from './site-hosts.js';
import { type RunningSiteServer, startSiteServer } from './site-server.js';

// A middlebox between site and platform that closes kept connections on its own: every
// connection carries one call, and the next call written into it is cut off unanswered, as
// when a proxy's idle limit runs out just as the site reuses the connection. It says
// `Keep-Alive: timeout=72` as the platform (Fastify) does, so the site keeps connections.
// Pages must still render: their reads are sent again on a new connection.

let platform: TestPlatform;
let middlebox: Server;
let site: RunningSiteServer;
const cut: string[] = [];
const log: { level: number; msg: string }[] = [];
const upstreamAgent = new HttpAgent({ keepAlive: true });

beforeAll(async () => {
  platform = await startTestPlatform();
  const served = new WeakMap<Socket, number>();
  middlebox = createServer((req, res) => {
    const count = (served.get(req.socket) ?? 0) + 1;
    served.set(req.socket, count);
    if (count > 1) {
      cut.push(`${req.method} ${req.url}`);
      req.socket.destroy();
      return;
    }
    const forward = httpRequest(
      `${platform.url}${req.url ?? '/'}`,
      { method: req.method, headers: endToEndHeaders(req.headers), agent: upstreamAgent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, endToEndHeaders(answer.headers));
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  middlebox.keepAliveTimeout = 72_000;
  await new Promise<void>((resolve) => middlebox.listen(0, '127.0.0.1', resolve));
  site = await startSiteServer({
    renderer: createSiteRenderer(fixtureSite),
    platformUrl: `http://127.0.0.1:${(middlebox.address() as AddressInfo).port}`,
    hosts: DEMO_HOSTS,
    projectId: PROJECT_ID,
    deliveryToken: DELIVERY_TOKEN,
    port: 0,
    // Every page reads the platform: nothing answered from the site's caches.
    deliveryCache: false,
    pageCacheSeconds: 0,
    stalePages: false,
    logger: { level: 'info', stream: { write: (line: string) => log.push(JSON.parse(line)) } },
    environment: 'production',
  });
});

afterAll(async () => {
  await site?.close();
  middlebox?.closeAllConnections();
  await new Promise((resolve) => middlebox?.close(resolve));
  upstreamAgent.destroy();
  await platform?.dispose();
});

describe('kept platform connections closed by a middlebox', () => {
  it('do not turn pages into 503s: their reads are sent again on a new connection', async () => {
    for (const path of ['/about', '/about', '/']) {
      const page = await httpGet(site.url, path, { host: 'www.aberwen.example' });
      expect(page.status, path).toBe(200);
    }
    // The site did meet cut connections, and said so once for each.
    expect(cut.length).toBeGreaterThan(0);
    const retried = log.filter((line) => line.msg.includes('sent once more on a new connection'));
    expect(retried).toHaveLength(cut.length);
    expect(retried.every((line) => line.level === 40)).toBe(true);
    expect(log.filter((line) => line.level >= 50)).toEqual([]);
  });

  it('do not fail the browser’s calls through the delivery proxy', async () => {
    const before = cut.length;
    for (let call = 0; call < 3; call++) {
      const answer = await httpGet(site.url, `/api/delivery/projects/${PROJECT_ID}/nodes/root`, {
        host: 'www.aberwen.example',
      });
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toMatchObject({ path: '/' });
    }
    expect(cut.length).toBeGreaterThan(before);
    const retried = log.filter((line) => line.msg.includes('sent once more on a new connection'));
    expect(retried).toHaveLength(cut.length);
  });

  it('do not fail a browser’s search sent as POST through the delivery proxy', async () => {
    const before = cut.length;
    for (let call = 0; call < 3; call++) {
      const answer = await httpGet(site.url, `/api/delivery/projects/${PROJECT_ID}/entries/search`, {
        host: 'www.aberwen.example',
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ pageSize: call + 1 }),
      });
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body).items).toHaveLength(call + 1);
    }
    const searches = cut.slice(before).filter((line) => line.startsWith('POST '));
    expect(searches.length).toBeGreaterThan(0);
    const retried = log.filter((line) => line.msg.includes('sent once more on a new connection'));
    expect(retried).toHaveLength(cut.length);
  });
});
