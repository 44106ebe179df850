import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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

// The browser's delivery calls through the site read the same server cache as rendering does.
// A forwarder in front of the platform records every call that reaches it.

let platform: TestPlatform;
let forwarder: Server;
let site: RunningSiteServer;
const reached: { method: string; url: string }[] = [];

function startForwarder(target: string): Promise<Server> {
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    reached.push({ method: req.method ?? 'GET', url: req.url ?? '/' });
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

const HOST = { host: 'www.aberwen.example' };
const deliveryCalls = () => reached.filter((call) => call.url.startsWith('/api/delivery/'));

beforeAll(async () => {
  platform = await startTestPlatform();
  forwarder = await startForwarder(platform.url);
  site = await startSiteServer({
    renderer: createSiteRenderer(fixtureSite),
    assets: {
      entryModule: '/static/assets/entry-client-test.js',
      preloadModules: [],
      stylesheets: [],
      headModules: [],
      inlineModules: [],
    },
    platformUrl: `http://127.0.0.1:${(forwarder.address() as AddressInfo).port}`,
    hosts: DEMO_HOSTS,
    projectId: PROJECT_ID,
    deliveryToken: DELIVERY_TOKEN,
    port: 0,
    logger: false,
    environment: 'production',
    pageCacheSeconds: 0,
  });
});

afterAll(async () => {
  await site?.close();
  await new Promise((resolve) => forwarder?.close(resolve));
  await platform?.dispose();
});

beforeEach(() => {
  site.clearCache();
  reached.length = 0;
});

describe('the delivery proxy', () => {
  it('answers calls a rendered page made from the server cache, without asking the platform', async () => {
    expect((await httpGet(site.url, '/', HOST)).status).toBe(200);
    const loaded = deliveryCalls().filter((call) => call.method === 'GET');
    expect(loaded.length).toBeGreaterThan(0);
    const rendered = deliveryCalls().length;

    reached.length = 0;
    for (const call of loaded) {
      const answer = await httpGet(site.url, call.url, HOST);
      expect(answer.status, call.url).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(() => JSON.parse(answer.body)).not.toThrow();
      expect(answer.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    }
    expect(deliveryCalls()).toEqual([]);
    expect(rendered).toBeGreaterThan(0);
  });

  it('keeps what the browser loaded for the next call, shares concurrent calls, and forgets on a content change', async () => {
    const path = `/api/delivery/projects/${PROJECT_ID}/nodes/root?depth=2&language=en-GB`;
    const answers = await Promise.all([1, 2, 3].map(() => httpGet(site.url, path, HOST)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(deliveryCalls()).toHaveLength(1);
    // The token is the server's, never the browser's.
    expect(deliveryCalls()[0]?.url).not.toContain('accessToken');

    expect((await httpGet(site.url, path, HOST)).body).toBe(answers[0]?.body);
    expect(deliveryCalls()).toHaveLength(1);

    site.clearCache();
    expect((await httpGet(site.url, path, HOST)).status).toBe(200);
    expect(deliveryCalls()).toHaveLength(2);
  });

  it('caches searches sent as POST by their body, and passes failures on without keeping them', async () => {
    const path = `/api/delivery/projects/${PROJECT_ID}/entries/search`;
    const search = (where: unknown) =>
      httpGet(site.url, path, {
        ...HOST,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ where, pageSize: 5 }),
      });
    const first = await search([{ field: 'sys.contentTypeId', equalTo: 'course' }]);
    expect(first.status).toBe(200);
    expect(JSON.parse(first.body).items.length).toBeGreaterThan(0);
    expect((await search([{ field: 'sys.contentTypeId', equalTo: 'course' }])).body).toBe(first.body);
    expect(deliveryCalls()).toHaveLength(1);
    await search([{ field: 'sys.contentTypeId', equalTo: 'newsArticle' }]);
    expect(deliveryCalls()).toHaveLength(2);

    const missing = `/api/delivery/projects/${PROJECT_ID}/entries/00000000-0000-4000-8000-000000000000`;
    const notFound = await httpGet(site.url, missing, HOST);
    expect(notFound.status).toBe(404);
    expect(notFound.headers['cache-control']).toBe('private, no-store');
    await httpGet(site.url, missing, HOST);
    expect(deliveryCalls().filter((call) => call.url.startsWith(missing))).toHaveLength(2);
  });

  it('sends a cached answer compressed as the browser accepts, the same bytes each time', async () => {
    const path = `/api/delivery/projects/${PROJECT_ID}/nodes/root?depth=2&language=en-GB`;
    const plain = await httpGet(site.url, path, HOST);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const get = (acceptEncoding: string) =>
      httpGet(site.url, path, { ...HOST, headers: { 'accept-encoding': acceptEncoding } });

    const [first, second] = [await get('gzip, deflate, br'), await get('gzip, deflate, br')];
    expect(first?.headers['content-encoding']).toBe('br');
    expect(first?.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(first?.headers['content-length'])).toBe(first?.bytes.length);
    expect(first?.bytes.length).toBeLessThan(plain.bytes.length / 2);
    expect(brotliDecompressSync(first?.bytes ?? Buffer.alloc(0)).toString('utf8')).toBe(plain.body);
    expect(second?.bytes.equals(first?.bytes ?? Buffer.alloc(0))).toBe(true);
    expect(second?.headers['cache-control']).toMatch(/^private, max-age=\d+$/);

    const gzipped = await get('gzip;q=1, br;q=0.5');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.bytes).toString('utf8')).toBe(plain.body);
    expect((await get('identity')).body).toBe(plain.body);
    // One platform call for all of them: the copies come from the one cached answer.
    expect(deliveryCalls()).toHaveLength(1);
  });
});
