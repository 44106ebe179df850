import { createSiteRenderer, type RunningSiteServer } from '@canopy/web';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpGet } from '../../packages/web/src/test-support/http.js';
import { startTestPlatform, type TestPlatform } from '../../packages/web/src/test-support/platform.js';
import { site as demoSite } from './site.js';
import { startSourceSite } from './test/source-site.js';

// Search in Welsh (issue 28 point 4): a real platform seeded with the demo and the demo site
// rendered from source, over real HTTP. The Welsh search (/cy/chwilio) finds Welsh pages through
// any mutated form of a word; the English search (/search) finds English pages only.

const HOST = 'www.aberwen.example';

interface Item {
  entryTitle: string;
  sys: { id: string; language: string };
}

let platform: TestPlatform;
let site: RunningSiteServer;

beforeAll(async () => {
  platform = await startTestPlatform({ today: '2026-09-01' });
  site = await startSourceSite(platform.url, {
    renderer: createSiteRenderer(demoSite),
    logger: { level: 'silent' },
  });
});

afterAll(async () => {
  await site?.close();
  await platform?.dispose();
});

const get = (path: string) => httpGet(site.url, path, { host: HOST });

/** The results a search page shows, read from its state. */
async function results(path: string, facet: string): Promise<Item[]> {
  const answer = await get(`${path}${path.includes('?') ? '&' : '?'}redux=true`);
  expect(answer.status, path).toBe(200);
  const state = JSON.parse(answer.body) as {
    search: { facets: Record<string, { entries: { items: Item[]; isError: boolean } }> };
  };
  const found = state.search.facets[facet]!;
  expect(found.entries.isError, path).toBe(false);
  return found.entries.items;
}

const titles = (items: Item[]) => items.map((item) => item.entryTitle);

describe('search in Welsh', () => {
  it('finds a Welsh course through a mutated form of its name', async () => {
    // The course says "y Gyfraith" and "i gyfraith" only: the dictionary form finds it.
    const page = await get('/cy/chwilio/courses?term=cyfraith');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<html lang="cy">');
    expect(page.body).toContain('href="/cy/cyrsiau/llb-y-gyfraith"');
    // The highlight marks the mutated form the search matched.
    expect(page.body).toContain('LLB y <mark>Gyfraith</mark>');
    const items = await results('/cy/chwilio/courses?term=cyfraith', 'courses');
    expect(titles(items)).toContain('LLB y Gyfraith');
    for (const item of items) expect(item.sys.language).toBe('cy');
    // And a mutated form finds the dictionary form: "fywyd" (soft) finds "Bywyd".
    expect(titles(await results('/cy/chwilio/courses?term=fywyd', 'courses'))).toEqual(
      expect.arrayContaining(['MSc Cadwraeth Bywyd Gwyllt', 'BSc Bioleg y Môr']),
    );
  });

  it('finds "Prifysgol" pages for "Mhrifysgol" on the Everything tab', async () => {
    const items = await results('/cy/chwilio/all?term=Mhrifysgol', 'all');
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(item.sys.language).toBe('cy');
  });

  it('finds English pages only for an English search', async () => {
    const items = await results('/search/courses?term=law', 'courses');
    expect(titles(items)).toContain('LLB Law');
    for (const item of items) expect(item.sys.language).toBe('en-GB');
    // English words are not Welsh mutations: the Welsh dictionary form finds nothing in English.
    expect(await results('/search/courses?term=cyfraith', 'courses')).toEqual([]);
  });
});
