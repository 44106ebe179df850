import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import type { RenderRequest, RenderResult, SiteRenderer } from '../render/render-types.js';
import type { SiteServerOptions } from './options.js';
import { DEMO_HOSTS } from './site-hosts.js';
import { createSiteServer, type SiteServer } from './site-server.js';

// What the site keeps and serves as stale copies, decided from the renderer's outcomes: a
// scripted renderer plays the platform being up, erroring or gone, so every case is exact.

type Outcome = (request: RenderRequest) => RenderResult | Promise<RenderResult>;

const page = (title: string, extra: Partial<Extract<RenderResult, { kind: 'html' }>> = {}): Outcome => {
  return (request) => ({
    kind: 'html',
    status: 200,
    body: `<!DOCTYPE html><h1>${title}</h1><script nonce="${request.nonce}">1</script>`,
    surrogateKeys: ['project:website', 'node:1'],
    ...extra,
  });
};
const unavailable: Outcome = () => ({ kind: 'unavailable', status: 503, surrogateKeys: [] });
const platformError: Outcome = () => ({ kind: 'html', status: 500, body: '<h1>500</h1>', surrogateKeys: [] });
const renderBug: Outcome = () => ({ kind: 'error', status: 500 });
const thrown: Outcome = () => {
  throw new Error('renderer exploded');
};

let outcome: Outcome = page('Fresh');
let clock = 1_000_000;
let server: SiteServer | null = null;

async function site(options: Partial<SiteServerOptions> = {}): Promise<SiteServer> {
  const renderer: SiteRenderer = {
    settings: { name: 'Test', language: 'en-GB', trailingSlashRedirectStatus: 302 },
    render: async (request) => outcome(request),
  };
  server = await createSiteServer({
    renderer,
    platformUrl: 'http://127.0.0.1:9',
    hosts: DEMO_HOSTS,
    projectId: 'website',
    deliveryToken: 'token',
    logger: false,
    now: () => clock,
    // Every request renders: these tests script what each rendering returns.
    pageCacheSeconds: 0,
    getSession: ({ headers }) =>
      typeof headers['x-user'] === 'string' ? { user: { id: 'u', groups: [] } } : null,
    ...options,
  });
  return server;
}

const get = (app: SiteServer, url: string, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'GET', url, headers: { host: 'www.aberwen.example', ...headers } });

afterEach(async () => {
  await server?.close();
  server = null;
  outcome = page('Fresh');
});

describe('stale copies', () => {
  it('are served for platform errors, render failures and exceptions as well as outages', async () => {
    const app = await site();
    expect((await get(app, '/a')).statusCode).toBe(200);
    for (const [failure, reason] of [
      [unavailable, 'unavailable'],
      [platformError, 'error'],
      [renderBug, 'error'],
      [thrown, 'error'],
    ] as const) {
      outcome = failure;
      const answer = await get(app, '/a');
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toContain('<h1>Fresh</h1>');
      expect(answer.headers['x-canopy-stale']).toBe(reason);
      expect(answer.headers.warning).toBe('110 - "Response is Stale"');
      expect(answer.headers['surrogate-key']).toBe('project:website node:1');
    }
  });

  it('keep the newest good answer only', async () => {
    const app = await site();
    await get(app, '/a');
    outcome = page('Newer');
    await get(app, '/a');
    outcome = page('Broken', { degraded: true });
    expect((await get(app, '/a')).body).toContain('Broken');
    outcome = unavailable;
    expect((await get(app, '/a')).body).toContain('<h1>Newer</h1>');
  });

  it('are never kept from an answer that set a cookie, forbade storing, or was personal', async () => {
    const app = await site();
    app.app.addHook('onRequest', async (request, reply) => {
      if (request.url === '/cookie') reply.header('set-cookie', 'session=abc; HttpOnly');
      if (request.url === '/no-store') reply.header('surrogate-control', 'no-store');
    });
    await get(app, '/cookie');
    await get(app, '/mine', { 'x-user': 'ann' });
    outcome = unavailable;
    expect((await get(app, '/cookie')).statusCode).toBe(503);
    expect((await get(app, '/mine')).statusCode).toBe(503);
    expect((await get(app, '/mine', { 'x-user': 'ann' })).statusCode).toBe(503);
  });

  it('are not served to signed-in visitors, nor from a HEAD or POST', async () => {
    const app = await site();
    await app.app.inject({ method: 'HEAD', url: '/head', headers: { host: 'www.aberwen.example' } });
    await get(app, '/shared');
    outcome = unavailable;
    expect((await get(app, '/head')).statusCode).toBe(503);
    expect((await get(app, '/shared', { 'x-user': 'ann' })).statusCode).toBe(503);
    const head = await app.app.inject({
      method: 'HEAD',
      url: '/shared',
      headers: { host: 'www.aberwen.example' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['x-canopy-stale']).toBe('unavailable');
  });

  it('follow Vary: a copy goes only to requests with the same header values', async () => {
    const app = await site();
    app.app.addHook('onRequest', async (_request, reply) => {
      reply.header('vary', 'Cookie');
    });
    await get(app, '/v', { cookie: 'consent=all' });
    outcome = unavailable;
    expect((await get(app, '/v', { cookie: 'consent=all' })).statusCode).toBe(200);
    expect((await get(app, '/v', { cookie: 'consent=none' })).statusCode).toBe(503);
    expect((await get(app, '/v')).statusCode).toBe(503);
  });

  it('are kept per host name', async () => {
    const app = await site();
    await get(app, '/h');
    outcome = unavailable;
    expect((await get(app, '/h', { host: 'preview-aberwen.example' })).statusCode).toBe(503);
  });

  it('are kept from a streamed page once it has been sent whole', async () => {
    const app = await site();
    outcome = (request) => ({
      kind: 'html',
      status: 200,
      body: Readable.from([`<h1>Streamed</h1>`, `<script nonce="${request.nonce}"></script>`]),
      surrogateKeys: [],
    });
    expect((await get(app, '/s')).body).toContain('Streamed');
    outcome = unavailable;
    const stale = await get(app, '/s');
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toContain('<h1>Streamed</h1>');
  });

  it('survive a content change, marked outdated', async () => {
    const app = await site();
    await get(app, '/a');
    app.clearCache();
    outcome = unavailable;
    const answer = await get(app, '/a');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['x-canopy-stale']).toBe('unavailable; outdated');
    const heartbeat = await get(app, '/__heartbeat__');
    expect(JSON.parse(heartbeat.body).stalePages).toEqual({ pages: 1, outdated: 1 });
  });

  it('end at the configured age, and can be turned off', async () => {
    const short = await site({ stalePages: { maxAgeSeconds: 60 } });
    await get(short, '/a');
    expect((await get(short, '/a')).headers['cache-control']).toBe('private, stale-if-error=60');
    outcome = unavailable;
    clock += 59_000;
    expect((await get(short, '/a')).statusCode).toBe(200);
    clock += 1_000;
    expect((await get(short, '/a')).statusCode).toBe(503);
    await short.close();

    outcome = page('Fresh');
    const off = await site({ stalePages: false });
    const fresh = await get(off, '/a');
    expect(fresh.headers['cache-control']).toBe('private');
    outcome = unavailable;
    expect((await get(off, '/a')).statusCode).toBe(503);
  });
});
