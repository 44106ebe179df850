import { afterEach, describe, expect, it } from 'vitest';
import type { RenderRequest, RenderResult, SiteRenderer } from '../render/render-types.js';
import type { SiteServerOptions } from './options.js';
import { DEMO_HOSTS } from './site-hosts.js';
import { createSiteServer, type SiteServer } from './site-server.js';

// A page that rendered but shows a platform failure in place of content (a search, listing or
// minilist: the renderer's `outage`) is answered as a failed render: the kept copy, marked
// stale, else a short-lived 503; it is never kept, never reused and never cached for long. A
// scripted renderer plays the platform, so every case is exact.

type Outcome = (request: RenderRequest) => RenderResult;

const page =
  (title: string, outage?: number): Outcome =>
  (request) =>
    request.format === 'json'
      ? {
          kind: 'json',
          status: 200,
          body: JSON.stringify({ title }),
          surrogateKeys: ['listing:website'],
          outage,
        }
      : {
          kind: 'html',
          status: 200,
          body: `<!DOCTYPE html><h1>${title}</h1><script nonce="${request.nonce}">1</script>`,
          surrogateKeys: ['project:website', 'listing:website'],
          outage,
        };

let outcome: Outcome = page('Results');
let renders = 0;
let server: SiteServer | null = null;

async function site(options: Partial<SiteServerOptions> = {}): Promise<SiteServer> {
  const renderer: SiteRenderer = {
    settings: { name: 'Test', language: 'en-GB', trailingSlashRedirectStatus: 302 },
    render: async (request) => {
      renders += 1;
      return outcome(request);
    },
  };
  server = await createSiteServer({
    renderer,
    platformUrl: 'http://127.0.0.1:9',
    hosts: DEMO_HOSTS,
    projectId: 'website',
    deliveryToken: 'token',
    logger: false,
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
  outcome = page('Results');
  renders = 0;
});

describe('a page the platform failed in part', () => {
  it('gets the kept copy, marked stale, and does not replace it', async () => {
    const app = await site();
    expect((await get(app, '/search/courses?term=sea')).statusCode).toBe(200);
    for (const [status, reason] of [
      [503, 'unavailable'],
      [502, 'error'],
      [503, 'unavailable'],
    ] as const) {
      outcome = page('Search is not available right now.', status);
      const answer = await get(app, '/search/courses?term=sea');
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toContain('<h1>Results</h1>');
      expect(answer.headers['x-canopy-stale']).toBe(reason);
      expect(answer.headers['surrogate-control']).toBe('max-age=10');
    }
  });

  it('without a kept copy answers 503 as rendered, short-lived, with Retry-After and no surrogate keys', async () => {
    const app = await site();
    outcome = page('Search is not available right now.', 503);
    for (const url of ['/search/courses?term=sea', '/search/courses?term=sea&redux=true']) {
      const answer = await get(app, url);
      expect(answer.statusCode, url).toBe(503);
      expect(answer.headers['retry-after'], url).toBe('30');
      expect(answer.headers['cache-control'], url).toBe('private');
      expect(answer.headers['surrogate-control'], url).toBe('max-age=10');
      expect(answer.headers['surrogate-key'], url).toBeUndefined();
      expect(answer.headers.etag, url).toBeUndefined();
      expect(answer.headers['x-canopy-stale'], url).toBeUndefined();
      expect(answer.body, url).toContain('Search is not available right now.');
    }
    // Nothing of it was kept: once the platform answers, so does the page.
    outcome = page('Results');
    const back = await get(app, '/search/courses?term=sea');
    expect(back.statusCode).toBe(200);
    expect(back.headers['surrogate-control']).toContain('max-age=3600');
  });

  it('is never reused by the page cache', async () => {
    const app = await site({ pageCacheSeconds: 10 });
    outcome = page('Search is not available right now.', 503);
    expect((await get(app, '/news')).statusCode).toBe(503);
    outcome = page('Results');
    const next = await get(app, '/news');
    expect(next.statusCode).toBe(200);
    expect(next.body).toContain('<h1>Results</h1>');
    expect(renders).toBe(2);
  });

  it('is private to a signed-in visitor as any of their pages', async () => {
    const app = await site();
    outcome = page('Search is not available right now.', 503);
    const answer = await get(app, '/news', { 'x-user': 'ann' });
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(answer.headers['surrogate-control']).toBeUndefined();
  });
});
