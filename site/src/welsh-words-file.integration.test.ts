import type { RunningSiteServer } from '@canopy/web';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpGet } from '../../packages/web/src/test-support/http.js';
import { startTestPlatform, type TestPlatform } from '../../packages/web/src/test-support/platform.js';
import { startSourceSite } from './test/source-site.js';
import { WELSH_WORDS } from './test/welsh.js';

// A Welsh page names the file of its interface words instead of carrying them in its inline
// state (they were about 30 kB of its 44 kB): the file is answered once per language, cached
// for good under an address that changes with the words. Real platform, site from source.

const HOST = 'www.aberwen.example';

let platform: TestPlatform;
let server: RunningSiteServer;

beforeAll(async () => {
  platform = await startTestPlatform({ today: '2026-09-01' });
  server = await startSourceSite(platform.url, {
    publicUri: `https://${HOST}/`,
  });
});

afterAll(async () => {
  await server?.close();
  await platform?.dispose();
});

const get = (path: string) => httpGet(server.url, path, { host: HOST });

/** The inline state script's JSON (the page's own, before the browser puts anything back). */
function inlineState(html: string): { routing: Record<string, unknown>; consent?: unknown } {
  const json = /window\.__CANOPY_STATE__=(\{.*?\});(?:window|$)/s.exec(html)?.[1];
  if (!json) throw new Error('no inline state');
  return JSON.parse(json);
}

describe('the words of a Welsh page', () => {
  it('are named by the page and answered as a file of their own, cached for good', async () => {
    const page = await get('/cy/cyrsiau/bsc-bioleg-y-mor');
    expect(page.status).toBe(200);
    const { routing } = inlineState(page.body);
    expect(routing.words).toBeUndefined();
    expect(routing.wordsHref).toMatch(/^\/_canopy\/words\/cy\.[0-9a-f]{12}\.json$/);
    // The page itself is still Welsh without any script.
    expect(page.body).toContain('Dewislen</button>');
    expect(page.body).not.toContain('Skip to content');

    const file = await get(routing.wordsHref as string);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The words and the site's Welsh consent wording, which the page then leaves out too.
    const parts = JSON.parse(file.body);
    expect(parts.routing).toEqual({ words: WELSH_WORDS });
    expect(parts.consent.message).toContain('Cwcis ar y wefan hon.');
    expect(parts.consent.categories.map((category: { name: string }) => category.name)).toContain(
      'Angenrheidiol',
    );
    expect(inlineState(page.body).consent).toBeUndefined();

    // Every Welsh page names the same file; ?redux=true still carries the words themselves.
    const search = inlineState((await get('/cy/chwilio/courses?term=morol')).body);
    expect(search.routing.wordsHref).toBe(routing.wordsHref);
    const whole = JSON.parse((await get('/cy/cyrsiau/bsc-bioleg-y-mor?redux=true')).body);
    expect(whole.routing.words).toEqual(WELSH_WORDS);
    expect(whole.consent.categories).toEqual(parts.consent.categories);
    expect(whole.routing.wordsHref).toBeUndefined();
  });

  it('answers 404 for other words, the default language and languages the site does not have', async () => {
    const { routing } = inlineState((await get('/cy')).body);
    const href = routing.wordsHref as string;
    for (const path of [
      href.replace(/\.[0-9a-f]{12}\.json$/, '.000000000000.json'),
      href.replace('/cy.', '/en-GB.'),
      href.replace('/cy.', '/fr.'),
      '/_canopy/words/cy.json',
      '/_canopy/words/..%2Fcy.000000000000.json',
    ]) {
      expect((await get(path)).status, path).toBe(404);
    }
  });

  it('leaves English pages without words or a words file', async () => {
    const { routing } = inlineState((await get('/courses/bsc-marine-biology')).body);
    expect(routing.words).toBeUndefined();
    expect(routing.wordsHref).toBeUndefined();
  });
});
