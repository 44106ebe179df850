import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningPlatform, startDemoPlatform } from '../../test-support/platform-fixture.js';

// freeText word analysis over HTTP, against the demo content: stems, the last word as a
// prefix, typos, exact phrases, and pictures' addresses left out of the words.

interface Hit {
  entryTitle: string;
  sys: { contentTypeId: string };
  [field: string]: unknown;
}

let platform: RunningPlatform;

beforeAll(async () => {
  platform = await startDemoPlatform();
}, 60_000);

afterAll(async () => {
  await platform?.close();
});

async function search(where: unknown[], pageSize = 100): Promise<{ items: Hit[]; totalCount: number }> {
  const answer = await platform.json<{ items: Hit[]; totalCount: number }>('/entries/search', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ where, pageSize }),
  });
  expect(answer.status).toBe(200);
  return answer.body;
}

const freeText = (field: string, term: string, fuzzy = true) => ({
  field,
  freeText: { term, fuzzy, operator: 'and' },
});
const courses = { field: 'sys.contentTypeId', equalTo: 'course' };

/** An entry's text without the addresses of its pictures and files. */
function textOf(hit: Hit): string {
  return JSON.stringify(hit).replace(/"\/(image|asset|video)-library\/[^"]*"/g, '""');
}

describe('freeText over HTTP', () => {
  it('finds nursing courses for "nurse" through the stem', async () => {
    const { items } = await search([courses, freeText('entryTitle', 'nurse', false)]);
    expect(items.length).toBeGreaterThan(0);
    for (const hit of items) expect(hit.entryTitle).toMatch(/nurs/i);
  });

  it('forgives "pyschology" and finds the psychology courses', async () => {
    const { items } = await search([courses, freeText('entryTitle', 'pyschology')]);
    expect(items.length).toBeGreaterThan(0);
    for (const hit of items) expect(hit.entryTitle).toMatch(/psychology/i);
    expect((await search([courses, freeText('entryTitle', 'pyschology', false)])).totalCount).toBe(0);
  });

  it('matches "sea" as a word or a word\'s beginning, never inside "research"', async () => {
    const { items } = await search([freeText('searchContent', 'sea')], 500);
    expect(items.length).toBeGreaterThan(0);
    for (const hit of items) expect(textOf(hit), hit.entryTitle).toMatch(/\bsea/i);
    // Exact and stem matches first: the best hit has the word itself.
    expect(textOf(items[0]!)).toMatch(/\bseas?\b/i);
  });

  it('matches a quoted phrase exactly', async () => {
    const { items } = await search([courses, freeText('entryTitle', '"marine biology"')]);
    expect(items.map((hit) => hit.entryTitle).sort()).toEqual(
      items
        .map((hit) => hit.entryTitle)
        .filter((title) => /marine biology/i.test(title))
        .sort(),
    );
    expect(items.length).toBeGreaterThan(0);
  });

  it("never matches words of pictures' addresses", async () => {
    expect((await search([freeText('searchContent', 'svg', false)])).totalCount).toBe(0);
    const { items } = await search([freeText('searchContent', 'library', false)], 500);
    for (const hit of items) expect(textOf(hit), hit.entryTitle).toMatch(/\blibrar/i);
  });
});
