import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningPlatform, startDemoPlatform } from '../../test-support/platform-fixture.js';
import { nodePaths } from './check.js';
import { demoContent } from './index.js';

// The Welsh demo over HTTP: every Welsh page is reached by its Welsh path in the cy node
// tree and answers with its Welsh variation, as a bilingual site will ask for it.

interface Node {
  id: string;
  path: string;
  displayName: string;
  language: string;
  entry?: {
    entryTitle: string;
    sys: { id: string; language: string; uri: string; availableLanguages?: string[] };
  };
}

const content = demoContent();
const entries = [...content.entries];
const nodes = [...content.nodes];
const paths = nodePaths(content);
const welsh = entries.filter((e) => e.variations.cy && e.dataFormat !== 'asset');

let platform: RunningPlatform;

beforeAll(async () => {
  platform = await startDemoPlatform();
}, 60_000);

afterAll(async () => {
  await platform?.close();
});

describe('the Welsh node tree', () => {
  it('answers every Welsh page at its Welsh path with its Welsh variation', async () => {
    expect(welsh.length).toBeGreaterThan(70);
    for (const entry of welsh) {
      const node = nodes.find((n) => n.entryId === entry.id)!;
      const path = paths.get(node.id)!.cy!;
      const answer = await platform.json<Node>(
        `/nodes${encodeURI(path === '/' ? '/root' : path)}?language=cy`,
      );
      expect(answer.status, path).toBe(200);
      expect(answer.body, path).toMatchObject({ path, language: 'cy', displayName: node.displayName.cy });
      expect(answer.body.entry?.sys, path).toMatchObject({ id: entry.id, language: 'cy' });
      expect(answer.body.entry?.entryTitle, path).toBe(entry.variations.cy!.fields.title);
    }
  });

  it('lists the Welsh menu under the Welsh home page', async () => {
    const root = await platform.json<Node>('/nodes/root?language=cy');
    const children = await platform.json<Node[]>(`/nodes/${root.body.id}/children?language=cy`);
    const menu = children.body.map((n) => [n.path, n.displayName]);
    expect(menu.slice(0, 6)).toEqual([
      ['/amdanom-ni', 'Amdanom ni'],
      ['/cyrsiau', 'Cyrsiau'],
      ['/newyddion', 'Newyddion'],
      ['/digwyddiadau', 'Digwyddiadau'],
      ['/pobl', 'Pobl'],
      ['/chwilio', 'Chwilio'],
    ]);
  });

  it('names both languages of a translated entry and finds its node in each', async () => {
    const course = await platform.json<Node>('/nodes/cyrsiau/llb-y-gyfraith?language=cy');
    const id = course.body.entry!.sys.id;
    const entry = await platform.json<{ sys: { availableLanguages: string[] } }>(
      `/entries/${id}?language=cy&fields=sys.availableLanguages`,
    );
    expect(entry.body.sys.availableLanguages.toSorted()).toEqual(['cy', 'en-GB']);
    for (const [language, path] of [
      ['en-GB', '/courses/llb-law'],
      ['cy', '/cyrsiau/llb-y-gyfraith'],
    ] as const) {
      const byEntry = await platform.json<Node[]>(`/nodes/?entryId=${id}&language=${language}`);
      expect(byEntry.body.map((n) => n.path)).toEqual([path]);
    }
  });

  it('finds Welsh pages by their Welsh words in Welsh, and none in English', async () => {
    const search = async (language: string, term: string) =>
      (
        await platform.json<{ items: { entryTitle: string; sys: { language: string } }[] }>(
          '/entries/search',
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              where: [
                { field: 'sys.language', equalTo: language },
                { field: 'sys.contentTypeId', equalTo: 'course' },
                { field: 'entryTitle', freeText: { term, fuzzy: false, operator: 'and' } },
              ],
            }),
          },
        )
      ).body.items;
    expect((await search('cy', 'seicoleg')).map((hit) => hit.entryTitle)).toEqual(['BSc Seicoleg']);
    expect(await search('en-GB', 'seicoleg')).toEqual([]);
    const english = await search('en-GB', 'psychology');
    expect(english.length).toBeGreaterThan(0);
    expect(english.every((hit) => hit.sys.language === 'en-GB')).toBe(true);
  });
});
