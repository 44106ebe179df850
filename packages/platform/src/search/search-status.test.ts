import { beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../db/open.js';
import { SearchAccessError } from './errors.js';
import { searchEntries } from './search.js';
import { insertEntryVersion, insertProject, makeEntry } from './testing.js';
import type { SearchRequest } from './types.js';

// Entry A: published only. Entry B: published version plus a newer draft. Entry C: draft only.
let db: Db;
const titleOf = new Map<number, string>();

beforeAll(() => {
  db = openDatabase(':memory:');
  insertProject(db, 'proj');
  const add = (title: string, id: string, isPublished: boolean, isLatest: boolean) => {
    const entry = makeEntry({ title }, { id });
    titleOf.set(insertEntryVersion(db, { projectId: 'proj', entry, isPublished, isLatest }), title);
  };
  add('A published', 'a', true, true);
  add('B published', 'b', true, false);
  add('B draft', 'b', false, true);
  add('C draft', 'c', false, true);
});

function titles(request: Partial<SearchRequest>): string[] {
  return searchEntries(db, {
    projectId: 'proj',
    pageIndex: 0,
    pageSize: 10,
    defaultVersionStatus: 'published',
    allowLatest: true,
    ...request,
  })
    .hits.map((hit) => titleOf.get(hit.doc)!)
    .sort();
}

const latest = { field: 'sys.versionStatus', equalTo: 'latest' };
const published = { field: 'sys.versionStatus', equalTo: 'published' };

describe('version status', () => {
  it('defaults to published versions', () => {
    expect(titles({})).toEqual(['A published', 'B published']);
  });

  it('uses defaultVersionStatus when the where has no clause', () => {
    expect(titles({ defaultVersionStatus: 'latest' })).toEqual(['A published', 'B draft', 'C draft']);
  });

  it('filters on the row flags per the clause, case-insensitively', () => {
    expect(titles({ where: [latest] })).toEqual(['A published', 'B draft', 'C draft']);
    expect(titles({ where: [{ field: 'sys.versionStatus', equalTo: 'PUBLISHED' }] })).toEqual([
      'A published',
      'B published',
    ]);
    expect(titles({ where: [published], defaultVersionStatus: 'latest' })).toEqual([
      'A published',
      'B published',
    ]);
    expect(titles({ where: [{ field: 'sys.versionStatus', in: ['published', 'latest'] }] })).toEqual([
      'A published',
      'B draft',
      'B published',
      'C draft',
    ]);
    expect(titles({ where: [{ or: [latest, { field: 'title', equalTo: 'x' }] }] })).toEqual([
      'A published',
      'B draft',
      'C draft',
    ]);
  });

  it('reports the flags on hits', () => {
    const result = searchEntries(db, {
      projectId: 'proj',
      where: [latest, { field: 'title', equalTo: 'B draft' }],
      pageIndex: 0,
      pageSize: 10,
      defaultVersionStatus: 'published',
      allowLatest: true,
    });
    expect(result.hits[0]).toMatchObject({
      entryId: 'b',
      isPublished: false,
      isLatest: true,
      language: 'en-GB',
    });
  });

  it('refuses latest without preview access, and never shows drafts then', () => {
    expect(() => titles({ where: [latest], allowLatest: false })).toThrow(SearchAccessError);
    expect(() =>
      titles({ where: [{ field: 'sys.versionStatus', in: ['latest'] }], allowLatest: false }),
    ).toThrow('Searching the latest versions needs preview access');
    expect(titles({ where: [published], allowLatest: false })).toEqual(['A published', 'B published']);
    expect(titles({ where: [{ not: published }], allowLatest: false })).toEqual([]);
    expect(titles({ allowLatest: false, defaultVersionStatus: 'latest' })).toEqual([
      'A published',
      'B published',
    ]);
  });
});
