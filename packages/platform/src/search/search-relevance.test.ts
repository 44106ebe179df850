import { beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../db/open.js';
import { searchEntries } from './search.js';
import { insertEntryVersion, insertProject, makeEntry } from './testing.js';
import type { SearchRequest } from './types.js';

// Enough unrelated entries that "river" is a rare word and bm25 weighs it properly.
let db: Db;
const titleOf = new Map<number, string>();

beforeAll(() => {
  db = openDatabase(':memory:');
  insertProject(db, 'proj');
  const add = (fields: Record<string, unknown>) => {
    titleOf.set(
      insertEntryVersion(db, { projectId: 'proj', entry: makeEntry(fields) }),
      String(fields.title),
    );
  };
  add({ title: 'River walk', summary: 'A stroll along the bank' });
  add({ title: 'Town guide', summary: 'Shops by the river and river boats on the river' });
  add({ title: 'Museum', summary: 'Paintings of a river at dusk among many other things worth seeing here' });
  for (let i = 0; i < 30; i++) add({ title: `Filler ${i}`, summary: `Nothing of note number ${i}` });
});

function order(request: Partial<SearchRequest>): string[] {
  return searchEntries(db, {
    projectId: 'proj',
    pageIndex: 0,
    pageSize: 10,
    defaultVersionStatus: 'published',
    allowLatest: true,
    ...request,
  }).hits.map((hit) => titleOf.get(hit.doc)!);
}

const inTitle = (weight?: number) => ({ field: 'title', freeText: 'river', ...(weight ? { weight } : {}) });
const inSummary = (weight?: number) => ({
  field: 'summary',
  freeText: 'river',
  ...(weight ? { weight } : {}),
});

describe('relevance', () => {
  it('orders by bm25: more occurrences in a shorter text rank higher', () => {
    expect(order({ where: [inSummary()] })).toEqual(['Town guide', 'Museum']);
  });

  it('breaks relevance ties by title', () => {
    expect(order({ where: [{ field: 'title', freeText: 'filler' }] }).slice(0, 3)).toEqual([
      'Filler 0',
      'Filler 1',
      'Filler 10',
    ]);
  });

  it('lets weights decide between competing fields', () => {
    expect(order({ where: [{ or: [inTitle(10), inSummary()] }] })[0]).toBe('River walk');
    expect(order({ where: [{ or: [inTitle(), inSummary(10)] }] }).slice(0, 2)).toEqual([
      'Town guide',
      'Museum',
    ]);
  });

  it('ignores identical weights and weights of 0 or 1', () => {
    const plain = order({ where: [{ or: [inTitle(), inSummary()] }] });
    expect(order({ where: [{ or: [inTitle(5), inSummary(5)] }] })).toEqual(plain);
    expect(order({ where: [{ or: [inTitle(1), inSummary(0)] }] })).toEqual(plain);
  });

  it('boosts documents matching a weighted filter', () => {
    const boosted = order({
      where: [{ or: [inSummary(), { field: 'title', equalTo: 'Museum', weight: 100 }] }],
    });
    expect(boosted).toEqual(['Museum', 'Town guide']);
  });

  it('gives way to an explicit orderBy', () => {
    expect(order({ where: [inSummary()], orderBy: 'title' })).toEqual(['Museum', 'Town guide']);
  });
});
