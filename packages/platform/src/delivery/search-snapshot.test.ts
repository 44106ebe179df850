import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../db/open.js';
import { insertEntryVersion, insertProject, makeEntry } from '../search/testing.js';
import type { SearchRequest } from '../search/types.js';
import { searchSnapshot } from './search-snapshot.js';

let dir: string;
let writer: Db;
let reader: Db;
let docs: number[];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'canopy-snapshot-'));
  writer = openDatabase(join(dir, 'platform.db'));
  insertProject(writer, 'proj');
  docs = [1, 2, 3].map((i) =>
    insertEntryVersion(writer, { projectId: 'proj', entry: makeEntry({ title: `Item ${i}`, tag: 'wave' }) }),
  );
  reader = openDatabase(join(dir, 'platform.db'), { migrate: false });
});

afterEach(() => {
  reader.close();
  writer.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('searchSnapshot', () => {
  it('reads the hits from the moment the search ran, though another connection deletes them meanwhile', () => {
    let deleted = false;
    const request: SearchRequest = {
      projectId: 'proj',
      where: [{ field: 'tag', equalTo: 'wave' }],
      pageIndex: 0,
      pageSize: 10,
      defaultVersionStatus: 'published',
      allowLatest: false,
      // Called while the search is planned, after its read transaction began: the writer
      // deletes every hit before the search's statement and the reading of its hits run.
      hidden: () => {
        writer.prepare('DELETE FROM entry_versions WHERE doc IN (?, ?, ?)').run(...docs);
        deleted = true;
        return null;
      },
    };
    const { result, records } = searchSnapshot(reader, request);
    expect(deleted).toBe(true);
    expect(result.totalCount).toBe(3);
    expect(result.hits.map((hit) => hit.doc)).toEqual(docs);
    expect([...records.keys()].sort()).toEqual(docs);
    expect(records.get(docs[0]!)?.entryTitle).toBe('Item 1');
    // A new snapshot sees the delete.
    expect(searchSnapshot(reader, { ...request, hidden: undefined }).result.totalCount).toBe(0);
  });
});
