import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../db/open.js';
import { championPolicy } from './champion-lists.js';
import { docValuePolicy } from './doc-search.js';
import { facetPolicy, searchEntries } from './search.js';
import { insertEntryVersion, insertProject, makeEntry } from './testing.js';
import type { SearchRequest, SearchResult } from './types.js';

// Every kind of filter a first page answers from doc values (doc-filter.ts), each against the
// plain evaluation in SQL: the same hits, scores, count and buckets. The property test in
// search-equivalence.test.ts covers the common kinds on random data; this one covers the rest.

const strip = (result: SearchResult) => ({
  hits: result.hits.map(({ doc, score }) => ({ doc, score })),
  totalCount: result.totalCount,
  aggregations: result.aggregations,
});

function load(): Db {
  const db = openDatabase(':memory:');
  insertProject(db, 'proj');
  insertProject(db, 'other');
  const types = ['News', 'news', 'course', 'event'];
  for (let i = 0; i < 60; i++) {
    const fields: Record<string, unknown> = {
      title: `sea ${i % 3 === 0 ? 'sea' : 'harbour'} ${i}`,
      body: i % 4 === 0 ? 'sea music' : 'campus sea',
      tags: i % 5 === 0 ? [] : ['Alpha', i % 2 ? 'beta' : 'ALPHA'],
      venue: { name: i % 3 ? 'Hall' : 'hall', rooms: [i % 7, i % 11] },
      score: i % 9,
    };
    if (i % 6 !== 0) fields.category = i % 2 ? 'Research' : 'Campus';
    const entry = makeEntry(
      fields,
      {
        contentTypeId: types[i % types.length],
        language: i % 10 === 0 ? 'cy' : 'en-GB',
        dataFormat: i % 8 === 0 ? 'webpage' : 'entry',
      },
      i % 13 === 0 ? 'other' : 'proj',
    );
    insertEntryVersion(db, {
      projectId: i % 13 === 0 ? 'other' : 'proj',
      entry,
      // Drafts (latest only), older published versions (published only) and both.
      isPublished: i % 7 !== 0,
      isLatest: i % 7 === 0 || i % 5 !== 1,
    });
  }
  return db;
}

const sea = { field: 'searchContent', freeText: { term: 'sea' } };

const filters: Array<[string, unknown[]]> = [
  ['no filter', []],
  ['content type, any case', [{ field: 'sys.contentTypeId', equalTo: 'NEWS' }]],
  ['content types in a list', [{ field: 'sys.contentTypeId', in: ['course', 'Event'] }]],
  ['language', [{ field: 'sys.language', equalTo: 'cy' }]],
  ['data format', [{ field: 'sys.dataFormat', equalTo: 'webpage' }]],
  ['project column', [{ field: 'sys.projectId', equalTo: 'other' }]],
  ['a column exists', [{ field: 'sys.language', exists: true }]],
  ['text value, any case', [{ field: 'category', equalTo: 'research' }]],
  ['a value exists', [{ field: 'category', exists: true }]],
  ['a value is missing', [{ field: 'category', exists: false }]],
  ['a path with paths under it exists', [{ field: 'venue', exists: true }]],
  ['a value under a nested path', [{ field: 'venue.name', equalTo: 'HALL' }]],
  ['a number range over several values', [{ field: 'venue.rooms', between: [3, 5] }]],
  [
    'open ranges',
    [
      { field: 'score', greaterThan: 4 },
      { field: 'score', lessThanOrEqualTo: 7 },
    ],
  ],
  ['no such path', [{ field: 'nothing', equalTo: 'x' }]],
  ['no such path, missing', [{ field: 'nothing', exists: false }]],
  [
    'or, not',
    [{ or: [{ field: 'category', equalTo: 'Campus' }, { not: { field: 'tags', equalTo: 'beta' } }] }],
  ],
  [
    'and inside or',
    [
      {
        or: [
          {
            and: [
              { field: 'score', lessThan: 3 },
              { field: 'sys.language', equalTo: 'en-GB' },
            ],
          },
          { field: 'sys.contentTypeId', equalTo: 'event' },
        ],
      },
    ],
  ],
  ['version status', [{ field: 'sys.versionStatus', equalTo: 'latest' }]],
  ['either version status', [{ field: 'sys.versionStatus', in: ['published', 'latest'] }]],
];

describe('first pages filtered on doc values', () => {
  const saved = {
    facets: facetPolicy.buildMinDocs,
    docValues: docValuePolicy.buildMinDocs,
    size: championPolicy.size,
  };
  let db: Db;
  beforeAll(() => {
    facetPolicy.buildMinDocs = 0;
    docValuePolicy.buildMinDocs = 0;
    db = load();
  });
  afterAll(() => {
    facetPolicy.buildMinDocs = saved.facets;
    docValuePolicy.buildMinDocs = saved.docValues;
    championPolicy.size = saved.size;
    db.close();
  });

  it.each(filters)('gives what the plain evaluation gives: %s', (_, where) => {
    for (const size of [1000, 4]) {
      championPolicy.size = size;
      for (const allowLatest of [false, true]) {
        for (const pageIndex of [0, 1]) {
          const request: SearchRequest = {
            projectId: 'proj',
            where: [sea, ...where],
            pageIndex,
            pageSize: 5,
            aggregations: {
              tags: { field: 'tags', size: 3 },
              categories: { field: 'category', missing: 'None' },
              none: { field: 'nothing', missing: 'Nothing' },
            },
            defaultVersionStatus: allowLatest ? 'latest' : 'published',
            allowLatest,
          };
          let optimised: SearchResult | undefined;
          let error: unknown;
          try {
            optimised = searchEntries(db, request);
          } catch (caught) {
            error = caught;
          }
          if (error) {
            expect(() => searchEntries(db, { ...request, plain: true })).toThrow((error as Error).message);
            continue;
          }
          expect(strip(optimised!)).toEqual(strip(searchEntries(db, { ...request, plain: true })));
        }
      }
    }
  });

  it('gives what the plain evaluation gives for an expression of more phrases than memory ranks', () => {
    // Nine words, each with its stem: past the 16 phrases the phrase indexes serve, so FTS5
    // matches and scores, still filtered on doc values.
    const request: SearchRequest = {
      projectId: 'proj',
      where: [
        {
          field: 'searchContent',
          freeText: {
            term: 'seas harbours musics campuses halls alphas betas researching marines',
            operator: 'or',
          },
        },
        { field: 'sys.contentTypeId', equalTo: 'news' },
      ],
      pageIndex: 0,
      pageSize: 5,
      aggregations: { tags: { field: 'tags', size: 3 } },
      defaultVersionStatus: 'published',
      allowLatest: false,
    };
    const optimised = searchEntries(db, request);
    expect(optimised.totalCount).toBeGreaterThan(5);
    expect(strip(optimised)).toEqual(strip(searchEntries(db, { ...request, plain: true })));
  });

  it('reads the phrase indexes and doc values again after a write', () => {
    const request: SearchRequest = {
      projectId: 'proj',
      where: [sea, { field: 'sys.contentTypeId', equalTo: 'course' }],
      pageIndex: 0,
      pageSize: 3,
      defaultVersionStatus: 'published',
      allowLatest: false,
    };
    const before = searchEntries(db, request);
    // A short entry holding the word three times: a new best match, and every idf changes.
    const entry = makeEntry({ title: 'sea sea sea', body: 'sea' }, { contentTypeId: 'course' });
    const doc = insertEntryVersion(db, { projectId: 'proj', entry });
    const after = searchEntries(db, request);
    expect(after.totalCount).toBe(before.totalCount + 1);
    expect(after.hits[0]!.doc).toBe(doc);
    expect(strip(after)).toEqual(strip(searchEntries(db, { ...request, plain: true })));
  });

  it.each([
    ['punctuation only', '!!! ???'],
    ['a lone quote', '"'],
    ['a quoted phrase', '"sea music"'],
    ['a one-letter word', 'a'],
    ['a word nothing holds', 'zzzzqqq'],
    ['a mixed-case word with an accent', 'SÉA Harbour'],
    ['the same word twice', 'sea sea'],
    ['a prefix and a typo (fuzzy)', 'harbo campsu'],
  ])('gives what the plain evaluation gives for an odd term: %s', (_, term) => {
    for (const operator of ['and', 'or'] as const) {
      const request: SearchRequest = {
        projectId: 'proj',
        where: [{ field: 'searchContent', freeText: { term, operator, fuzzy: true } }],
        pageIndex: 0,
        pageSize: 4,
        aggregations: { tags: { field: 'tags', size: 3 } },
        defaultVersionStatus: 'published',
        allowLatest: false,
      };
      let plain: SearchResult | Error;
      try {
        plain = searchEntries(db, { ...request, plain: true });
      } catch (error) {
        plain = error as Error;
      }
      if (plain instanceof Error) expect(() => searchEntries(db, request)).toThrow(plain.message);
      else expect(strip(searchEntries(db, request))).toEqual(strip(plain));
    }
  });

  it('can fail: a filter that changes the answer is told apart', () => {
    const request: SearchRequest = {
      projectId: 'proj',
      where: [sea, { field: 'category', equalTo: 'Research' }],
      pageIndex: 0,
      pageSize: 5,
      defaultVersionStatus: 'published',
      allowLatest: false,
    };
    const other = { ...request, where: [sea, { field: 'category', equalTo: 'Campus' }], plain: true };
    expect(strip(searchEntries(db, request))).not.toEqual(strip(searchEntries(db, other)));
  });
});

describe("first pages from memory and another connection's writes", () => {
  const saved = docValuePolicy.buildMinDocs;
  let dir: string;
  beforeAll(() => {
    docValuePolicy.buildMinDocs = 0;
    dir = mkdtempSync(join(tmpdir(), 'canopy-doc-search-'));
  });
  afterAll(() => {
    docValuePolicy.buildMinDocs = saved;
    rmSync(dir, { recursive: true, force: true });
  });

  it('sums the scores of a phrase few documents hold as of a common one', () => {
    // "lighthouse" is in 3 of 120 entries, so its scores are kept sparse; "sea" in all.
    const db = openDatabase(':memory:');
    try {
      insertProject(db, 'proj');
      for (let i = 0; i < 120; i++) {
        const title = i % 40 === 7 ? `sea lighthouse ${i}` : `sea harbour ${i}`;
        insertEntryVersion(db, { projectId: 'proj', entry: makeEntry({ title, body: 'campus' }) });
      }
      const request: SearchRequest = {
        projectId: 'proj',
        where: [{ field: 'searchContent', freeText: { term: 'lighthouse sea', operator: 'or' } }],
        pageIndex: 0,
        pageSize: 5,
        defaultVersionStatus: 'published',
        allowLatest: false,
      };
      const optimised = searchEntries(db, request);
      expect(optimised.totalCount).toBe(120);
      expect(strip(optimised)).toEqual(strip(searchEntries(db, { ...request, plain: true })));
    } finally {
      db.close();
    }
  });

  it('sees a commit of another connection: new matches, new filter values, new scores', () => {
    const reader = openDatabase(join(dir, 'shared.db'));
    const writer = openDatabase(join(dir, 'shared.db'));
    try {
      insertProject(writer, 'proj');
      const add = (title: string, contentTypeId: string) =>
        insertEntryVersion(writer, {
          projectId: 'proj',
          entry: makeEntry({ title, body: 'campus' }, { contentTypeId }),
        });
      for (let i = 0; i < 12; i++) add(`sea harbour ${i}`, i % 2 ? 'news' : 'course');
      const request: SearchRequest = {
        projectId: 'proj',
        where: [sea, { field: 'sys.contentTypeId', equalTo: 'news' }],
        pageIndex: 0,
        pageSize: 2,
        defaultVersionStatus: 'published',
        allowLatest: false,
      };
      const before = searchEntries(reader, request);
      expect(before.totalCount).toBe(6);
      // The writer's commit adds a better match of the filtered type, and one of another type.
      const best = add('sea sea', 'news');
      add('sea sea sea', 'course');
      const after = searchEntries(reader, request);
      expect(after.totalCount).toBe(7);
      expect(after.hits[0]!.doc).toBe(best);
      expect(strip(after)).toEqual(strip(searchEntries(reader, { ...request, plain: true })));
    } finally {
      reader.close();
      writer.close();
    }
  });
});
