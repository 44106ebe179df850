import { createSiteRenderer, type RunningSiteServer, type SearchState } from '@canopy/web';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpGet } from '../../packages/web/src/test-support/http.js';
import { startTestPlatform, type TestPlatform } from '../../packages/web/src/test-support/platform.js';
import {
  type RecordingProxy,
  startRecordingProxy,
} from '../../packages/web/src/test-support/recording-proxy.js';
import { site as demoSite } from './site.js';
import { startSourceSite } from './test/source-site.js';

// No dead ends for words (issue 25, point 3): a term whose words all together find nothing is
// searched again with any of them, and a misspelt term offers "Did you mean …". The demo site
// rendered from source over a real platform seeded with the demo; a proxy between them keeps
// every request the site sends, so the extra search can be counted.

const HOST = 'www.aberwen.example';
const TRAIN = 'how to get to aberwen by train';

let platform: TestPlatform;
let proxy: RecordingProxy;
/** Every request the proxy forwarded: method, decoded address and body. */
const requests: string[] = [];
let site: RunningSiteServer;

beforeAll(async () => {
  platform = await startTestPlatform({ today: '2026-09-01' });
  proxy = await startRecordingProxy(platform.url, ({ method, url, body }) => {
    requests.push(`${method} ${decodeURIComponent(url)} ${body.toString()}`);
  });
  site = await startSourceSite(proxy.url, {
    renderer: createSiteRenderer(demoSite),
    contentChanges: false,
    pageCacheSeconds: 0,
  });
});

afterAll(async () => {
  await site?.close();
  await proxy?.close();
  await platform?.dispose();
});

const get = (path: string) => httpGet(site.url, path, { host: HOST });
const searchPath = (facet: string, term: string) => `/search/${facet}?term=${encodeURIComponent(term)}`;

/** A search page's HTML and the platform requests its render sent. */
async function page(path: string): Promise<{ body: string; requests: string[] }> {
  requests.length = 0;
  const answer = await get(path);
  expect(answer.status, path).toBe(200);
  return { body: answer.body, requests: [...requests] };
}

/** A search page's state (`?redux=true`). */
async function stateOf(path: string): Promise<SearchState> {
  const answer = await get(`${path}&redux=true`);
  expect(answer.status, path).toBe(200);
  return (JSON.parse(answer.body) as { search: SearchState }).search;
}

const anyWordSearches = (requests: readonly string[]) =>
  requests.filter((request) => /\/entries\/search/.test(request) && /"operator":"or"/.test(request));

describe('any word when all the words find nothing', () => {
  it('shows results for some of the words, says so, and asks the platform once more', async () => {
    // What the site loads once (menus, taxonomies) out of the way of the counting.
    await page(searchPath('all', 'marine'));
    const train = await page(searchPath('all', TRAIN));
    expect(train.body).toContain('No results for all of your words — showing results for some of them.');
    expect(train.body).not.toContain('Nothing matches your search');
    const state = await stateOf(searchPath('all', TRAIN));
    const all = state.facets.all!;
    expect(all.someWords).toBe(true);
    expect(all.pagingInfo.totalCount).toBeGreaterThan(0);
    // Entries matching more and better words first: the page about getting here.
    const first = all.entries.items.slice(0, 3).map((entry) => entry.sys.uri);
    expect(first).toContain('/about/campus/getting-here');
    expect(all.featuredEntries.items).toEqual([]);

    // A search of as many words that all match: the same requests but the one with any word.
    const found = await page(searchPath('all', 'marine biology degree'));
    expect(found.body).not.toContain('some of your words');
    expect(anyWordSearches(found.requests)).toEqual([]);
    expect(anyWordSearches(train.requests)).toHaveLength(1);
    expect(train.requests.length, train.requests.join('\n')).toBe(found.requests.length + 1);
  });

  it('points to another facet that has all the words rather than matching some of them', async () => {
    const courses = await page(searchPath('courses', 'open day'));
    expect(courses.body).toMatch(/No courses match “open day” — <a [^>]*>\d+ results? in Everything<\/a>/);
    expect(courses.body).not.toContain('some of your words');
    expect(anyWordSearches(courses.requests)).toEqual([]);
  });

  it('makes no extra request for one word that finds nothing', async () => {
    const nothing = await page(searchPath('all', 'zzyzx'));
    expect(nothing.body).toContain('Nothing matches your search');
    expect(anyWordSearches(nothing.requests)).toEqual([]);
  });

  it('keeps matching any word on the next page', async () => {
    const state = await stateOf(`${searchPath('all', TRAIN)}&pageIndex=2`);
    expect(state.facets.all!.someWords).toBe(true);
    expect(state.facets.all!.entries.items.length).toBeGreaterThan(0);
  });
});

describe('did you mean', () => {
  it('offers "psychology" for "pyschology", a link to psychology results', async () => {
    const { body } = await page(searchPath('all', 'pyschology'));
    const link = body.match(/Did you mean <a href="([^"]+)"[^>]*>([^<]+)<\/a>/);
    expect(link, 'the suggestion').not.toBeNull();
    expect(link![2]).toBe('psychology');
    const href = link![1]!.replace(/&amp;/g, '&');
    expect(new URL(href, 'http://x').searchParams.get('term')).toBe('psychology');
    const state = await stateOf(searchPath('all', 'pyschology'));
    expect(state.facets.all!.correction).toBe('psychology');

    const followed = await stateOf(href);
    const titles = followed.facets.all!.entries.items.map((entry) => entry.entryTitle);
    expect(titles).toEqual(expect.arrayContaining(['BSc Psychology']));
    // The corrected search offers nothing more.
    expect(followed.facets.all!.correction).toBeNull();
    expect((await page(href)).body).not.toContain('Did you mean');
  });

  it('offers nothing for words spelt as the content spells them', async () => {
    for (const term of ['psychology', 'nurse', 'marine biology']) {
      const state = await stateOf(searchPath('all', term));
      expect(state.facets.all!.correction, term).toBeNull();
    }
  });
});
