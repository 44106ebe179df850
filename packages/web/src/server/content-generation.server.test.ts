import { afterEach, expect, it } from 'vitest';
import type { RenderResult, SiteRenderer } from '../render/render-types.js';
import { DEMO_HOSTS } from './site-hosts.js';
import { createSiteServer, type SiteServer } from './site-server.js';

// A page whose data was loaded while a content change arrived may show the old content, and
// the cache in front may have been purged already: no shared cache may keep that answer.

let server: SiteServer | null = null;

afterEach(async () => {
  await server?.close();
  server = null;
});

it('keeps a page that straddled a content change out of shared caches', async () => {
  let during: (() => void) | null = null;
  const renderer: SiteRenderer = {
    settings: { name: 'Test', language: 'en-GB', trailingSlashRedirectStatus: 302 },
    render: async (): Promise<RenderResult> => {
      during?.();
      return {
        kind: 'html',
        status: 200,
        body: '<h1>Page</h1>',
        surrogateKeys: ['project:website', 'entry:1'],
      };
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
  });
  const site = server;
  const get = () =>
    site.app.inject({ method: 'GET', url: '/page', headers: { host: 'www.aberwen.example' } });

  const calm = await get();
  expect(calm.headers['surrogate-control']).toMatch(/^max-age=3600/);
  expect(calm.headers['surrogate-key']).toBe('project:website entry:1');

  during = () => site.clearCache();
  const straddling = await get();
  expect(straddling.statusCode).toBe(200);
  expect(straddling.headers['surrogate-control']).toBe('no-store');
  expect(straddling.headers['surrogate-key']).toBeUndefined();

  during = null;
  expect((await get()).headers['surrogate-control']).toMatch(/^max-age=3600/);
});
