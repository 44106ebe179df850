import { createSiteRenderer, type RunningSiteServer } from '@canopy/web';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpGet } from '../../packages/web/src/test-support/http.js';
import {
  DELIVERY_TOKEN,
  PROJECT_ID,
  startTestPlatform,
  type TestPlatform,
} from '../../packages/web/src/test-support/platform.js';
import { site as demoSite } from './site.js';
import { startSourceSite } from './test/source-site.js';

// The demo's search matches words (issue 25): a real platform seeded with the demo and the
// demo site rendered from source, over real HTTP. Quoted phrases and terms without a word
// give answers, never the error state; "sea" is a word, not part of "research"; pictures'
// addresses are not searched; stems and typos are forgiven.

const HOST = 'www.aberwen.example';

interface Item {
  entryTitle: string;
  sys: { id: string };
}

let platform: TestPlatform;
let site: RunningSiteServer;
const log: Array<{ level: number; msg?: string }> = [];

beforeAll(async () => {
  platform = await startTestPlatform({ today: '2026-09-01' });
  site = await startSourceSite(platform.url, {
    renderer: createSiteRenderer(demoSite),
    logger: { level: 'info', stream: { write: (line: string) => log.push(JSON.parse(line)) } },
  });
});

afterAll(async () => {
  await site?.close();
  await platform?.dispose();
});

const get = (path: string) => httpGet(site.url, path, { host: HOST });

/** The results of a facet's search page, read from its state. */
async function results(
  facet: string,
  term: string,
): Promise<{ items: Item[]; total: number; featured: Item[] }> {
  const path = `/search/${facet}?term=${encodeURIComponent(term)}&redux=true`;
  const answer = await get(path);
  expect(answer.status, path).toBe(200);
  const state = JSON.parse(answer.body) as {
    search: {
      facets: Record<
        string,
        {
          entries: { items: Item[]; isError: boolean };
          featuredEntries: { items: Item[] };
          pagingInfo: { totalCount: number };
        }
      >;
    };
  };
  const found = state.search.facets[facet]!;
  expect(found.entries.isError, path).toBe(false);
  return {
    items: found.entries.items,
    total: found.pagingInfo.totalCount,
    featured: found.featuredEntries.items,
  };
}

/** An entry's text as the platform stores it, without its pictures' addresses. */
async function entryText(id: string): Promise<string> {
  const answer = await fetch(`${platform.url}/api/delivery/projects/${PROJECT_ID}/entries/${id}`, {
    headers: { accessToken: DELIVERY_TOKEN },
  });
  return (await answer.text()).replace(/"\/(image|asset|video)-library\/[^"]*"/g, '""');
}

const titles = (items: Item[]) => items.map((item) => item.entryTitle);

describe('search terms the platform used to refuse', () => {
  it('finds the marine biology courses for a quoted phrase', async () => {
    const page = await get(`/search/courses?term=${encodeURIComponent('"marine biology"')}`);
    expect(page.status).toBe(200);
    expect(page.body).not.toContain('not available right now');
    const { items } = await results('courses', '"marine biology"');
    expect(titles(items)).toEqual(expect.arrayContaining(['BSc Marine Biology', 'PhD Marine Biology']));
  });

  it('answers a term without a word with no results, and logs no error', async () => {
    for (const term of ["'", '<!--', '"--"']) {
      const before = log.length;
      const page = await get(`/search/courses?term=${encodeURIComponent(term)}`);
      expect(page.status, term).toBe(200);
      expect(page.body, term).not.toContain('not available right now');
      expect(page.body, term).toContain('Nothing matches your search');
      expect((await results('courses', term)).total, term).toBe(0);
      expect(
        log.slice(before).filter((line) => line.level >= 50),
        term,
      ).toEqual([]);
    }
  });
});

describe('words, not parts of words', () => {
  it('finds "sea" as a word or a word\'s beginning, never only inside "research"', async () => {
    const { items, total } = await results('courses', 'sea');
    expect(titles(items)).toEqual(expect.arrayContaining(['BSc Marine Biology']));
    // Once 31 of the 61 courses, through "research".
    expect(total).toBeLessThan(15);
    for (const item of items) expect(await entryText(item.sys.id), item.entryTitle).toMatch(/\bsea/i);
    const everything = await results('all', 'sea');
    for (const item of everything.items)
      expect(await entryText(item.sys.id), item.entryTitle).toMatch(/\bsea/i);
  });

  it("never matches the words of a picture's address", async () => {
    // The demo's pictures are /image-library/….svg (photos: ….jpg).
    expect((await results('all', 'jpg')).total).toBe(0);
    expect((await results('all', 'svg')).total).toBe(0);
    const library = await results('all', 'library');
    // Once 287 of 293 pages, through /image-library/.
    expect(library.total).toBeLessThan(30);
    for (const item of library.items)
      expect(await entryText(item.sys.id), item.entryTitle).toMatch(/\blibrar/i);
  });

  it('features a course only when the term is in its title or keywords', async () => {
    const { featured } = await results('all', 'library');
    for (const item of featured) expect(await entryText(item.sys.id), item.entryTitle).toMatch(/librar/i);
    const marine = await results('all', 'marine');
    expect(marine.featured.length).toBeGreaterThan(0);
    for (const item of marine.featured) expect(item.entryTitle).toMatch(/marine/i);
  });
});

describe('forgiving words', () => {
  it('finds nursing courses for "nurse"', async () => {
    const { items } = await results('courses', 'nurse');
    expect(titles(items)).toEqual(expect.arrayContaining(['BSc Adult Nursing']));
    expect(items[0]!.entryTitle).toMatch(/nursing/i);
  });

  it('finds psychology courses for "pyschology"', async () => {
    const { items } = await results('courses', 'pyschology');
    expect(titles(items)).toEqual(expect.arrayContaining(['BSc Psychology', 'PhD Psychology']));
  });
});
