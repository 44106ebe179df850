import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../db/open.js';
import { searchEntries } from '../search/search.js';
import { demoContent } from './demo/index.js';
import { generateContent } from './generate.js';
import { loadSeedContent } from './load.js';
import type { SeedContent } from './types.js';

// The seed's index worker (createParallelIndexer) must write exactly the rows the plain
// indexer writes: every table of the search index, row for row, and the full-text index
// word for word. Runs against the compiled worker (npx tsc -b).

const dirs: string[] = [];
const dbs: Db[] = [];

afterEach(() => {
  for (const db of dbs.splice(0)) db.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function seeded(content: SeedContent, indexWorker: boolean, batchSize?: number): Db {
  const dir = mkdtempSync(join(tmpdir(), 'canopy-parallel-index-'));
  dirs.push(dir);
  const db = openDatabase(join(dir, 'platform.db'));
  dbs.push(db);
  loadSeedContent(db, content, { dataDir: dir, indexWorker, ...(batchSize ? { batchSize } : {}) });
  return db;
}

const TABLES: Record<string, string> = {
  search_paths: 'SELECT id, path FROM search_paths ORDER BY id',
  search_values: 'SELECT path, doc, seq, text, long, num FROM search_values ORDER BY path, doc, seq',
  search_long: 'SELECT id, text FROM search_long ORDER BY id',
  search_geo: 'SELECT doc, path, seq, lat, lon FROM search_geo ORDER BY doc, path, seq',
  search_doc_paths: 'SELECT doc, paths FROM search_doc_paths ORDER BY doc',
  search_docs: 'SELECT * FROM search_docs ORDER BY doc',
  search_fts_pending: 'SELECT doc FROM search_fts_pending',
  entry_versions: 'SELECT doc, entry_id, language, data FROM entry_versions ORDER BY doc',
  // Every word of every document at every position.
  full_text: 'SELECT term, doc, col, offset FROM temp.fts_words ORDER BY doc, offset, term',
  vocabulary: 'SELECT * FROM search_terms ORDER BY 1',
};

function snapshot(db: Db): Record<string, unknown[]> {
  db.exec(
    "CREATE VIRTUAL TABLE IF NOT EXISTS temp.fts_words USING fts5vocab(main, 'search_fts', 'instance')",
  );
  return Object.fromEntries(Object.entries(TABLES).map(([name, sql]) => [name, db.prepare(sql).raw().all()]));
}

function expectSameIndex(content: () => SeedContent, batchSize?: number): void {
  const plain = snapshot(seeded(content(), false));
  const parallel = snapshot(seeded(content(), true, batchSize));
  for (const name of Object.keys(TABLES)) {
    const ours = parallel[name]!.map((row) => JSON.stringify(row));
    const theirs = plain[name]!.map((row) => JSON.stringify(row));
    expect(ours.length, name).toBe(theirs.length);
    // Deep equality over a hundred thousand rows is slow: compare texts, and on a difference
    // show the first row that differs.
    const first = ours.findIndex((row, i) => row !== theirs[i]);
    expect(first === -1 ? null : ours[first], `${name}, row ${first}`).toBe(
      first === -1 ? null : theirs[first],
    );
  }
  expect(plain.search_values!.length).toBeGreaterThan(0);
  expect(plain.full_text!.length).toBeGreaterThan(0);
}

describe('seeding with the index worker', () => {
  it('writes the same index rows as the plain indexer for generated content', () => {
    // Small batches, so rows cross several worker batches and both flush paths run.
    expectSameIndex(() => generateContent({ count: 300 }), 64);
  });

  it('writes the same index rows for the demo (links completed after the fact, geo, Welsh)', () => {
    expectSameIndex(() => demoContent({ today: '2027-03-15' }), 50);
  });

  it('answers searches the same', () => {
    const plainDb = seeded(generateContent({ count: 300 }), false);
    const parallelDb = seeded(generateContent({ count: 300 }), true);
    for (const where of [
      [{ field: 'searchContent', freeText: { term: 'research', fuzzy: true } }],
      [
        { field: 'title', freeText: 'marine' },
        { field: 'sys.contentTypeId', equalTo: 'course' },
      ],
      [{ field: 'location', distanceWithin: { lat: 51.48, lon: -3.18, distance: '50km' } }],
    ]) {
      const request = {
        projectId: 'website',
        where,
        pageIndex: 0,
        pageSize: 20,
        aggregations: { types: { field: 'sys.contentTypeId' } },
        defaultVersionStatus: 'published' as const,
        allowLatest: false,
      };
      expect(searchEntries(parallelDb, request)).toEqual(searchEntries(plainDb, request));
    }
  });

  it('ends its worker when the load fails', () => {
    const content = generateContent({ count: 50 });
    const broken: SeedContent = {
      ...content,
      entries: (function* () {
        let n = 0;
        for (const entry of content.entries) {
          if (++n === 30) throw new Error('generator broke');
          yield entry;
        }
      })(),
    };
    const dir = mkdtempSync(join(tmpdir(), 'canopy-parallel-index-'));
    dirs.push(dir);
    const db = openDatabase(join(dir, 'platform.db'));
    dbs.push(db);
    expect(() => loadSeedContent(db, broken, { dataDir: dir, indexWorker: true, batchSize: 8 })).toThrow(
      'generator broke',
    );
    expect(db.prepare('SELECT count(*) FROM search_values').pluck().get()).toBe(0);
  });
});
