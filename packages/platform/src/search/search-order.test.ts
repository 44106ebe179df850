import { beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../db/open.js';
import { searchEntries } from './search.js';
import { insertEntryVersion, insertProject, makeEntry } from './testing.js';
import type { SearchRequest } from './types.js';

// 60 entries with ties, gaps and a text value in a numeric field, to check that the plans
// reading pages straight from an index agree with the plans sorting the whole result.
let db: Db;
const titleOf = new Map<number, string>();

beforeAll(() => {
  db = openDatabase(':memory:');
  insertProject(db, 'proj');
  for (let i = 0; i < 60; i++) {
    const fields: Record<string, unknown> = {
      title: `Entry ${String(i).padStart(2, '0')}`,
      kind: i % 2 === 0 ? 'even' : 'odd',
      ...(i % 7 === 0 ? {} : { rank: i % 5 }),
      ...(i % 11 === 0 ? {} : { label: ['delta', 'Alpha', 'charlie', 'Bravo'][i % 4] }),
      date: `2024-01-${String((i % 28) + 1).padStart(2, '0')}T10:00:00Z`,
    };
    if (i === 3) fields.rank = 'n/a';
    const doc = insertEntryVersion(db, { projectId: 'proj', entry: makeEntry(fields) });
    titleOf.set(doc, fields.title as string);
  }
});

function page(request: Partial<SearchRequest>, pageIndex: number, pageSize: number): string[] {
  return searchEntries(db, {
    projectId: 'proj',
    pageIndex,
    pageSize,
    defaultVersionStatus: 'published',
    allowLatest: true,
    ...request,
  }).hits.map((hit) => titleOf.get(hit.doc)!);
}

function all(request: Partial<SearchRequest>): string[] {
  return page(request, 0, 1000);
}

/** The same filter once as a scan of search_docs and once driven by the kind index. */
const scan = [
  { field: 'title', startsWith: 'entry' },
  { field: 'title', exists: true },
];
const driven = [{ field: 'kind', in: ['even', 'odd'] }];

describe('ordering plans', () => {
  it.each([
    ['rank asc', [{ asc: 'rank' }]],
    ['rank desc', [{ desc: 'rank' }]],
    ['label asc', [{ asc: 'label' }]],
    ['label desc', [{ desc: 'label' }]],
    ['date desc', '-date'],
    ['default', undefined],
    ['two keys', ['kind', '-rank']],
  ])('%s: index-read pages equal fully sorted pages', (_, orderBy) => {
    const expected = all({ where: driven, orderBy });
    expect(expected).toHaveLength(60);
    expect(all({ where: [], orderBy })).toEqual(expected);
    expect(all({ where: [scan[1]], orderBy })).toEqual(expected);
    const paged = [0, 1, 2, 3, 4, 5, 6].flatMap((index) => page({ where: [], orderBy }, index, 9));
    expect(paged).toEqual(expected);
  });

  it('puts missing values and text in a numeric field last, either way', () => {
    const asc = all({ orderBy: 'rank' });
    const desc = all({ orderBy: '-rank' });
    const last = [
      'Entry 00',
      'Entry 03',
      'Entry 07',
      'Entry 14',
      'Entry 21',
      'Entry 28',
      'Entry 35',
      'Entry 42',
      'Entry 49',
      'Entry 56',
    ];
    expect(asc.slice(-10)).toEqual(last);
    expect(desc.slice(-10)).toEqual(last);
    expect(asc[0]).toBe('Entry 05');
    expect(desc[0]).toBe('Entry 04');
  });

  it('sorts text case-insensitively', () => {
    // Alpha (i % 4 = 1), Bravo (3), charlie (2), delta (0); entries without a label last.
    const groups = all({ orderBy: 'label' }).map((title) => {
      const i = Number(title.slice(6));
      return i % 11 === 0 ? 'none' : ['delta', 'Alpha', 'charlie', 'Bravo'][i % 4];
    });
    const runs = groups.filter((group, i) => group !== groups[i - 1]);
    expect(runs).toEqual(['Alpha', 'Bravo', 'charlie', 'delta', 'none']);
  });
});
