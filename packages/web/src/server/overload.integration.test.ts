import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RenderRequest, RenderResult, SiteRenderer } from '../render/render-types.js';
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

// Pages are held inside the renderer until the test lets them go, so "more load than the
// process can serve" is exact, not a matter of timing.
let platform: TestPlatform;
let site: RunningSiteServer;
const held: (() => void)[] = [];
let holding = false;
let renders = 0;
const WELSH_HOST = 'www.aberwen.cymru';

function holdingRenderer(inner: SiteRenderer): SiteRenderer {
  return {
    // A Welsh tree under /cy and a Welsh host, so a refused Welsh page can be seen to be refused
    // in Welsh either way (a real site has one or the other; the host wins, as in the renderer).
    settings: { ...inner.settings, languagePaths: { cy: '/cy' }, languageHosts: { cy: WELSH_HOST } },
    async render(request: RenderRequest): Promise<RenderResult> {
      renders += 1;
      if (holding) await new Promise<void>((resume) => held.push(resume));
      return inner.render(request);
    },
  };
}

beforeAll(async () => {
  platform = await startTestPlatform();
  site = await startSiteServer({
    renderer: holdingRenderer(createSiteRenderer(fixtureSite)),
    assets: {
      entryModule: '/static/assets/entry-client-test.js',
      preloadModules: [],
      stylesheets: [],
      headModules: [],
      inlineModules: [],
    },
    platformUrl: platform.url,
    hosts: [...DEMO_HOSTS, `https://${WELSH_HOST}`],
    projectId: PROJECT_ID,
    deliveryToken: DELIVERY_TOKEN,
    port: 0,
    logger: false,
    environment: 'production',
    overload: {
      maxConcurrentPages: 3,
      maxQueuedPages: 2,
      maxQueueWaitMs: 60_000,
      retryAfterSeconds: 7,
      // Renders are held here as long as a test needs; the page budget has a test of its own.
      maxPageMs: 0,
    },
  });
});

afterAll(async () => {
  for (const resume of held) resume();
  await site?.close();
  await platform?.dispose();
});

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('a site under more load than it serves', () => {
  it('refuses the excess at once with 503 and Retry-After, while admitted pages complete', async () => {
    holding = true;
    const get = (path: string) => httpGet(site.url, path, { host: 'www.aberwen.example' });
    // 3 render, 2 wait in the queue, the other 5 are refused without waiting for anything.
    const admitted = Array.from({ length: 5 }, () => get('/'));
    await until(() => held.length === 3 && site.pages.queued === 2);
    const refused = await Promise.all([
      ...['/', '/', '/', '/cy/newyddion'].map((path) => get(path)),
      httpGet(site.url, '/newyddion', { host: WELSH_HOST }),
    ]);
    for (const answer of refused) {
      expect(answer.status).toBe(503);
      expect(answer.headers['retry-after']).toBe('7');
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
    for (const answer of refused.slice(0, 3))
      expect(answer.body).toContain('<h1>This site is very busy</h1>');
    // In the language of the page asked for, with that language's home page: under /cy its
    // prefix, on the Welsh host that host's root (a path: no address made from the Host header).
    for (const [answer, home] of [
      [refused[3], '/cy'],
      [refused[4], '/'],
    ] as const) {
      expect(answer?.body).toContain('<html lang="cy">');
      expect(answer?.body).toContain('<h1>Mae’r wefan hon yn brysur iawn</h1>');
      expect(answer?.body).toContain(`<a href="${home}">Mynd i’r hafan</a>`);
    }
    // Health checks and assets are not behind the gate.
    expect((await get('/__lbheartbeat__')).status).toBe(200);

    holding = false;
    while (held.length > 0) held.shift()?.();
    const answers = await Promise.all(admitted);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(renders).toBe(5);
    expect(site.pages.refused).toBe(5);
    // Every slot came back: a new burst is served again.
    const after = await Promise.all(Array.from({ length: 5 }, () => get('/')));
    expect(after.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
  });

  it('answers refused pages from their kept copies, and serves fresh copies without a render slot', async () => {
    const get = (path: string) => httpGet(site.url, path, { host: 'www.aberwen.example' });
    holding = false;
    expect((await get('/')).status).toBe(200);
    // Content changed: the copy may no longer be served as fresh, only as a stale fallback.
    site.clearCache();
    holding = true;
    const admitted = Array.from({ length: 5 }, () => get('/'));
    await until(() => held.length === 3 && site.pages.queued === 2);

    const stale = await get('/');
    expect(stale.status).toBe(200);
    expect(stale.headers['x-canopy-stale']).toBe('overload; outdated');
    expect(stale.headers.warning).toMatch(/^110 /);
    expect(stale.body).toContain('</html>');
    const none = await get('/no-such-page');
    expect(none.status).toBe(503);
    expect(none.headers['retry-after']).toBe('7');

    holding = false;
    while (held.length > 0) held.shift()?.();
    expect((await Promise.all(admitted)).map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);

    // A fresh rendering of '/' is kept now: it goes out even while every slot is taken.
    holding = true;
    const busy = Array.from({ length: 5 }, (_, index) => get(`/no-such-page-${index}`));
    await until(() => held.length === 3 && site.pages.queued === 2);
    const rendersBefore = renders;
    const fresh = await get('/');
    expect(fresh.status).toBe(200);
    expect(fresh.headers['x-canopy-stale']).toBeUndefined();
    expect(renders).toBe(rendersBefore);
    holding = false;
    while (held.length > 0) held.shift()?.();
    await Promise.all(busy);
  });
});

describe('a page that takes longer than its budget', () => {
  let slow: RunningSiteServer;
  const stuck: (() => void)[] = [];
  let stalling = false;

  beforeAll(async () => {
    const inner = createSiteRenderer(fixtureSite);
    slow = await startSiteServer({
      renderer: {
        settings: inner.settings,
        async render(request: RenderRequest): Promise<RenderResult> {
          if (stalling) await new Promise<void>((resume) => stuck.push(resume));
          return inner.render(request);
        },
      },
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
      logger: false,
      environment: 'production',
      overload: { maxConcurrentPages: 2, maxQueuedPages: 4, maxPageMs: 250, retryAfterSeconds: 9 },
    });
  });

  afterAll(async () => {
    for (const resume of stuck) resume();
    await slow?.close();
  });

  it('is answered with its kept copy, or a 503 with Retry-After, while its render is still stuck', async () => {
    const get = (path: string) => httpGet(slow.url, path, { host: 'www.aberwen.example' });
    stalling = false;
    expect((await get('/')).status).toBe(200);
    slow.clearCache();

    // With a slot to spare, a slow page is waited for past its budget.
    stalling = true;
    let slowDone = false;
    const slowPage = get('/about').then((answer) => {
      slowDone = true;
      return answer;
    });
    await until(() => stuck.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(slowDone).toBe(false);

    // At the limit (both slots taken), pages past their budget give way.
    const kept = await get('/');
    const none = await get('/no-such-page');
    // Both answers came while their renders were still waiting to be let go.
    expect(stuck).toHaveLength(3);
    expect(kept.status).toBe(200);
    expect(kept.headers['x-canopy-stale']).toBe('overload; outdated');
    expect(kept.body).toContain('</html>');
    expect(none.status).toBe(503);
    expect(none.headers['retry-after']).toBe('9');
    expect(none.body).toContain('This site is very busy');

    // The abandoned renders end without harm, and the site serves as before.
    stalling = false;
    while (stuck.length > 0) stuck.shift()?.();
    expect((await slowPage).status).not.toBe(503);
    expect((await get('/no-such-page')).status).toBe(404);
    expect((await get('/__lbheartbeat__')).status).toBe(200);
  });
});
