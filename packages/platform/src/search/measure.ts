import { existsSync, rmSync } from 'node:fs';
import type { Db } from '../db/db-handle.js';
import { openDatabase } from '../db/open.js';
import { createIndexer } from './indexer.js';
import { syntheticEntry, WORDS } from './measure-data.js';
import { searchEntries } from './search.js';
import type { SearchRequest } from './types.js';
import { parseZenql } from './zenql-parser.js';

/**
 * Measures the search engine at scale: indexes synthetic entries (`measure-data.ts`) into a
 * file database, then times each query kind the acceptance criteria name. Not a test —
 * it prints figures. Run it with
 *
 *   CANOPY_SEARCH_MEASURE=1 npx vitest run packages/platform/src/search/measure.test.ts
 *
 * (`CANOPY_SEARCH_MEASURE_ENTRIES` changes the count, default 100 000;
 * `CANOPY_SEARCH_MEASURE_DB` the database file, reused when it exists;
 * `CANOPY_SEARCH_MEASURE_RUNS` the runs per query kind, default 50.)
 */

/** Figures of one query kind, in milliseconds. */
export interface QueryFigures {
  name: string;
  p50: number;
  p95: number;
  max: number;
  totalCount: number;
}

/** Everything {@link runMeasurement} found out. */
export interface Measurement {
  entries: number;
  /** Time to write the entry rows and index them (0 when an existing database was reused). */
  indexMs: number;
  queries: QueryFigures[];
}

const PROJECT = 'measure';

/** Builds (or reuses) the database and times every query kind. */
export function runMeasurement(options: {
  entries: number;
  file: string;
  runs?: number;
  progress?: (figures: QueryFigures) => void;
}): Measurement {
  const reuse = existsSync(options.file);
  const db = openDatabase(options.file);
  let indexMs = 0;
  if (!reuse) indexMs = load(db, options.entries);
  options.progress?.({ name: `loaded in ${indexMs.toFixed(0)} ms`, p50: 0, p95: 0, max: 0, totalCount: 0 });
  const queries = QUERY_KINDS.map((kind) => {
    const figures = time(db, kind.name, kind.request, options.runs ?? 50);
    options.progress?.(figures);
    return figures;
  });
  db.close();
  return { entries: options.entries, indexMs, queries };
}

/** Deletes a measurement database and its WAL files. */
export function removeDatabase(file: string): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
}

function load(db: Db, count: number): number {
  db.prepare('INSERT INTO projects (id, name, primary_language) VALUES (?, ?, ?)').run(
    PROJECT,
    PROJECT,
    'en-GB',
  );
  const insert = db.prepare(
    `INSERT INTO entry_versions
       (project_id, entry_id, language, is_latest, is_published, content_type_id, data_format, version_no, entry_title, data)
     VALUES (?, ?, 'en-GB', 1, 1, ?, 'entry', '1.0', ?, ?)`,
  );
  const started = performance.now();
  const indexer = createIndexer(db, { fresh: true });
  // Batches of 2 000 per transaction, as a seed loader writes them.
  for (let start = 0; start < count; start += 2000) {
    db.transaction(() => {
      for (let i = start; i < Math.min(count, start + 2000); i++) {
        const entry = syntheticEntry(i, PROJECT);
        const { lastInsertRowid } = insert.run(
          PROJECT,
          entry.sys.id,
          entry.sys.contentTypeId ?? 'article',
          String(entry.entryTitle),
          JSON.stringify(entry),
        );
        indexer.index(Number(lastInsertRowid), entry);
      }
    })();
  }
  indexer.finish();
  return performance.now() - started;
}

type Kind = { name: string; request: () => SearchRequest };

const base = {
  projectId: PROJECT,
  pageIndex: 0,
  pageSize: 20,
  defaultVersionStatus: 'published',
  allowLatest: false,
} as const;

/** The query kinds measured, with a fresh request per run (so relative dates move on). */
export const QUERY_KINDS: Kind[] = [
  {
    name: 'composite: freeText + 2 filters + 2 aggregations',
    request: () => ({
      ...base,
      where: [
        { field: 'sys.versionStatus', equalTo: 'published' },
        { field: '*', freeText: { term: WORDS[40], fuzzy: false, operator: 'and' } },
        { field: 'sys.contentTypeId', equalTo: 'article' },
        { field: 'category', in: ['News', 'Research', 'Arts'] },
      ],
      aggregations: { tags: { field: 'entryTags', size: 10 }, categories: { field: 'category' } },
    }),
  },
  {
    name: 'composite, field freeText (title) weighted + or-filter',
    request: () => ({
      ...base,
      where: [
        {
          field: 'title',
          freeText: { term: `${WORDS[3]} ${WORDS[9]}`, fuzzy: false, operator: 'or' },
          weight: 10,
        },
        {
          or: [
            { field: 'featured', equalTo: true },
            { field: 'rating', greaterThan: 50 },
          ],
        },
      ],
      aggregations: { tags: { field: 'tags', size: 10 }, types: { field: 'sys.contentTypeId' } },
    }),
  },
  {
    name: 'fuzzy freeText (one typo)',
    request: () => ({ ...base, where: [{ field: '*', freeText: { term: `${WORDS[123]}x`, fuzzy: true } }] }),
  },
  {
    name: 'filter + orderBy date desc, page 50',
    request: () => ({
      ...base,
      pageIndex: 50,
      where: [{ field: 'sys.contentTypeId', equalTo: 'event' }],
      orderBy: [{ desc: 'publishDate' }],
    }),
  },
  {
    name: 'tag filter + orderBy sys.version.published, page 50',
    request: () => ({
      ...base,
      pageIndex: 50,
      where: [{ field: 'tags', equalTo: 'tag3' }],
      orderBy: '-sys.version.published',
    }),
  },
  {
    name: 'distanceWithin 20km ordered by distance',
    request: () => ({
      ...base,
      where: [{ field: 'location', distanceWithin: { lat: 52, lon: -2, distance: '20km' } }],
      orderBy: [{ asc: 'location' }],
    }),
  },
  {
    name: 'date range (last year) + count',
    request: () => ({
      ...base,
      where: [{ field: 'sys.version.published', greaterThanOrEqualTo: 'startOfYear(-1)' }],
    }),
  },
  {
    name: 'match all, default order + aggregation',
    request: () => ({ ...base, aggregations: { categories: { field: 'category' } } }),
  },
  {
    name: 'ZenQL parse + search',
    request: () => {
      const { where, orderBy } = parseZenql(
        `sys.contentTypeId = article AND category IN ('News', 'Sport') AND rating between(20, 60) ORDER BY publishDate DESC`,
      );
      return { ...base, where, orderBy };
    },
  },
];

function time(db: Db, name: string, request: () => SearchRequest, runs: number): QueryFigures {
  let totalCount = searchEntries(db, request()).totalCount; // warm-up (statement cache, pages)
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    totalCount = searchEntries(db, request()).totalCount;
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
  return { name, p50: at(0.5), p95: at(0.95), max: samples[samples.length - 1]!, totalCount };
}

/** The figures as a printable table. */
export function formatMeasurement(m: Measurement): string {
  const lines = [
    `entries: ${m.entries}`,
    m.indexMs > 0
      ? `insert + index: ${(m.indexMs / 1000).toFixed(1)} s`
      : 'insert + index: (reused database)',
    'query kind | p50 ms | p95 ms | max ms | totalCount',
  ];
  for (const q of m.queries) {
    lines.push(
      `${q.name} | ${q.p50.toFixed(1)} | ${q.p95.toFixed(1)} | ${q.max.toFixed(1)} | ${q.totalCount}`,
    );
  }
  return lines.join('\n');
}
