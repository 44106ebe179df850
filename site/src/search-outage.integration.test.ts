import { createSiteRenderer, type RunningSiteServer } from '@canopy/web';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HttpAnswer, httpGet } from '../../packages/web/src/test-support/http.js';
import { startTestPlatform, type TestPlatform } from '../../packages/web/src/test-support/platform.js';
import { startRecordingProxy } from '../../packages/web/src/test-support/recording-proxy.js';
import { site as demoSite } from './site.js';
import { startSourceSite } from './test/source-site.js';

// The demo site's search page, listings and minilists through platform outages, over real
// HTTP from a real platform seeded with the demo (rendered from source, no build). A page whose
// search failed because of the platform is a failed page: its last good copy marked stale,
// else a 503 no cache keeps for long; never a cached "Search is not available". The site's
// clock is the test's, so the delivery cache's minute passes without waiting.

const HOST = 'www.aberwen.example';
const HOUR_MS = 3_600_000;

/** How the proxy between the site and the platform treats searches (every other call passes). */
type SearchFault = 'none' | 'server-error' | 'bad-request' | 'dropped';

/**
 * A proxy in front of the platform that breaks its searches (`…/entries/search`, GET or POST) on
 * demand: a 500, a 400 (as for a query the platform refuses), or a connection closed without
 * an answer. Node lookups, the navigation and everything else reach the platform.
 */
async function startSearchFaultProxy(target: string): Promise<{
  url: string;
  fault: SearchFault;
  close(): Promise<void>;
}> {
  const control = { fault: 'none' as SearchFault };
  const running = await startRecordingProxy(
    target,
    () => undefined,
    ({ url }, res) => {
      if (control.fault === 'none' || !/\/entries\/search(\?|$)/.test(url)) return false;
      if (control.fault === 'dropped') res.socket?.destroy();
      else if (control.fault === 'bad-request') {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: 'The query is not valid' }));
      } else {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: 'Search index unavailable' }));
      }
      return true;
    },
  );
  return Object.assign(control, { url: running.url, close: running.close });
}

let platform: TestPlatform;
let proxy: Awaited<ReturnType<typeof startSearchFaultProxy>>;
let site: RunningSiteServer;
let clock = Date.UTC(2026, 8, 1, 9, 0, 0);

beforeAll(async () => {
  platform = await startTestPlatform({ today: '2026-09-01' });
  proxy = await startSearchFaultProxy(platform.url);
  site = await startSourceSite(proxy.url, {
    renderer: createSiteRenderer(demoSite),
    now: () => clock,
  });
});

afterAll(async () => {
  await site?.close();
  await proxy?.close();
  await platform?.dispose();
});

const get = (path: string) => httpGet(site.url, path, { host: HOST });

/** The answer's main content, without the layout around it. */
function mainOf(answer: HttpAnswer): string {
  return /<main[\s\S]*<\/main>/.exec(answer.body)?.[0] ?? '';
}

/** Checks the answer is a failure no cache keeps for long and nothing is kept of. */
function expectShortLivedFailure(answer: HttpAnswer, path: string): void {
  expect(answer.status, path).toBe(503);
  expect(answer.headers['retry-after'], path).toBe('30');
  expect(answer.headers['surrogate-control'], path).toBe('max-age=10');
  expect(answer.headers['surrogate-key'], path).toBeUndefined();
  expect(answer.headers['cache-control'], path).toBe('private');
  expect(answer.headers['x-canopy-stale'], path).toBeUndefined();
  expect(answer.headers.etag, path).toBeUndefined();
}

/** Checks the answer is the kept good copy of `fresh`, marked stale for `reason`. */
function expectStaleCopy(answer: HttpAnswer, fresh: HttpAnswer, reason: string, path: string): void {
  expect(answer.status, path).toBe(200);
  expect(answer.headers['x-canopy-stale'], path).toBe(reason);
  expect(answer.headers.warning, path).toBe('110 - "Response is Stale"');
  expect(answer.headers['surrogate-control'], path).toBe('max-age=10');
  expect(mainOf(answer), path).toBe(mainOf(fresh));
  expect(answer.body, path).not.toContain('not available right now');
}

describe('search pages with the platform stopped', () => {
  const served: Record<string, HttpAnswer> = {};

  it('answers a search page served before with its last good copy, marked stale', async () => {
    const path = '/search/courses?term=marine';
    const fresh = await get(path);
    expect(fresh.status).toBe(200);
    expect(mainOf(fresh)).toContain('Marine');
    expect(fresh.headers['surrogate-control']).toContain('max-age=3600');
    served[path] = fresh;

    // Later, another search refreshes the delivery cache's copies of the search node and the
    // navigation; then the platform stops. The page has all it needs but its search.
    clock += 2 * HOUR_MS;
    expect((await get('/search/courses?term=history')).status).toBe(200);
    await platform.stop();

    const stale = await get(path);
    expectStaleCopy(stale, fresh, 'unavailable', path);
    // The failed render did not replace the good copy.
    expectStaleCopy(await get(path), fresh, 'unavailable', path);
  });

  it('answers a search page never served 503 with a short lifetime and no surrogate keys', async () => {
    for (const path of [
      '/search/courses?term=oceanography',
      '/search/courses?term=oceanography&redux=true',
    ]) {
      const answer = await get(path);
      expectShortLivedFailure(answer, path);
    }
  });

  it('shows results at once when the platform is back', async () => {
    await platform.restart();
    for (const path of ['/search/courses?term=oceanography', '/search/courses?term=marine']) {
      const answer = await get(path);
      expect(answer.status, path).toBe(200);
      expect(answer.headers['x-canopy-stale'], path).toBeUndefined();
      expect(answer.body, path).not.toContain('not available right now');
      expect(answer.headers['surrogate-control'], path).toContain('max-age=3600');
    }
  });
});

describe('listings and minilists whose searches fail', () => {
  const served: Record<string, HttpAnswer> = {};
  const KEPT = ['/news', '/', '/search/courses?term=biology'];

  it('keeps good copies while searches work', async () => {
    proxy.fault = 'none';
    for (const path of KEPT) {
      const answer = await get(path);
      expect(answer.status, path).toBe(200);
      served[path] = answer;
    }
  });

  for (const [fault, reason] of [
    ['server-error', 'error'],
    ['dropped', 'unavailable'],
  ] as const) {
    it(`serves the kept copies, marked stale, when the platform's searches are ${fault}`, async () => {
      clock += 2 * HOUR_MS; // every delivery answer and page copy expired
      proxy.fault = fault;
      for (const path of KEPT) expectStaleCopy(await get(path), served[path] as HttpAnswer, reason, path);
    });

    it(`answers 503 for pages never served when searches are ${fault}`, async () => {
      // A listing page further on, and a course page with its related-courses minilist.
      for (const path of [
        '/events?when=past',
        '/courses/bsc-marine-biology',
        '/search/courses?term=ecology',
      ]) {
        expectShortLivedFailure(await get(path), path);
      }
    });
  }

  it('treats a search the platform refuses (the visitor’s input) as no outage', async () => {
    proxy.fault = 'bad-request';
    clock += 2 * HOUR_MS;
    const answer = await get('/search/courses?term=refused');
    expect(answer.status).toBe(200);
    expect(answer.headers['x-canopy-stale']).toBeUndefined();
    expect(answer.body).toContain('Search is not available right now.');
  });

  it('renders results at once once searches work again', async () => {
    proxy.fault = 'none';
    for (const path of ['/events?when=past', '/courses/bsc-marine-biology', '/search/courses?term=ecology']) {
      const answer = await get(path);
      expect(answer.status, path).toBe(200);
      expect(answer.headers['x-canopy-stale'], path).toBeUndefined();
      expect(answer.body, path).not.toContain('not available right now');
    }
  });
});
