import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../db/open.js';
import { currentColumn, databaseState } from './facet-columns.js';
import { facetPolicy, searchEntries } from './search.js';
import { insertEntryVersion, insertProject, makeEntry } from './testing.js';
import type { SearchRequest } from './types.js';

// Buckets counted from the in-memory columns must be exactly what the SQL aggregation gives:
// texts grouped under SQLite's NOCASE (ASCII only), the binary-smallest spelling of the rows
// counted shown, ties cut in NOCASE order.

const SPELLINGS = ['Alpha', 'alpha', 'ALPHA', 'beta', 'Éta', 'éta', 'gamma', 'Gamma', 'z', 'Ω', 'ω'];

interface Doc {
  tags: string[];
  category?: string;
  published: boolean;
  word: boolean;
}

const docArb: fc.Arbitrary<Doc> = fc.record(
  {
    tags: fc.array(fc.constantFrom(...SPELLINGS), { maxLength: 4 }),
    category: fc.constantFrom(...SPELLINGS),
    published: fc.boolean(),
    word: fc.boolean(),
  },
  { requiredKeys: ['tags', 'published', 'word'] },
);

function load(db: Db, docs: Doc[]): void {
  for (const doc of docs) {
    const fields: Record<string, unknown> = { title: doc.word ? 'harbour seals' : 'campus', tags: doc.tags };
    if (doc.category !== undefined) fields.category = doc.category;
    insertEntryVersion(db, { projectId: 'proj', entry: makeEntry(fields), isPublished: doc.published });
  }
}

function request(options: { term?: boolean; size: number; missing?: boolean }): SearchRequest {
  return {
    projectId: 'proj',
    where: options.term ? [{ field: 'searchContent', freeText: { term: 'harbour' } }] : [],
    pageIndex: 0,
    pageSize: 3,
    aggregations: {
      tags: { field: 'tags', size: options.size, ...(options.missing ? { missing: 'None' } : {}) },
      categories: { field: 'category', size: options.size, missing: 'No category' },
    },
    defaultVersionStatus: 'published',
    allowLatest: false,
  };
}

// Every search here counts from the columns unless a test says otherwise.
const saved = facetPolicy.buildMinDocs;
beforeAll(() => {
  facetPolicy.buildMinDocs = 0;
});
afterAll(() => {
  facetPolicy.buildMinDocs = saved;
});

describe('aggregations counted from in-memory columns', () => {
  it.each([
    ['from columns', 0],
    ['in SQL over the matched list', Number.POSITIVE_INFINITY],
  ])('give the buckets the SQL aggregation gives, on random data (%s)', (_, buildMinDocs) => {
    facetPolicy.buildMinDocs = buildMinDocs;
    try {
      fc.assert(
        fc.property(
          fc.array(docArb, { minLength: 1, maxLength: 30 }),
          fc.integer({ min: 1, max: 6 }),
          fc.boolean(),
          fc.boolean(),
          (docs, size, term, missing) => {
            const db = openDatabase(':memory:');
            try {
              insertProject(db, 'proj');
              load(db, docs);
              const asked = request({ term, size, missing });
              const counted = searchEntries(db, asked);
              const plain = searchEntries(db, { ...asked, plain: true });
              expect(counted.aggregations).toEqual(plain.aggregations);
              expect(counted.totalCount).toBe(plain.totalCount);
            } finally {
              db.close();
            }
          },
        ),
        { seed: 2628, numRuns: 150 },
      );
    } finally {
      facetPolicy.buildMinDocs = 0;
    }
  });

  it('are read from a column, and a tie is cut in NOCASE order with the smallest spelling shown', () => {
    const db = openDatabase(':memory:');
    try {
      insertProject(db, 'proj');
      load(db, [
        { tags: ['beta', 'Alpha'], published: true, word: true },
        { tags: ['alpha', 'alpha'], published: true, word: true },
        { tags: ['Beta', 'gamma'], published: true, word: true },
      ]);
      const result = searchEntries(db, request({ size: 2 }));
      // alpha and Alpha are one bucket of 2 (a document listing a value twice counts once, as
      // the indexer writes it once), shown as the binary-smallest spelling 'Alpha'; so are
      // beta and Beta; gamma (1) is cut by size 2.
      expect(result.aggregations?.tags).toEqual({ Alpha: 2, Beta: 2 });
      expect(searchEntries(db, { ...request({ size: 2 }), plain: true }).aggregations?.tags).toEqual({
        Alpha: 2,
        Beta: 2,
      });
      expect(currentColumn(db, pathId(db, 'tags'), databaseState(db))).toBeDefined();
    } finally {
      db.close();
    }
  });
});

describe('a column and the database state', () => {
  let dir: string;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("is rebuilt after this connection's own write", () => {
    const db = openDatabase(':memory:');
    try {
      insertProject(db, 'proj');
      load(db, [{ tags: ['alpha'], published: true, word: true }]);
      expect(searchEntries(db, request({ size: 5 })).aggregations?.tags).toEqual({ alpha: 1 });
      load(db, [{ tags: ['alpha', 'beta'], published: true, word: true }]);
      expect(searchEntries(db, request({ size: 5 })).aggregations?.tags).toEqual({ alpha: 2, beta: 1 });
    } finally {
      db.close();
    }
  });

  it("is rebuilt after another connection's commit", () => {
    dir = mkdtempSync(join(tmpdir(), 'canopy-facets-'));
    const file = join(dir, 'platform.db');
    const writer = openDatabase(file);
    const reader = openDatabase(file);
    try {
      insertProject(writer, 'proj');
      load(writer, [{ tags: ['alpha'], published: true, word: true }]);
      expect(searchEntries(reader, request({ size: 5 })).aggregations?.tags).toEqual({ alpha: 1 });
      load(writer, [{ tags: ['beta'], published: true, word: true }]);
      expect(searchEntries(reader, request({ size: 5 })).aggregations?.tags).toEqual({ alpha: 1, beta: 1 });
    } finally {
      reader.close();
      writer.close();
    }
  });
});

function pathId(db: Db, path: string): number {
  return (db.prepare('SELECT id FROM search_paths WHERE path = ?').get(path) as { id: number }).id;
}
