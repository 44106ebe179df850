import type { Db } from '../db/db-handle.js';
import type { AggregationSpec } from './aggregations-parse.js';
import type { Expr } from './ast.js';
import { championPolicy, championsOf, noteUnproven } from './champion-lists.js';
import { compileCandidateRanking, PART, rankingPolicy } from './compile-search.js';
import { type CompiledWhere, flattenAnd } from './compile-where.js';
import { compileDocFilter, type DocTest } from './doc-filter.js';
import { buildDocValues, currentDocValues, type DocValues } from './doc-values.js';
import {
  buildColumn,
  countColumn,
  countInSql,
  currentColumn,
  type FacetColumn,
  type FacetCount,
  parseDocList,
} from './facet-columns.js';
import { columnOf } from './fields.js';
import type { PathIdReader } from './paths.js';
import type { SqlParams } from './sql-params.js';
import { cachedStatement } from './statement-cache.js';

/**
 * When searches filter on doc values (doc-values.ts): they are read for a state of the
 * database when a search matches at least `buildMinDocs` documents, since a read walks all
 * of `search_docs`; a smaller search without them at hand is answered in SQL. Tests set it to
 * 0 so that small data sets take this path too.
 */
export const docValuePolicy = { buildMinDocs: 2000 };

/** Which version rows a search reads (search.ts `versionRows`). */
export type VersionRows = 'published' | 'latest' | 'any';

/** What a search by doc values needs, prepared by search.ts. */
export interface DocSearchInput {
  db: Db;
  /** The database state of the search's read transaction. */
  state: string;
  projectId: string;
  where: Expr[];
  compiled: CompiledWhere;
  params: SqlParams;
  paths: PathIdReader;
  versionRows: VersionRows;
  aggregations: AggregationSpec[];
  hasOrder: boolean;
  hasHidden: boolean;
  pageIndex: number;
  pageSize: number;
  /** Above this many facet documents a missing aggregation column is built (search.ts). */
  facetBuildMinDocs: number;
}

/** The answer of a search by doc values: the SQL rows of the page (hits, kth), count and buckets. */
export interface DocSearchAnswer {
  rows: unknown[];
  totalCount: number;
  counted: Map<number, FacetCount>;
}

/**
 * A relevance-ordered first page of a free-text search, with or without filters, answered
 * without joining its matches to `search_docs`: FTS5 lists the matches (one pass, no
 * score), the filters run on doc values in memory, the count and the buckets come from the
 * passing documents, and bm25 is computed only for the champion lists' documents among them
 * (champion-lists.ts), whose page stands when their k-th score proves it.
 *
 * When no more documents pass than a champion list holds, or the lists cannot prove the page,
 * every passing document is scored instead: still without the join, and exact.
 *
 * Null when the search is not of that kind (an order, a deep page, more than one free text,
 * a distance, a boost, an aggregation over a column, a filter doc values cannot answer, hidden
 * entries) or when it matches too few documents to read doc values for: the caller then
 * searches in SQL.
 *
 * @example
 * const answer = searchByDocValues(input); // { rows: [...hits, kth], totalCount: 3153, counted }
 */
export function searchByDocValues(input: DocSearchInput): DocSearchAnswer | null {
  const { db, state, compiled, params } = input;
  const pageEnd = (input.pageIndex + 1) * input.pageSize;
  const fts = compiled.fts[0];
  if (
    input.hasOrder ||
    input.hasHidden ||
    pageEnd > rankingPolicy.seekPageEndMax ||
    compiled.fts.length !== 1 ||
    !fts?.inline ||
    compiled.geo.length > 0 ||
    compiled.score !== '0' ||
    input.aggregations.some((spec) => columnOf(spec.field))
  ) {
    return null;
  }
  const list = cachedStatement(
    db,
    `SELECT group_concat(rowid) FROM search_fts WHERE search_fts MATCH ${fts.match}`,
  )
    .pluck()
    .get(params.values) as string | null;
  const matches = parseDocList(list);
  let values = currentDocValues(db, state);
  if (!values) {
    if (matches.length < docValuePolicy.buildMinDocs) return null;
    values = buildDocValues(db, state);
  }
  const test = filterOf(input, values);
  if (!test) return null;

  const passing = new Int32Array(matches.length);
  let count = 0;
  let maxDoc = -1;
  for (let i = 0; i < matches.length; i++) {
    const doc = matches[i]!;
    if (test(doc)) {
      passing[count++] = doc;
      if (doc > maxDoc) maxDoc = doc;
    }
  }
  const docs = passing.subarray(0, count);
  const rank = (candidates: ArrayLike<number>, bound: number) => {
    const ranking = compileCandidateRanking(fts, JSON.stringify(Array.from(candidates)), bound, params);
    const page = { ...params.values, limit: input.pageSize, offset: input.pageIndex * input.pageSize };
    const rows = cachedStatement(db, ranking.sql).all(page) as Array<{ part: number; score: number | null }>;
    if (bound === 0) return rows;
    const kth = rows.find((row) => row.part === PART.kth)?.score ?? null;
    return kth !== null && kth > ranking.threshold ? rows : null;
  };

  // Few enough documents pass to score them all; otherwise the champion lists' documents
  // among them, from lists deep enough that about `k × 64` of them should pass (and from the
  // deepest lists when those cannot prove the page), and all of them when no list can.
  let rows: unknown[] | null = null;
  // The filters, as a key: a page they could not prove is not tried this way again.
  const filterKey = JSON.stringify([input.where, input.versionRows, input.projectId]);
  const deepest = championPolicy.size * championPolicy.deepFactor;
  if (docs.length > championPolicy.size) {
    const member = new Uint8Array(maxDoc + 1);
    for (let i = 0; i < docs.length; i++) member[docs[i]!] = 1;
    const share = docs.length / matches.length;
    const first = Math.min(deepest, Math.max(championPolicy.size, Math.ceil((pageEnd * 64) / share)));
    for (const depth of first < deepest ? [first, deepest] : [deepest]) {
      const champions = championsOf(db, fts.phrases, state, pageEnd, filterKey, depth);
      if (!champions) break;
      rows = rank(
        champions.ids.filter((doc) => doc <= maxDoc && member[doc] === 1),
        champions.bound,
      );
      if (rows) break;
    }
    if (!rows) noteUnproven(db, fts.phrases, pageEnd, state, filterKey);
  }
  rows ??= rank(docs, 0) as unknown[];
  return { rows, totalCount: docs.length, counted: countBuckets(input, docs) };
}

/** The search's filters, its project and its version rows as one test, if doc values answer them. */
function filterOf(input: DocSearchInput, values: DocValues): DocTest | undefined {
  const driver = input.where
    .flatMap(flattenAnd)
    .find((expr) => expr.kind === 'field' && expr.cond.op === 'freeText');
  const others = input.where.flatMap(flattenAnd).filter((expr) => expr !== driver);
  const filters = compileDocFilter({ db: input.db, paths: input.paths, values, state: input.state }, others);
  if (!filters) return undefined;
  const pass = Uint8Array.from(values.rows, (row) =>
    row.project === input.projectId &&
    (input.versionRows === 'any' || (input.versionRows === 'published' ? row.published : row.latest))
      ? 1
      : 0,
  );
  const { codes } = values;
  return (doc) => {
    const code = doc < codes.length ? codes[doc]! : -1;
    return code >= 0 && pass[code] === 1 && filters(doc);
  };
}

/** The buckets of every aggregation over `docs` (none is over a column here). */
function countBuckets(input: DocSearchInput, docs: Int32Array): Map<number, FacetCount> {
  const counted = new Map<number, FacetCount>();
  let list: string | undefined;
  input.aggregations.forEach((spec, index) => {
    const path = input.paths.exact(spec.field);
    if (path === undefined) {
      counted.set(index, { buckets: [], missing: docs.length });
      return;
    }
    let column: FacetColumn | undefined = currentColumn(input.db, path, input.state);
    if (!column && docs.length >= input.facetBuildMinDocs) column = buildColumn(input.db, path, input.state);
    if (column) counted.set(index, countColumn(column, docs, spec.size));
    else {
      list ??= docs.join(',');
      counted.set(index, countInSql(input.db, path, list, spec.size));
    }
  });
  return counted;
}
