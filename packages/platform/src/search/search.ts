import type { Db } from '../db/db-handle.js';
import { type AggregationSpec, parseAggregations } from './aggregations-parse.js';
import type { Expr } from './ast.js';
import { type Champions, championsOf, noteUnproven } from './champion-lists.js';
import { compileSearch, PART } from './compile-search.js';
import { type CompiledWhere, type FtsScore, WhereCompiler } from './compile-where.js';
import { searchByDocValues, type VersionRows } from './doc-search.js';
import { SearchAccessError, SearchError } from './errors.js';
import {
  buildColumn,
  countColumn,
  countInSql,
  currentColumn,
  databaseState,
  type FacetColumn,
  type FacetCount,
  parseDocList,
} from './facet-columns.js';
import { hasStagedFullText, moveStagedFullText, tryHousekeeping } from './fts-staging.js';
import { parseOrderBy } from './order-by.js';
import { PathIdReader } from './paths.js';
import { ensureValueIndexes, forgetValueIndexes } from './schema.js';
import { SqlParams } from './sql-params.js';
import { cachedStatement } from './statement-cache.js';
import type { SearchHit, SearchRequest, SearchResult } from './types.js';
import { parseWhere } from './where-parse.js';

interface ResultRow {
  part: number;
  agg: number | null;
  n: number;
  s: string | null;
  language: string | null;
  is_published: number | null;
  is_latest: number | null;
  score: number | null;
  dist: number | null;
}

const readers = new WeakMap<Db, PathIdReader>();

/**
 * Runs a search (contract §1.6.4, §2): validates `where`, `orderBy` and `aggregations`,
 * compiles them into one SQL statement and returns a page of hits, the total count and the
 * aggregation buckets. Throws {@link SearchError} for a malformed request and
 * {@link SearchAccessError} when `latest` is asked for without `allowLatest`.
 *
 * Version status: a `sys.versionStatus` clause anywhere in `where` filters on the row flags
 * (`published` → `is_published`, `latest` → `is_latest`); without one, `defaultVersionStatus`
 * applies. Without `allowLatest` only published rows are ever searched.
 *
 * @example
 * searchEntries(db, {
 *   projectId: 'movieDb', pageIndex: 0, pageSize: 10,
 *   where: [{ field: 'sys.contentTypeId', equalTo: 'movie' }, { field: 'title', freeText: 'dark knight' }],
 *   aggregations: { genres: { field: 'genre', size: 10 } },
 *   defaultVersionStatus: 'published', allowLatest: false,
 * });
 */
export function searchEntries(db: Db, request: SearchRequest): SearchResult {
  try {
    return runSearch(db, request);
  } catch (error) {
    // Another connection's bulk load may have dropped the value indexes since this one
    // checked (see createIndexer): look again, rebuild them, and retry once.
    if (!(error instanceof Error) || !/no such index: search_values_/.test(error.message)) throw error;
    forgetValueIndexes(db);
    return runSearch(db, request);
  }
}

/**
 * When aggregations are counted from in-memory columns (facet-columns.ts): a matched set of
 * at least `buildMinDocs` documents builds a column that is missing or stale; a smaller one
 * is counted in SQL over its document list unless a current column is at hand, since a build
 * reads every value of the path. Tests set it to 0 (always the columns) or to Infinity
 * (always SQL over the list).
 */
export const facetPolicy = { buildMinDocs: 2000 };

function runSearch(db: Db, request: SearchRequest): SearchResult {
  // Full-text rows a bulk load queued are moved in before anything reads the index.
  if (hasStagedFullText(db)) tryHousekeeping(() => moveStagedFullText(db));
  const wantsFacets =
    !request.plain && (request.aggregations ? Object.keys(request.aggregations).length > 0 : false);
  // Champion lists and aggregation columns belong to the snapshot the statement reads: one
  // transaction for all of them.
  const inSnapshot = (): SearchResult => {
    // A first read fixes the snapshot, so the state named next is the one the search reads.
    cachedStatement(db, 'SELECT 1 FROM search_docs LIMIT 1').get();
    const state = databaseState(db);
    const pageEnd = (request.pageIndex + 1) * request.pageSize;
    let asked: string[] | undefined;
    const champions = request.plain
      ? undefined
      : (fts: FtsScore) => {
          asked = fts.phrases;
          return championsOf(db, fts.phrases, state, pageEnd);
        };
    // Validated and compiled once for every way of answering below.
    const prepared = prepareSearch(db, request);
    const byDocValues = request.plain ? null : searchWithDocValues(db, request, prepared, state);
    if (byDocValues) return byDocValues;
    const proven = runAttempt(db, request, prepared, wantsFacets, state, champions);
    if (proven) return proven;
    // The lists' candidates could not prove the page: score every match, and remember it.
    if (asked) noteUnproven(db, asked, pageEnd, state);
    return runAttempt(db, request, prepared, wantsFacets, state, undefined) as SearchResult;
  };
  return db.inTransaction ? inSnapshot() : db.transaction(inSnapshot)();
}

/**
 * The search answered from doc values (doc-search.ts) when it is of the kind they serve and
 * its page is proven; null to search in SQL.
 */
function searchWithDocValues(
  db: Db,
  request: SearchRequest,
  prepared: PreparedSearch,
  state: string,
): SearchResult | null {
  const answer = searchByDocValues({
    db,
    state,
    projectId: request.projectId,
    where: prepared.where,
    compiled: prepared.compiled,
    params: prepared.params,
    paths: prepared.paths,
    versionRows: prepared.versionRows,
    aggregations: prepared.aggregations,
    hasOrder: prepared.orderBy.length > 0,
    hasHidden: prepared.hidden !== undefined,
    pageIndex: request.pageIndex,
    pageSize: request.pageSize,
    facetBuildMinDocs: facetPolicy.buildMinDocs,
  });
  if (!answer) return null;
  const count: ResultRow = {
    part: PART.count,
    agg: null,
    n: answer.totalCount,
    s: null,
    language: null,
    is_published: null,
    is_latest: null,
    score: null,
    dist: null,
  };
  return assemble([...(answer.rows as ResultRow[]), count], prepared.aggregations, undefined, answer.counted);
}

/**
 * Plans and runs a search once in the read transaction whose database state is `state`; null
 * when it ranked only champion lists' candidates and
 * they do not prove the page (see compile-search.ts, `CompiledSearch.champions`).
 */
function runAttempt(
  db: Db,
  request: SearchRequest,
  prepared: PreparedSearch,
  wantsFacets: boolean,
  state: string,
  champions: ((fts: FtsScore) => Champions | undefined) | undefined,
): SearchResult | null {
  const plan = planSearch(request, prepared, wantsFacets, champions);
  const rows = cachedStatement(db, plan.sql).all(plan.values) as ResultRow[];
  if (plan.champions && plan.champions.bound > 0) {
    const kth = rows.find((row) => row.part === PART.kth)?.score ?? null;
    if (kth === null || !(kth > plan.champions.threshold)) return null;
  }
  if (plan.facets.length === 0) return assemble(rows, plan.aggregations, plan.distance);
  const list = rows.find((row) => row.part === PART.docs)?.s ?? null;
  const docs = parseDocList(list);
  const counted = new Map<number, FacetCount>();
  for (const { index, path } of plan.facets) {
    const size = plan.aggregations[index]!.size;
    let column: FacetColumn | undefined = currentColumn(db, path, state);
    if (!column && docs.length >= facetPolicy.buildMinDocs) column = buildColumn(db, path, state);
    counted.set(index, column ? countColumn(column, docs, size) : countInSql(db, path, list, size));
  }
  return assemble(rows, plan.aggregations, plan.distance, counted);
}

/**
 * The SQL statement and parameters `searchEntries` would run, with SQLite's query plan —
 * for diagnosing slow searches.
 */
export function explainSearch(
  db: Db,
  request: SearchRequest,
): { sql: string; values: Record<string, unknown>; plan: string[] } {
  const { sql, values } = planSearch(request, prepareSearch(db, request), false);
  const plan = db
    .prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .all(values)
    .map((row) => (row as { detail: string }).detail);
  return { sql, values, plan };
}

interface PlannedSearch {
  sql: string;
  values: Record<string, string | number | null>;
  aggregations: AggregationSpec[];
  distance?: { field: string; unitMetres: number };
  /** Aggregations whose buckets the caller counts from the docs part (facetDocs). */
  facets: Array<{ index: number; path: number }>;
  /** Set when only champion lists' candidates were ranked (see runAttempt). */
  champions?: { bound: number; threshold: number };
}

/** A request validated and its where clause compiled: what both ways of searching start from. */
interface PreparedSearch {
  where: Expr[];
  orderBy: ReturnType<typeof parseOrderBy>;
  aggregations: AggregationSpec[];
  versionRows: VersionRows;
  paths: PathIdReader;
  params: SqlParams;
  compiled: CompiledWhere;
  /** SQL leaving out the entries the request hides, if it hides any. */
  hidden: string | undefined;
}

function prepareSearch(db: Db, request: SearchRequest): PreparedSearch {
  const { pageIndex, pageSize } = request;
  if (!Number.isInteger(pageIndex) || pageIndex < 0)
    throw new SearchError('pageIndex: expected an integer >= 0');
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 10_000) {
    throw new SearchError('pageSize: expected an integer from 1 to 10000');
  }
  const where = parseWhere(request.where, request.now ?? Date.now());
  const orderBy = parseOrderBy(request.orderBy);
  const aggregations = parseAggregations(request.aggregations);
  const rows = versionRows(where, request);

  ensureValueIndexes(db);
  let paths = readers.get(db);
  if (!paths) {
    paths = new PathIdReader(db);
    readers.set(db, paths);
  }
  const params = new SqlParams();
  const compiled = new WhereCompiler(db, paths, params).compile(where);
  // By doc (in every index of search_docs), so leaving entries out costs no table reads.
  const hidden = request.hidden?.('h.entry_id', (value) => params.add(value)) ?? undefined;
  return { where, orderBy, aggregations, versionRows: rows, paths, params, compiled, hidden };
}

function planSearch(
  request: SearchRequest,
  prepared: PreparedSearch,
  facetDocs: boolean,
  champions?: (fts: FtsScore) => Champions | undefined,
): PlannedSearch {
  const { pageIndex, pageSize } = request;
  const { orderBy, aggregations, paths, params, compiled, hidden } = prepared;
  const statusFilter = VERSION_ROWS_SQL[prepared.versionRows];
  const search = compileSearch(
    {
      where: compiled,
      statusFilter: hidden
        ? `${statusFilter} AND d.doc NOT IN (SELECT h.doc FROM search_docs AS h WHERE h.project_id = @project AND ${hidden})`
        : statusFilter,
      orderBy,
      aggregations,
      ...(request.plain ? { plain: true } : {}),
      ...(facetDocs ? { facetDocs: true } : {}),
      pageEnd: (pageIndex + 1) * pageSize,
      ...(champions ? { champions } : {}),
    },
    params,
    paths,
  );
  const values = {
    ...params.values,
    project: request.projectId,
    limit: pageSize,
    offset: pageIndex * pageSize,
  };
  return {
    sql: search.sql,
    values,
    aggregations,
    facets: search.facets,
    ...(search.distance ? { distance: search.distance } : {}),
    ...(search.champions ? { champions: search.champions } : {}),
  };
}

/** The version rows to search, after checking access (see {@link searchEntries}). */
function versionRows(where: Expr[], request: SearchRequest): VersionRows {
  let mentioned = false;
  let wantsLatest = false;
  const visit = (expr: Expr): void => {
    switch (expr.kind) {
      case 'status':
        mentioned = true;
        if (expr.statuses.includes('latest')) wantsLatest = true;
        return;
      case 'and':
      case 'or':
        expr.items.forEach(visit);
        return;
      case 'not':
        visit(expr.item);
        return;
      default:
        return;
    }
  };
  where.forEach(visit);
  if (!request.allowLatest) {
    if (wantsLatest) throw new SearchAccessError('Searching the latest versions needs preview access');
    // Also guards against clauses like not(published) reaching unpublished drafts.
    return 'published';
  }
  if (mentioned) return 'any';
  return request.defaultVersionStatus === 'latest' ? 'latest' : 'published';
}

const VERSION_ROWS_SQL: Record<VersionRows, string> = {
  published: 'd.is_published = 1',
  latest: 'd.is_latest = 1',
  any: '1',
};

function assemble(
  rows: ResultRow[],
  aggregations: AggregationSpec[],
  distance: { field: string; unitMetres: number } | undefined,
  counted?: ReadonlyMap<number, FacetCount>,
): SearchResult {
  const hits: SearchHit[] = [];
  let totalCount = 0;
  const buckets = aggregations.map(() => new Map<string, number>());
  const missing = aggregations.map(() => 0);
  for (const row of rows) {
    switch (row.part) {
      case PART.hit: {
        const hit: SearchHit = {
          doc: row.n,
          entryId: row.s ?? '',
          language: row.language ?? '',
          isPublished: row.is_published === 1,
          isLatest: row.is_latest === 1,
          score: row.score ?? 0,
        };
        if (distance && row.dist !== null)
          hit.distance = { field: distance.field, value: row.dist / distance.unitMetres };
        hits.push(hit);
        break;
      }
      case PART.count:
        totalCount = row.n;
        break;
      case PART.bucket:
        buckets[row.agg!]!.set(row.s ?? '', row.n);
        break;
      case PART.missing:
        missing[row.agg!] = row.n;
        break;
    }
  }
  for (const [index, count] of counted ?? []) {
    for (const [key, n] of count.buckets) buckets[index]!.set(key, n);
    missing[index] = count.missing;
  }
  const result: SearchResult = { hits, totalCount };
  if (aggregations.length > 0) {
    result.aggregations = {};
    aggregations.forEach((spec, i) => {
      const counts = buckets[i]!;
      const missingCount = missing[i]!;
      if (spec.missing !== undefined && missingCount > 0) {
        // The missing bucket competes for the `size` places like any other bucket.
        counts.set(spec.missing, (counts.get(spec.missing) ?? 0) + missingCount);
      }
      const sorted = [...counts].sort(
        ([keyA, countA], [keyB, countB]) => countB - countA || compareKeys(keyA, keyB),
      );
      result.aggregations![spec.name] = Object.fromEntries(sorted.slice(0, spec.size));
    });
  }
  return result;
}

function compareKeys(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (x !== y) return x < y ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
