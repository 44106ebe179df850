import { afterEach, describe, expect, it } from 'vitest';
import type { RenderRequest, RenderResult, SiteRenderer } from '../render/render-types.js';
import type { SiteServerOptions } from './options.js';
import { DEMO_HOSTS } from './site-hosts.js';
import { createSiteServer, type SiteServer } from './site-server.js';

// The page cache: an anonymous page's last rendering is served again for a few seconds, until
// content changes. A counting renderer shows exactly which requests rendered.

let renders = 0;
let during: (() => void) | null = null;
let clock = 1_000_000;
let server: SiteServer | null = null;

const renderer: SiteRenderer = {
  settings: { name: 'Test', language: 'en-GB', trailingSlashRedirectStatus: 302 },
  render: async (request: RenderRequest): Promise<RenderResult> => {
    renders += 1;
    during?.();
    return {
      kind: 'html',
      status: 200,
      body: `<!DOCTYPE html><h1>Render ${renders} of ${request.url}</h1><script nonce="${request.nonce}">1</script>`,
      surrogateKeys: ['project:website', 'node:1'],
    };
  },
};

async function site(options: Partial<SiteServerOptions> = {}): Promise<SiteServer> {
  server = await createSiteServer({
    renderer,
    platformUrl: 'http://127.0.0.1:9',
    hosts: DEMO_HOSTS,
    projectId: 'website',
    deliveryToken: 'token',
    logger: false,
    now: () => clock,
    getSession: ({ headers }) =>
      typeof headers['x-user'] === 'string' ? { user: { id: 'u', groups: [] } } : null,
    ...options,
  });
  return server;
}

const get = (app: SiteServer, url: string, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'GET', url, headers: { host: 'www.aberwen.example', ...headers } });

/** The nonce the page's script carries, and the one its CSP allows. */
function nonces(answer: { body: string; headers: Record<string, unknown> }) {
  return {
    body: /nonce="([^"]+)"/.exec(answer.body)?.[1],
    csp: /'nonce-([^']+)'/.exec(String(answer.headers['content-security-policy']))?.[1],
  };
}

afterEach(async () => {
  await server?.close();
  server = null;
  renders = 0;
  during = null;
});

describe('the page cache', () => {
  it('serves an anonymous page again without rendering, with a nonce of its own and its age', async () => {
    const app = await site();
    const first = await get(app, '/a');
    clock += 3_000;
    const second = await get(app, '/a');
    expect(renders).toBe(1);
    expect(second.statusCode).toBe(200);
    expect(second.body.replace(/nonce="[^"]+"/, '')).toBe(first.body.replace(/nonce="[^"]+"/, ''));
    const { body, csp } = nonces(second);
    expect(body).toBe(csp);
    expect(body).not.toBe(nonces(first).body);
    expect(second.headers.age).toBe('3');
    expect(second.headers['surrogate-key']).toBe(first.headers['surrogate-key']);
    expect(second.headers['surrogate-control']).toBe(first.headers['surrogate-control']);
    expect(second.headers.etag).toBe(first.headers.etag);

    const revalidated = await get(app, '/a', { 'if-none-match': String(first.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
    expect(renders).toBe(1);
    // Other addresses and formats are pages of their own.
    await get(app, '/b');
    await get(app, '/a?redux=true');
    expect(renders).toBe(3);
  });

  it('renders again once the seconds are up or content changed', async () => {
    const app = await site({ pageCacheSeconds: 5 });
    await get(app, '/a');
    clock += 5_000;
    expect((await get(app, '/a')).body).toContain('Render 2');
    app.clearCache();
    expect((await get(app, '/a')).body).toContain('Render 3');
    expect((await get(app, '/a')).body).toContain('Render 3');
  });

  it('does not reuse a rendering that straddled a content change', async () => {
    const app = await site();
    during = () => app.clearCache();
    await get(app, '/a');
    during = null;
    expect((await get(app, '/a')).body).toContain('Render 2');
    expect((await get(app, '/a')).body).toContain('Render 2');
  });

  it('renders every request of signed-in visitors, and every request when turned off', async () => {
    const app = await site();
    await get(app, '/a', { 'x-user': 'u' });
    await get(app, '/a', { 'x-user': 'u' });
    expect(renders).toBe(2);
    await server?.close();
    const off = await site({ pageCacheSeconds: 0 });
    await get(off, '/a');
    await get(off, '/a');
    expect(renders).toBe(4);
  });
});
