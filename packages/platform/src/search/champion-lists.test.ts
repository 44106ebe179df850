import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../db/open.js';
import { championPolicy, championsOf, noteUnproven } from './champion-lists.js';
import { databaseState } from './facet-columns.js';
import { searchEntries } from './search.js';
import { insertEntryVersion, insertProject, makeEntry } from './testing.js';
import type { SearchRequest } from './types.js';

const add = (db: Db, title: string) =>
  insertEntryVersion(db, { projectId: 'proj', entry: makeEntry({ title }), isPublished: true });

const scoresOf = (db: Db, phrase: string) =>
  db
    .prepare<[string], { doc: number; s: number }>(
      'SELECT rowid AS doc, -bm25(search_fts) AS s FROM search_fts WHERE search_fts MATCH ? ORDER BY s DESC',
    )
    .all(phrase);

const seaSearch = (pageSize: number): SearchRequest => ({
  projectId: 'proj',
  where: [{ field: 'searchContent', freeText: { term: 'sea', fuzzy: false, operator: 'and' } }],
  pageIndex: 0,
  pageSize,
  defaultVersionStatus: 'published',
  allowLatest: false,
});

const hitsOf = (db: Db, request: SearchRequest) =>
  searchEntries(db, request).hits.map(({ doc, score }) => ({ doc, score }));

describe('championsOf', () => {
  let db: Db;
  beforeEach(() => {
    db = openDatabase(':memory:');
    insertProject(db, 'proj');
    for (const title of ['sea', 'sea sea', 'sea harbour town', 'harbour', 'harbour harbour', 'campus']) {
      add(db, title);
    }
  });
  afterEach(() => {
    championPolicy.size = 1000;
    db.close();
  });

  it('holds every match and bounds nothing outside when each list is complete', () => {
    const champions = championsOf(db, ['"sea"', '"harbour"'], databaseState(db));
    const all = [...scoresOf(db, '"sea"'), ...scoresOf(db, '"harbour"')].map((row) => row.doc);
    expect(new Set(JSON.parse(champions!.docs))).toEqual(new Set(all));
    expect(champions!.bound).toBe(0);
  });

  it('keeps the best documents of each phrase and bounds the rest by the lowest kept scores', () => {
    championPolicy.size = 2;
    const sea = scoresOf(db, '"sea"');
    const harbour = scoresOf(db, '"harbour"');
    const champions = championsOf(db, ['"sea"', '"harbour"'], databaseState(db));
    expect(new Set(JSON.parse(champions!.docs))).toEqual(
      new Set([...sea.slice(0, 2), ...harbour.slice(0, 2)].map((row) => row.doc)),
    );
    expect(champions!.bound).toBe(sea[1]!.s + harbour[1]!.s);
    // Every document left out scores at most the bound, as the phrase alone scores it.
    for (const row of [...sea.slice(2), ...harbour.slice(2)])
      expect(row.s).toBeLessThanOrEqual(champions!.bound);
  });

  it('leaves a ranking the lists could not prove to full scoring until the state changes', () => {
    const phrases = ['"sea"', '"harbour"'];
    const state = databaseState(db);
    noteUnproven(db, phrases, 20, state);
    expect(championsOf(db, phrases, state, 20)).toBeUndefined();
    expect(championsOf(db, phrases, state, 10)).toBeDefined();
    add(db, 'sea harbour');
    expect(championsOf(db, phrases, databaseState(db), 20)).toBeDefined();
  });

  it('leaves expressions of too many phrases to be scored in full', () => {
    const phrases = Array.from({ length: championPolicy.maxPhrases + 1 }, (_, i) => `"w${i}"`);
    expect(championsOf(db, phrases, databaseState(db))).toBeUndefined();
  });
});

/** Four entries holding "sea", longer and longer, among ten without it (so its idf counts). */
function seed(db: Db): void {
  insertProject(db, 'proj');
  for (const title of [
    'sea harbour',
    'sea harbour town',
    'sea harbour town campus',
    'sea harbour town campus music',
  ]) {
    add(db, title);
  }
  for (let i = 0; i < 10; i++) add(db, 'campus music');
}

describe('champion lists and writes', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'canopy-champions-'));
    // Three of the four matches are listed, so a first page of one is proven from the list.
    championPolicy.size = 3;
  });
  afterEach(() => {
    championPolicy.size = 1000;
    rmSync(dir, { recursive: true, force: true });
  });

  it('are built again after this connection writes, so a new best match is found', () => {
    const db = openDatabase(join(dir, 'a.db'));
    try {
      seed(db);
      expect(hitsOf(db, seaSearch(1))).toEqual(hitsOf(db, { ...seaSearch(1), plain: true }));
      const best = add(db, 'sea');
      const hits = hitsOf(db, seaSearch(1));
      expect(hits).toEqual(hitsOf(db, { ...seaSearch(1), plain: true }));
      expect(hits[0]!.doc).toBe(best);
    } finally {
      db.close();
    }
  });

  it("are built again after another connection's commit", () => {
    const reader = openDatabase(join(dir, 'b.db'));
    const writer = openDatabase(join(dir, 'b.db'));
    try {
      seed(writer);
      expect(hitsOf(reader, seaSearch(1))).toEqual(hitsOf(reader, { ...seaSearch(1), plain: true }));
      const best = add(writer, 'sea');
      const hits = hitsOf(reader, seaSearch(1));
      expect(hits).toEqual(hitsOf(reader, { ...seaSearch(1), plain: true }));
      expect(hits[0]!.doc).toBe(best);
    } finally {
      reader.close();
      writer.close();
    }
  });
});
