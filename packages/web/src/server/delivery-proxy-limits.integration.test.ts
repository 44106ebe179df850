import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteRenderer } from '../render/renderer.js';
import { endToEndHeaders } from '../test-support/end-to-end-headers.js';
import { fixtureSite } from '../test-support/fixture-site.js';
import {
  DELIVERY_TOKEN,
  PROJECT_ID,
  startTestPlatform,
  type TestPlatform,
} from '../test-support/platform.js';
import { deliveryRequestProblem } from './delivery-proxy-rules.js';
import { createSiteServer, type SiteServer } from './site-server.js';

// The public delivery proxy answers only what the site's own pages ask (parameters, capped
// numbers), and no more than its rate limit per client address. A forwarder in front of the
// platform records the calls that reach it.

let platform: TestPlatform;
let forwarder: Server;
let site: SiteServer;
let now = 1_000_000;
const reached: string[] = [];
const P = `/api/delivery/projects/${PROJECT_ID}`;

function startForwarder(target: string): Promise<Server> {
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    reached.push(req.url ?? '/');
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
    req.pipe(forward);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

beforeAll(async () => {
  platform = await startTestPlatform();
  forwarder = await startForwarder(platform.url);
  site = await createSiteServer({
    renderer: createSiteRenderer(fixtureSite),
    platformUrl: `http://127.0.0.1:${(forwarder.address() as AddressInfo).port}`,
    projectId: PROJECT_ID,
    deliveryToken: DELIVERY_TOKEN,
    contentChanges: false,
    logger: false,
    pageCacheSeconds: 0,
    deliveryRateLimit: { perMinute: 60, burst: 40 },
    now: () => now,
  });
}, 60_000);

afterAll(async () => {
  await site?.close();
  await new Promise((resolve) => forwarder?.close(resolve));
  await platform?.dispose();
});

const get = (url: string, remoteAddress = '127.0.0.1') => site.app.inject({ url, remoteAddress });

describe('the delivery proxy’s parameter rules', () => {
  it('would pass every delivery call the site’s own pages make', async () => {
    reached.length = 0;
    for (const page of ['/', '/courses', '/courses/bsc-marine-biology', '/?redux=true'])
      expect((await get(page, '10.0.0.1')).statusCode).toBe(200);
    const calls = reached.filter((url) => url.startsWith('/api/delivery/'));
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(deliveryRequestProblem('GET', call), call).toBeNull();
  });

  it('answers the calls the site makes', async () => {
    const answer = await get(`${P}/entries?linkDepth=1&pageIndex=0&pageSize=25`, '10.0.0.2');
    expect(answer.statusCode).toBe(200);
  });

  it.each([
    [`${P}/entries?pageSize=10000&linkDepth=10`, /pageSize/],
    [`${P}/entries?pagesize=10000`, /pagesize/],
    [`${P}/entries?linkDepth=10`, /linkDepth/],
    [`${P}/nodes/root?depth=2&entryLinkDepth=10`, /entryLinkDepth/],
    [`${P}/entries?pageSize=10&cacheBuster=1`, /'cacheBuster' is not accepted/],
  ])('refuses %s with a 400 that says why, without asking the platform', async (url, message) => {
    reached.length = 0;
    const answer = await get(url, '10.0.0.3');
    expect(answer.statusCode).toBe(400);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.json().message).toMatch(message);
    expect(reached).toEqual([]);
  });

  it('checks searches sent as POST too', async () => {
    const post = (body: unknown) =>
      site.app.inject({
        method: 'POST',
        url: `${P}/entries/search`,
        remoteAddress: '10.0.0.4',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    expect((await post({ pageIndex: 0, pageSize: 25, where: [] })).statusCode).toBe(200);
    const refused = await post({ pageIndex: 0, pageSize: 10_000, where: [] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/pageSize/);
    expect((await post({ where: [], nonce: 1 })).statusCode).toBe(400);
  });
});

describe('the delivery proxy’s rate limit', () => {
  it('answers 429 with Retry-After past the burst, per address, until tokens come back', async () => {
    const url = `${P}/entries?pageSize=1`;
    const statuses: number[] = [];
    for (let i = 0; i < 41; i++) statuses.push((await get(url, '10.9.9.9')).statusCode);
    expect(statuses.slice(0, 40).every((status) => status === 200)).toBe(true);
    const limited = await get(url, '10.9.9.9');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(limited.json().message).toMatch(/Too many requests/);
    // Another address is not held back, and pages are not limited at all.
    expect((await get(url, '10.9.9.8')).statusCode).toBe(200);
    expect((await get('/', '10.9.9.9')).statusCode).toBe(200);
    now += 2_000;
    expect((await get(url, '10.9.9.9')).statusCode).toBe(200);
  });
});
