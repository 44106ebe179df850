import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageAssets } from '../render/render-types.js';
import { createSiteRenderer } from '../render/renderer.js';
import type { SiteDefinition } from '../site/site-definition.js';
import { fixtureSite, SECRET_ERROR_TEXT } from '../test-support/fixture-site.js';
import { httpGet } from '../test-support/http.js';
import {
  DELIVERY_TOKEN,
  PROJECT_ID,
  startTestPlatform,
  type TestPlatform,
} from '../test-support/platform.js';
import { DEMO_HOSTS } from './site-hosts.js';
import { type RunningSiteServer, startSiteServer } from './site-server.js';

// 500 and 503 pages over real HTTP, from a real platform that is then stopped: they are the
// site's own pages (its layout, its not-found component and styles), never a bare page, and
// say nothing of the failure.

const PUBLIC_HOST = 'www.aberwen.example';
const ASSETS: PageAssets = {
  entryModule: '/static/assets/entry-client-test.js',
  preloadModules: ['/static/assets/chunk.js'],
  stylesheets: ['/static/assets/site.css'],
  headModules: [],
  inlineModules: [],
};

/** A component that fails while rendering, as a bug in a page would. */
function Broken(): never {
  throw new Error(SECRET_ERROR_TEXT);
}

/** The fixture site with a page that cannot render. */
const site: SiteDefinition = {
  ...fixtureSite,
  routes: [...(fixtureSite.routes ?? []), { path: '/broken-render', component: Broken }],
};

/** A site whose layout cannot render: no page of it can, its error pages included. */
const brokenLayoutSite: SiteDefinition = { ...fixtureSite, layout: Broken };

let platform: TestPlatform;
let servers: RunningSiteServer[] = [];
const errorLines: unknown[] = [];

async function startSite(definition: SiteDefinition): Promise<RunningSiteServer> {
  const server = await startSiteServer({
    renderer: createSiteRenderer(definition),
    assets: ASSETS,
    platformUrl: platform.url,
    hosts: DEMO_HOSTS,
    projectId: PROJECT_ID,
    deliveryToken: DELIVERY_TOKEN,
    port: 0,
    // No stale copies: these tests are about what a visitor sees without one.
    stalePages: false,
    deliveryCache: false,
    logger: {
      level: 'error',
      stream: { write: (line: string) => errorLines.push(JSON.parse(line)) },
    },
    environment: 'production',
  });
  servers.push(server);
  return server;
}

beforeAll(async () => {
  platform = await startTestPlatform();
});

afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
  await platform?.dispose();
});

/** The page is the site's: layout around the not-found component, styles, no script, no detail. */
function expectSitePage(body: string, status: number, reason: string): void {
  expect(body).toContain(`<h1>${status} Page Not Found</h1>`);
  expect(body).toContain(`<h2>${reason}</h2>`);
  expect(body).toContain('<nav aria-label="Main">');
  expect(body).toContain('<main>');
  expect(body).toContain('<link rel="stylesheet" href="/static/assets/site.css"/>');
  expect(body).not.toContain('<script');
  // Marked, so the site's styles can treat it as a page without script.
  expect(body).toMatch(/^<!DOCTYPE html><html lang="en-GB" data-scripts="none">/);
  expect(body).not.toContain(SECRET_ERROR_TEXT);
  expect(body).not.toContain(platform.url);
  expect(body).not.toContain('127.0.0.1');
}

describe('a page that fails to render', () => {
  it('answers 500 with the site layout, its navigation and the not-found component', async () => {
    const server = await startSite(site);
    const answer = await httpGet(server.url, '/broken-render', { host: PUBLIC_HOST });
    expect(answer.status).toBe(500);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['surrogate-control']).toBe('max-age=10');
    expect(String(answer.headers['content-security-policy'])).toContain("default-src 'self'");
    expectSitePage(answer.body, 500, 'Internal Server Error');
    // The platform is up, so the menu is there.
    expect(answer.body).toMatch(/<nav aria-label="Main">.*<a href="\/courses">Courses<\/a>/s);
    // The detail is in the log.
    expect(JSON.stringify(errorLines)).toContain(SECRET_ERROR_TEXT);
  });

  it('falls back to a plain page when the layout itself cannot render', async () => {
    const server = await startSite(brokenLayoutSite);
    const answer = await httpGet(server.url, '/about', { host: PUBLIC_HOST });
    expect(answer.status).toBe(500);
    expect(answer.body).toContain('<h1>Sorry, there is a problem with this page</h1>');
    expect(answer.body).not.toMatch(/<h1>[^<]*500/);
    expect(answer.body).not.toContain(SECRET_ERROR_TEXT);
  });
});

describe('the platform down', () => {
  it('answers 503 with the site layout (without the menu it cannot load) and Retry-After', async () => {
    const server = await startSite(site);
    expect((await httpGet(server.url, '/about', { host: PUBLIC_HOST })).status).toBe(200);
    await platform.stop();
    try {
      for (const path of ['/about', '/courses/bsc-marine-biology', '/courses/x/apply']) {
        const answer = await httpGet(server.url, path, { host: PUBLIC_HOST });
        expect(answer.status, path).toBe(503);
        expect(answer.headers['retry-after']).toBe('30');
        expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
        expectSitePage(answer.body, 503, 'The content platform is not available');
        expect(answer.body).toContain('<nav aria-label="Main"></nav>');
        expect(answer.body).toContain('<title>503 Page Not Found | Fixture University</title>');
      }
      const state = await httpGet(server.url, '/about?redux=true', { host: PUBLIC_HOST });
      expect(state.status).toBe(503);
      expect(JSON.parse(state.body).navigation.error).toEqual({
        isError: true,
        message: 'The content platform is not available',
      });
      expect(state.body).not.toContain(platform.url);
    } finally {
      await platform.restart();
    }
  });
});
