import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningPlatform, startDemoPlatform } from '../../test-support/platform-fixture.js';

// Searches in Welsh over HTTP, against the demo's Welsh variations: mutated forms of a word
// find each other, and an English search finds English entries only.

interface Hit {
  entryTitle: string;
  sys: { contentTypeId: string; language: string };
}

let platform: RunningPlatform;

beforeAll(async () => {
  platform = await startDemoPlatform();
}, 60_000);

afterAll(async () => {
  await platform?.close();
});

async function search(language: string, field: string, term: string): Promise<Hit[]> {
  const where = [
    { field: 'sys.language', equalTo: language },
    { field, freeText: { term, fuzzy: true, operator: 'and' } },
  ];
  // As the site's delivery client asks: a GET with the where clause as JSON.
  const answer = await platform.json<{ items: Hit[] }>(
    `/entries/search?where=${encodeURIComponent(JSON.stringify(where))}&pageSize=100`,
  );
  expect(answer.status).toBe(200);
  return answer.body.items;
}

const titles = (hits: Hit[]) => hits.map((hit) => hit.entryTitle);

describe('freeText in Welsh over HTTP', () => {
  it('finds "Prifysgol" for "Brifysgol", "Mhrifysgol" and "Phrifysgol", and "Brifysgol" for "Prifysgol"', async () => {
    const expected = ['Archifau’r brifysgol', 'Cyngor y Brifysgol', 'Prifysgol Aberwen'];
    for (const term of ['Brifysgol', 'Mhrifysgol', 'Phrifysgol', 'Prifysgol', 'prifysgol']) {
      const hits = await search('cy', 'entryTitle', term);
      expect(titles(hits).sort(), term).toEqual(expected);
      for (const hit of hits) expect(hit.sys.language).toBe('cy');
    }
  });

  it('finds students ("myfyrwyr") in every form on Welsh pages', async () => {
    const radical = titles(await search('cy', 'searchContent', 'myfyrwyr'));
    const soft = titles(await search('cy', 'searchContent', 'fyfyrwyr'));
    expect(radical).toContain('Myfyrwyr roboteg newydd yn ymgartrefu');
    // "o fyfyrwyr" (soft) on the About page, "Myfyrwyr" in the story's title.
    expect(radical).toContain('Amdanom ni');
    expect(soft.sort()).toEqual(radical.sort());
  });

  it('searches English pages in English only', async () => {
    const english = await search('en-GB', 'searchContent', 'university');
    expect(english.length).toBeGreaterThan(0);
    for (const hit of english) expect(hit.sys.language).toBe('en-GB');
    expect(await search('en-GB', 'entryTitle', 'Brifysgol')).toEqual([]);
    // English stems still meet on English pages.
    expect(titles(await search('en-GB', 'entryTitle', 'nurse')).length).toBeGreaterThan(0);
    expect(await search('cy', 'entryTitle', 'nurse')).toEqual([]);
  });
});
