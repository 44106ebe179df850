import type { RunningSiteServer } from '@canopy/web';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpGet } from '../../packages/web/src/test-support/http.js';
import { startTestPlatform, type TestPlatform } from '../../packages/web/src/test-support/platform.js';
import { startSourceSite } from './test/source-site.js';

// The search and listing pages' interface in Welsh over real HTTP (issue 28 point 3): the
// count with its Welsh plural, the tabs, filters, sort and pager of /cy/chwilio and the Welsh
// course listing come from the page's words; the same pages at the root stay English.
// Rendered from source (no build), against a platform seeded with the demo.

const HOST = 'www.aberwen.example';

let platform: TestPlatform;
let server: RunningSiteServer;

beforeAll(async () => {
  platform = await startTestPlatform({ today: '2026-09-01' });
  server = await startSourceSite(platform.url, {
    contentChanges: false,
    pageCacheSeconds: 0,
  });
}, 90_000);

afterAll(async () => {
  await server?.close();
  await platform?.dispose();
});

/** The page's HTML without its inlined state, so only what is rendered is read. */
async function page(path: string): Promise<string> {
  const answer = await httpGet(server.url, path, { host: HOST });
  expect(answer.status, path).toBe(200);
  return answer.body.replace(/<script\b[\s\S]*?<\/script>/g, '');
}

/** The text of the count's live region. */
const countOf = (html: string) => /class="search-result-count"[^>]*>([^<]*)</.exec(html)?.[1] ?? '';

const WELSH_COUNT = /^\d+ (canlyniad|ganlyniad|chanlyniad)|^Dim canlyniadau/;

describe('the search page in Welsh', () => {
  it('counts, names the tabs, filters and sort in Welsh', async () => {
    const html = await page('/cy/chwilio/courses?term=cyfraith');
    expect(html).toContain('<html lang="cy">');
    expect(countOf(html)).toMatch(WELSH_COUNT);
    expect(countOf(html)).toContain('ar gyfer “cyfraith”');
    expect(html).toContain('aria-label="Adrannau’r chwilio"');
    expect(html).toMatch(/>Astudio<span class="search-count"> \(\d+\)<\/span>/);
    expect(html).toMatch(/>Popeth<span class="search-count"> \(\d+\)<\/span>/);
    expect(html).toContain('<legend>Lefel astudio</legend>');
    expect(html).toContain('>Neidio i’r canlyniadau</a>');
    expect(html).toContain('>Trefnu yn ôl</label>');
    expect(html).toContain('>Y cyfatebiaeth orau</option>');
    for (const english of ['Skip to results', '>Study<', 'Sort by', 'Study level', ' results', 'Search for'])
      expect(html, english).not.toContain(english);
  });

  it("pages through the results in Welsh, the count's range included", async () => {
    const html = await page('/cy/chwilio/all');
    expect(countOf(html)).toMatch(/^\d+ (canlyniad|ganlyniad|chanlyniad), yn dangos 1–10$/);
    expect(html).toContain('aria-label="Tudalennau o ganlyniadau"');
    expect(html).toContain('aria-label="Tudalen 2"');
    expect(html).toMatch(/rel="next">Nesaf<\/a>/);
    expect(html).toContain('<span class="visually-hidden">Tudalen </span>1');
    expect(html).not.toContain('Next<');
  });

  it('lists Welsh courses with a Welsh count and heading', async () => {
    const html = await page('/cy/cyrsiau');
    expect(html).toContain('>Pob cwrs</h2>');
    expect(countOf(html)).toMatch(/^\d+ (cwrs|gwrs|chwrs)|^Dim cyrsiau/);
    expect(html).toContain('aria-label="Hidlo’r cyrsiau"');
    expect(html).not.toContain('All courses');
  });
});

describe('the search page in English', () => {
  it('stays English', async () => {
    const html = await page('/search/courses?term=law');
    expect(html).toContain('<html lang="en-GB">');
    expect(countOf(html)).toMatch(/^\d+ results? for “law”/);
    expect(html).toMatch(/>Study<span class="search-count"> \(\d+\)<\/span>/);
    expect(html).toContain('>Skip to results</a>');
    expect(html).toContain('>Sort by</label>');
    expect(html).not.toMatch(/canlyniad|Astudio|Neidio/);
  });

  it('lists English courses with an English count', async () => {
    const html = await page('/courses');
    expect(html).toContain('>All courses</h2>');
    expect(countOf(html)).toMatch(/^\d+ courses, showing 1–12$/);
  });
});
