import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteRenderer } from '../render/renderer.js';
import { fixtureSite } from '../test-support/fixture-site.js';
import { type HttpAnswer, httpGet } from '../test-support/http.js';
import {
  DELIVERY_TOKEN,
  PROJECT_ID,
  startTestPlatform,
  type TestPlatform,
} from '../test-support/platform.js';
import type { Session } from '../user/session.js';
import { DEMO_HOSTS } from './site-hosts.js';
import { type RunningSiteServer, startSiteServer } from './site-server.js';

// A real platform and a real site on 127.0.0.1. The platform is closed while the site runs:
// pages the site served before stay up (marked stale) long after every cache expired, until
// the stale age runs out; pages it never served answer 503. The site's clock is the test's, so
// "two hours later" takes no time and no test waits on a timing threshold.

const PUBLIC_HOST = 'www.aberwen.example';
const HOUR_MS = 3_600_000;
let platform: TestPlatform;
let site: RunningSiteServer;
let clock = Date.UTC(2026, 10, 26, 9, 0, 0);
const log: { level: number; msg: string }[] = [];

/** Signed in when the request carries `x-test-user`. */
function testSession({ headers }: { headers: Readonly<Record<string, string | string[] | undefined>> }) {
  const user = headers['x-test-user'];
  return typeof user === 'string'
    ? ({ user: { id: user, username: user, groups: [] } } satisfies Session)
    : null;
}

const get = (path: string, headers: Record<string, string> = {}) =>
  httpGet(site.url, path, { host: PUBLIC_HOST, headers });

function heading(answer: HttpAnswer): string | undefined {
  return /<h1>([^<]*)<\/h1>/.exec(answer.body)?.[1];
}

function nonces(answer: HttpAnswer): { header: string | undefined; body: string[] } {
  const csp = String(answer.headers['content-security-policy'] ?? '');
  return {
    header: /'nonce-([^']+)'/.exec(csp)?.[1],
    body: [...answer.body.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1] as string),
  };
}

beforeAll(async () => {
  platform = await startTestPlatform();
  site = await startSiteServer({
    renderer: createSiteRenderer(fixtureSite),
    assets: {
      entryModule: '/static/assets/entry-client-test.js',
      preloadModules: [],
      stylesheets: [],
      headModules: [],
      inlineModules: [],
    },
    platformUrl: platform.url,
    hosts: DEMO_HOSTS,
    projectId: PROJECT_ID,
    deliveryToken: DELIVERY_TOKEN,
    port: 0,
    getSession: testSession,
    now: () => clock,
    logger: { level: 'info', stream: { write: (line: string) => log.push(JSON.parse(line)) } },
    environment: 'production',
  });
});

afterAll(async () => {
  await site?.close();
  await platform?.dispose();
});

describe('pages through a platform outage', () => {
  const fresh: Record<string, HttpAnswer> = {};

  it('serves fresh pages with stale-if-error in their cache headers', async () => {
    for (const path of ['/', '/about', '/courses', '/about?redux=true']) {
      const answer = await get(path);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.warning).toBeUndefined();
      expect(answer.headers['x-canopy-stale']).toBeUndefined();
      expect(answer.headers['cache-control']).toBe('private, stale-if-error=86400');
      fresh[path] = answer;
    }
    // Seen only by a signed-in visitor: never kept for anyone.
    expect((await get('/news', { 'x-test-user': 'ann' })).status).toBe(200);
  });

  it('keeps serving them, marked stale, after the platform went away and every cache expired', async () => {
    await platform.stop();
    clock += 2 * HOUR_MS; // past the delivery cache's 60 s and the pages' one-hour max-age

    for (const path of ['/', '/about', '/courses']) {
      const answer = await get(path);
      expect(answer.status, path).toBe(200);
      expect(heading(answer)).toBe(heading(fresh[path] as HttpAnswer));
      expect(answer.headers.warning).toBe('110 - "Response is Stale"');
      expect(answer.headers['x-canopy-stale'], path).toBe('unavailable');
      expect(answer.headers.age).toBe('7200');
      // A stale answer is kept by caches in front no longer than an error page.
      expect(answer.headers['cache-control']).toBe('private');
      expect(answer.headers['surrogate-control']).toBe('max-age=10');
      expect(answer.headers['surrogate-key']).toBe(fresh[path]?.headers['surrogate-key']);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      // Its scripts carry this answer's nonce, not the one the page was first sent with.
      const now = nonces(answer);
      const then = nonces(fresh[path] as HttpAnswer);
      expect(now.header).toBeTruthy();
      expect(now.header).not.toBe(then.header);
      expect(now.body.length).toBeGreaterThan(0);
      expect(now.body.every((nonce) => nonce === now.header)).toBe(true);
    }
    const state = await get('/about?redux=true');
    expect(state.status).toBe(200);
    expect(state.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(state.body).toBe(fresh['/about?redux=true']?.body);
    expect(state.headers['x-canopy-stale']).toBe('unavailable');

    const warnings = log.filter((line) => line.msg.startsWith('Serving a stale copy of /about'));
    expect(warnings.length).toBeGreaterThan(0);
    expect(warnings.every((line) => line.level === 40)).toBe(true);
  });

  it('answers 503 for a page it never served, and for pages only a signed-in visitor saw', async () => {
    for (const [path, headers] of [
      ['/about/governance', {}],
      ['/news', {}],
      ['/about', { 'x-test-user': 'ann' }],
      ['/about?page=2', {}],
    ] as const) {
      const answer = await get(path, headers);
      expect(answer.status, path).toBe(503);
      expect(answer.headers['retry-after']).toBe('30');
      expect(answer.headers['x-canopy-stale']).toBeUndefined();
      expect(answer.body).toContain('<h1>503 Page Not Found</h1>');
    }
  });

  it('serves fresh pages again once the platform is back', async () => {
    await platform.restart();
    const answer = await get('/about');
    expect(answer.status).toBe(200);
    expect(answer.headers.warning).toBeUndefined();
    expect(answer.headers['x-canopy-stale']).toBeUndefined();
    expect(answer.headers.age).toBeUndefined();
    expect(answer.headers['cache-control']).toBe('private, stale-if-error=86400');
    expect((await get('/about/governance')).status).toBe(200);
  });

  it('stops serving a copy once it is older than the stale age (a day)', async () => {
    await platform.stop();
    clock += 23 * HOUR_MS;
    const young = await get('/about');
    expect(young.status).toBe(200);
    expect(young.headers.age).toBe(String(23 * 3600));
    clock += 2 * HOUR_MS;
    expect((await get('/about')).status).toBe(503);
    await platform.restart();
    expect((await get('/about')).status).toBe(200);
  });
});
