import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteRenderer } from '../render/renderer.js';
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

// Wrong methods and malformed addresses, over real HTTP: the site's own error page (its layout
// and navigation, from a real platform), its security headers, and log lines at the level the
// mistake deserves.

const PUBLIC_HOST = 'www.aberwen.example';
let platform: TestPlatform;
let site: RunningSiteServer;
const log: { level: number; msg: string; err?: unknown; error?: unknown }[] = [];

const send = (
  method: string,
  path: string,
  extra: { body?: string; headers?: Record<string, string> } = {},
) => httpGet(site.url, path, { host: PUBLIC_HOST, method, ...extra });

beforeAll(async () => {
  platform = await startTestPlatform();
  site = await startSiteServer({
    renderer: createSiteRenderer(fixtureSite),
    assets: {
      entryModule: '/static/assets/entry-client-test.js',
      preloadModules: ['/static/assets/chunk.js'],
      stylesheets: ['/static/assets/site.css'],
      headModules: [],
      inlineModules: [],
    },
    platformUrl: platform.url,
    hosts: DEMO_HOSTS,
    projectId: PROJECT_ID,
    deliveryToken: DELIVERY_TOKEN,
    port: 0,
    logger: { level: 'info', stream: { write: (line: string) => log.push(JSON.parse(line)) } },
    environment: 'production',
  });
});

afterAll(async () => {
  await site?.close();
  await platform?.dispose();
});

function expectSecurityHeaders(headers: Record<string, unknown>): void {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(String(headers['content-security-policy'])).toContain("default-src 'self'");
}

/** The site's error page: its layout with the menu from the platform, and no script to run. */
function expectSiteErrorPage(body: string, status: number, reason: string): void {
  expect(body).toContain(`<h1>${status} Page Not Found</h1>`);
  expect(body).toContain(`<h2>${reason}</h2>`);
  expect(body).toMatch(/<nav aria-label="Main">.*<a href="\/courses">Courses<\/a>/s);
  expect(body).toContain('<link rel="stylesheet" href="/static/assets/site.css"/>');
  expect(body).not.toContain('<script');
}

describe('wrong methods', () => {
  it('answer 405 with Allow, through the site error page', async () => {
    for (const [method, path] of [
      ['POST', '/about'],
      ['DELETE', '/'],
      ['PUT', '/courses?x=1'],
      ['PATCH', '/static/assets/app.js'],
    ]) {
      const answer = await send(method as string, path as string);
      expect(answer.status, `${method} ${path}`).toBe(405);
      expect(answer.headers.allow).toBe('GET, HEAD, OPTIONS');
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(answer.headers['surrogate-control']).toBe('max-age=10');
      expectSecurityHeaders(answer.headers);
      expectSiteErrorPage(answer.body, 405, 'Method Not Allowed');
    }
  });

  it('name POST where a route takes it', async () => {
    const answer = await send('PUT', `/api/delivery/projects/${PROJECT_ID}/entries`);
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('GET, HEAD, POST, OPTIONS');
  });

  it('answer 405, not a parse error, whatever body they carry', async () => {
    const answer = await send('POST', '/about', {
      body: '{"broken json',
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('GET, HEAD, OPTIONS');
    const odd = await send('POST', '/about', { body: 'x', headers: { 'content-type': 'application/x-odd' } });
    expect(odd.status).toBe(405);
  });

  it('answer OPTIONS with the allowed methods', async () => {
    const answer = await send('OPTIONS', '/about');
    expect(answer.status).toBe(204);
    expect(answer.headers.allow).toBe('GET, HEAD, OPTIONS');
    expectSecurityHeaders(answer.headers);
  });
});

describe('malformed addresses', () => {
  it('answer 400 through the site error page, with the security headers', async () => {
    for (const path of ['/%FF', '/courses/%E0%A4%A', '/about%']) {
      const answer = await send('GET', path);
      expect(answer.status, path).toBe(400);
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      expectSecurityHeaders(answer.headers);
      expectSiteErrorPage(answer.body, 400, 'Bad Request');
    }
  });
});

describe('logging', () => {
  it('logs client errors at info without a stack, never at error', async () => {
    const lines = log.filter((line) =>
      /not allowed here|not a valid url|Unexpected|Unsupported/i.test(line.msg),
    );
    expect(lines.length).toBeGreaterThanOrEqual(3);
    for (const line of lines) {
      expect(line.level).toBe(30);
      expect(JSON.stringify(line)).not.toContain('"stack"');
    }
    expect(log.filter((line) => line.level >= 50)).toEqual([]);
  });

  it('still logs server errors at error, with the stack', async () => {
    const answer = await send('GET', '/boom');
    expect(answer.status).toBe(500);
    const errors = log.filter((line) => line.level === 50);
    expect(errors.length).toBeGreaterThan(0);
    expect(JSON.stringify(errors)).toContain('stack');
  });
});
