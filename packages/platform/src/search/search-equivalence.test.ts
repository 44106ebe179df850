import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../db/open.js';
import { championPolicy } from './champion-lists.js';
import { rankingPolicy } from './compile-search.js';
import { docValuePolicy } from './doc-search.js';
import { facetPolicy, searchEntries } from './search.js';
import { insertEntryVersion, insertProject, makeEntry } from './testing.js';
import type { SearchRequest, SearchResult } from './types.js';

// Property test: on random small data sets, the optimised search (ranking that stops at the
// page) gives exactly what the plain evaluation gives — the same hits in the same order with
// the same scores, counts and buckets — and its count and buckets match a reference computed
// here in plain JavaScript from the data itself.

const WORDS = [
  'marine',
  'marines',
  'marin',
  'biology',
  'research',
  'researching',
  'music',
  'sea',
  'seagrass',
  'musics',
];
const CATEGORIES = ['Research', 'Campus', 'Sport'];
const TAGS = ['alpha', 'beta', 'gamma'];

interface Doc {
  title: string;
  body: string;
  category?: string;
  tags: string[];
  year: number;
  type: 'news' | 'course';
  published: boolean;
}

const words = (min: number, max: number) =>
  fc.array(fc.constantFrom(...WORDS), { minLength: min, maxLength: max }).map((list) => list.join(' '));

const docArb: fc.Arbitrary<Doc> = fc.record(
  {
    // Few distinct titles and bodies, so equal scores (ties) are common.
    title: words(1, 2),
    body: words(0, 8),
    category: fc.constantFrom(...CATEGORIES),
    tags: fc.subarray(TAGS),
    year: fc.integer({ min: 2020, max: 2025 }),
    type: fc.constantFrom('news' as const, 'course' as const),
    published: fc.boolean(),
  },
  { requiredKeys: ['title', 'body', 'tags', 'year', 'type', 'published'] },
);

interface QuerySpec {
  term?: { text: string; fuzzy: boolean; operator: 'and' | 'or'; weight?: number };
  category?: string;
  since?: number;
  type?: 'news' | 'course';
  pageIndex: number;
  pageSize: number;
}

const queryArb: fc.Arbitrary<QuerySpec> = fc.record(
  {
    term: fc.record(
      {
        text: words(1, 2).filter((text) => text !== ''),
        fuzzy: fc.boolean(),
        operator: fc.constantFrom('and' as const, 'or' as const),
        weight: fc.integer({ min: 2, max: 5 }),
      },
      { requiredKeys: ['text', 'fuzzy', 'operator'] },
    ),
    category: fc.constantFrom(...CATEGORIES),
    since: fc.integer({ min: 2020, max: 2025 }),
    type: fc.constantFrom('news' as const, 'course' as const),
    pageIndex: fc.integer({ min: 0, max: 3 }),
    pageSize: fc.integer({ min: 1, max: 6 }),
  },
  { requiredKeys: ['pageIndex', 'pageSize'] },
);

function load(docs: Doc[]): { db: Db; rows: Array<Doc & { doc: number }> } {
  const db = openDatabase(':memory:');
  insertProject(db, 'proj');
  const rows = docs.map((doc) => {
    const fields: Record<string, unknown> = {
      title: doc.title,
      body: doc.body,
      tags: doc.tags,
      publishDate: `${doc.year}-06-01T00:00:00Z`,
    };
    if (doc.category !== undefined) fields.category = doc.category;
    const entry = makeEntry(fields, { contentTypeId: doc.type });
    return { ...doc, doc: insertEntryVersion(db, { projectId: 'proj', entry, isPublished: doc.published }) };
  });
  return { db, rows };
}

function request(spec: QuerySpec): SearchRequest {
  const where: unknown[] = [];
  if (spec.term) {
    const { text, fuzzy, operator, weight } = spec.term;
    where.push({
      field: 'searchContent',
      freeText: { term: text, fuzzy, operator },
      ...(weight ? { weight } : {}),
    });
  }
  if (spec.category) where.push({ field: 'category', equalTo: spec.category });
  // Odd years ask from 1 June, the day every document of a year is dated: the bound is met exactly.
  const month = spec.since && spec.since % 2 === 1 ? '06' : '01';
  if (spec.since)
    where.push({ field: 'publishDate', greaterThanOrEqualTo: `${spec.since}-${month}-01T00:00:00Z` });
  if (spec.type) where.push({ field: 'sys.contentTypeId', equalTo: spec.type });
  return {
    projectId: 'proj',
    where,
    pageIndex: spec.pageIndex,
    pageSize: spec.pageSize,
    aggregations: { categories: { field: 'category', missing: 'None' }, tags: { field: 'tags', size: 2 } },
    defaultVersionStatus: 'published',
    allowLatest: false,
  };
}

/** Count and buckets of the documents the filters (not the free text) admit, in plain JS. */
function reference(rows: Array<Doc & { doc: number }>, spec: QuerySpec, matched: Set<number> | undefined) {
  const admitted = rows.filter(
    (row) =>
      row.published &&
      (matched === undefined || matched.has(row.doc)) &&
      (spec.category === undefined || row.category === spec.category) &&
      (spec.since === undefined || row.year >= spec.since) &&
      (spec.type === undefined || row.type === spec.type),
  );
  const categories = new Map<string, number>();
  const tags = new Map<string, number>();
  for (const row of admitted) {
    const key = row.category ?? 'None';
    categories.set(key, (categories.get(key) ?? 0) + 1);
    for (const tag of row.tags) tags.set(tag, (tags.get(tag) ?? 0) + 1);
  }
  const top = (counts: Map<string, number>, size: number) =>
    Object.fromEntries(
      [...counts]
        .sort(([a, x], [b, y]) => y - x || (a.toLowerCase() < b.toLowerCase() ? -1 : 1))
        .slice(0, size),
    );
  return {
    totalCount: admitted.length,
    aggregations: { categories: top(categories, 10), tags: top(tags, 2) },
  };
}

/** The documents a freeText term matches, asked of the plain evaluation over every row. */
function matchedBy(db: Db, spec: QuerySpec, rows: Array<{ doc: number }>): Set<number> | undefined {
  if (!spec.term) return undefined;
  const all = searchEntries(db, {
    ...request({ term: spec.term, pageIndex: 0, pageSize: Math.max(1, rows.length) }),
    aggregations: undefined,
    plain: true,
  });
  return new Set(all.hits.map((hit) => hit.doc));
}

const strip = (result: SearchResult) => ({
  hits: result.hits.map(({ doc, score }) => ({ doc, score })),
  totalCount: result.totalCount,
  aggregations: result.aggregations,
});

/** A published news entry of 2024 with no tags: what the constructed cases vary is the text. */
const entry = (title: string, body: string): Doc => ({
  title,
  body,
  tags: [],
  year: 2024,
  type: 'news',
  published: true,
});

/** A one-hit page of `term`: the plain evaluation's, and holding `doc`. */
function expectFirstHit(db: Db, term: NonNullable<QuerySpec['term']>, doc: number): void {
  const spec: QuerySpec = { term, pageIndex: 0, pageSize: 1 };
  const optimised = searchEntries(db, request(spec));
  expect(strip(optimised)).toEqual(strip(searchEntries(db, { ...request(spec), plain: true })));
  expect(optimised.hits.map((hit) => hit.doc)).toEqual([doc]);
}

describe('optimised search against a plain evaluation', () => {
  // Small data sets too count their buckets from the in-memory columns (facet-columns.ts)
  // and filter first pages on doc values (doc-search.ts).
  const saved = { facets: facetPolicy.buildMinDocs, docValues: docValuePolicy.buildMinDocs };
  beforeAll(() => {
    facetPolicy.buildMinDocs = 0;
    docValuePolicy.buildMinDocs = 0;
  });
  afterAll(() => {
    facetPolicy.buildMinDocs = saved.facets;
    docValuePolicy.buildMinDocs = saved.docValues;
  });

  // Champion lists of 1000 hold every match of these small data sets; lists of 2 or 5 leave
  // documents out, so pages are proven from the lists' bound or searched again in full.
  it.each([
    ["candidates bounded by the best-by-bm25 documents' own scores", 100, 80, 1000],
    ['the same, with candidates beyond the best-by-bm25 documents', 100, 0, 1000],
    ['candidates bounded by bm25 alone (deep pages)', 0, 80, 1000],
    ['champion lists of 2 documents per phrase', 100, 80, 2],
    ['champion lists of 5, with candidates beyond the best-by-bm25 documents', 100, 0, 5],
  ])(
    'gives the same hits, order, scores, counts and buckets on random data (%s)',
    (_, seekPageEndMax, probeExtra, championSize) => {
      rankingPolicy.seekPageEndMax = seekPageEndMax;
      rankingPolicy.probeExtra = probeExtra;
      championPolicy.size = championSize;
      try {
        fc.assert(
          fc.property(
            fc.array(docArb, { minLength: 1, maxLength: 40 }),
            fc.array(queryArb, { minLength: 1, maxLength: 8 }),
            (docs, specs) => {
              const { db, rows } = load(docs);
              try {
                for (const spec of specs) {
                  const optimised = searchEntries(db, request(spec));
                  const plain = searchEntries(db, { ...request(spec), plain: true });
                  expect(strip(optimised)).toEqual(strip(plain));
                  expect({ totalCount: optimised.totalCount, aggregations: optimised.aggregations }).toEqual(
                    reference(rows, spec, matchedBy(db, spec, rows)),
                  );
                  // Without aggregations the matched set is only counted (champion lists).
                  const bare = { ...request(spec), aggregations: undefined };
                  expect(strip(searchEntries(db, bare))).toEqual(
                    strip(searchEntries(db, { ...bare, plain: true })),
                  );
                }
              } finally {
                db.close();
              }
            },
          ),
          { seed: 2611, numRuns: 120 },
        );
      } finally {
        rankingPolicy.seekPageEndMax = 100;
        rankingPolicy.probeExtra = 80;
        championPolicy.size = 1000;
      }
    },
  );

  it('keeps an exact match that bm25 alone ranks below a looser one', () => {
    // "marines" holds the stem of "marine" more often, so its bm25 is higher; the exact word
    // in the other entry's title wins once exactness counts. Ranking that only looked at the
    // best bm25 scores would put the wrong entry on the page.
    const { db, rows } = load([
      {
        title: 'marine history',
        body: 'words biology here marine seas',
        tags: [],
        year: 2024,
        type: 'news',
        published: true,
      },
      {
        title: 'marines',
        body: 'history here other history words marines music',
        tags: [],
        year: 2024,
        type: 'news',
        published: true,
      },
    ]);
    try {
      expectFirstHit(db, { text: 'marine', fuzzy: true, operator: 'and' }, rows[0]!.doc);
    } finally {
      db.close();
    }
  });

  it('gives a candidate beyond the best-by-bm25 documents its own factor', () => {
    // With no probe beyond the page (probeExtra 0) only the best entry by bm25 ("marines"
    // twice, stem only: factor 0.75) is worked out first; the second stem-only entry has a
    // lower bm25 but above 0.75 of the first, so it is a candidate outside the probe and must
    // be scored with its own factor (0.75), or it would wrongly take the page.
    const { db, rows } = load([
      { title: 'marines', body: 'marines', tags: [], year: 2024, type: 'news', published: true },
      { title: 'marines', body: 'marines campus', tags: [], year: 2024, type: 'news', published: true },
      { title: 'campus', body: 'music sea', tags: [], year: 2024, type: 'news', published: true },
    ]);
    rankingPolicy.probeExtra = 0;
    try {
      expectFirstHit(db, { text: 'marine', fuzzy: false, operator: 'and' }, rows[0]!.doc);
    } finally {
      rankingPolicy.probeExtra = 80;
      db.close();
    }
  });

  it('ranks a document outside the champion lists when it can beat their candidates', () => {
    // With lists of 2, "sea" lists the two entries holding it three times, and "ǂsea" (the
    // stem of "seas", written once per entry) the two shortest entries holding "seas". The
    // longer entry with one of each is in neither list, yet its two phrases together outscore
    // every listed entry: the lists cannot prove the page, so the search must score every
    // match instead of trusting the candidates.
    const { db, rows } = load([
      entry('sea seas', 'music campus'),
      entry('sea sea sea', ''),
      entry('sea sea sea', 'music'),
      entry('seas', ''),
      entry('seas', 'music'),
      ...Array.from({ length: 10 }, () => entry('campus', 'music')),
    ]);
    championPolicy.size = 2;
    try {
      expectFirstHit(db, { text: 'sea', fuzzy: false, operator: 'and' }, rows[0]!.doc);
    } finally {
      championPolicy.size = 1000;
      db.close();
    }
  });

  it("gives a candidate the exactness of a word it holds outside that word's champion list", () => {
    // With lists of 3, "sea" lists three of the four entries holding it three times; the
    // entry "sea seas" holds it once, so it is a candidate only through the complete list of
    // "ǂsea" (the stem of "seas"). It still holds the exact word, so its factor is 1, which
    // must be found in the word's matches, not read from the word's list alone.
    const { db, rows } = load([
      entry('sea seas', ''),
      entry('seas', ''),
      entry('sea sea sea', ''),
      entry('sea sea sea', 'music'),
      entry('sea sea sea', 'campus'),
      entry('sea sea sea', 'music campus'),
      ...Array.from({ length: 10 }, () => entry('campus', 'music')),
    ]);
    championPolicy.size = 3;
    try {
      expectFirstHit(db, { text: 'sea', fuzzy: false, operator: 'and' }, rows[0]!.doc);
    } finally {
      championPolicy.size = 1000;
      db.close();
    }
  });

  it('can fail: a different page is told apart', () => {
    const { db } = load([
      { title: 'sea', body: 'marine', tags: [], year: 2024, type: 'news', published: true },
      { title: 'sea sea', body: '', tags: [], year: 2024, type: 'news', published: true },
    ]);
    try {
      const spec: QuerySpec = {
        term: { text: 'sea', fuzzy: false, operator: 'and' },
        pageIndex: 0,
        pageSize: 1,
      };
      const first = searchEntries(db, request(spec));
      const second = searchEntries(db, { ...request({ ...spec, pageIndex: 1 }), plain: true });
      expect(strip(first)).not.toEqual(strip(second));
    } finally {
      db.close();
    }
  });
});
