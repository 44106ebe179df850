import type { Db } from '../db/db-handle.js';
import type { AggregationSpec } from './aggregations-parse.js';
import type { Expr } from './ast.js';
import { compileCandidateRanking, rankingPolicy } from './compile-search.js';
import { type CompiledWhere, flattenAnd } from './compile-where.js';
import { compileDocFilter, type DocTest } from './doc-filter.js';
import { rankInMemory } from './doc-rank.js';
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
import { MAX_INDEXED_PHRASES, matchedByShape, phraseIndexOf } from './phrase-postings.js';
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

/** The answer of a search by doc values: the page's hit rows (as SQL gives them), count and buckets. */
export interface DocSearchAnswer {
  rows: unknown[];
  totalCount: number;
  counted: Map<number, FacetCount>;
}

/**
 * A relevance-ordered first page of a free-text search, with or without filters, answered
 * from memory: the matches are set operations on the phrases' indexes (phrase-postings.ts),
 * the filters run on doc values, the count and the buckets come from the passing documents,
 * and the page is ranked by summing the phrases' bm25 (doc-rank.ts), exactly as SQL would.
 * An expression of more phrases than the indexes serve is matched and scored by FTS5 instead,
 * still without joining every match to `search_docs`.
 *
 * Null when the search is not of that kind (an order, a deep page, more than one free text,
 * a distance, a boost, an aggregation over a column, a filter doc values cannot answer, hidden
 * entries) or when it matches too few documents to read doc values for: the caller then
 * searches in SQL.
 *
 * @example
 * const answer = searchByDocValues(input); // { rows: [...hits], totalCount: 3153, counted }
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
  // The matches from the phrases' indexes when there are few enough phrases, else one pass of FTS5.
  const indexOf = (phrase: string) => phraseIndexOf(db, phrase, state);
  const matches =
    new Set(fts.shape.parts.flat(2)).size <= MAX_INDEXED_PHRASES
      ? matchedByShape(fts.shape, (phrase) => indexOf(phrase).bits)
      : parseDocList(
          cachedStatement(
            db,
            `SELECT group_concat(rowid) FROM search_fts WHERE search_fts MATCH ${fts.match}`,
          )
            .pluck()
            .get(params.values) as string | null,
        );
  let values = currentDocValues(db, state);
  if (!values) {
    if (matches.length < docValuePolicy.buildMinDocs) return null;
    values = buildDocValues(db, state);
  }
  const test = filterOf(input, values);
  if (!test) return null;

  const passing = new Int32Array(matches.length);
  let count = 0;
  for (let i = 0; i < matches.length; i++) if (test(matches[i]!)) passing[count++] = matches[i]!;
  const docs = passing.subarray(0, count);
  // The phrases' scores summed in memory; past the phrases that allows (a field target
  // multiplies them), bm25 from FTS5 for every passing document, still without the join.
  const rows =
    rankInMemory({ db, fts, indexOf, passing: docs, pageIndex: input.pageIndex, pageSize: input.pageSize }) ??
    scoreInSql(input, docs);
  return { rows, totalCount: docs.length, counted: countBuckets(input, docs) };
}

/** The first page ranked in SQL from every passing document (compile-search.ts). */
function scoreInSql(input: DocSearchInput, docs: Int32Array): unknown[] {
  const fts = input.compiled.fts[0]!;
  const sql = compileCandidateRanking(fts, JSON.stringify(Array.from(docs)), input.params);
  const page = { ...input.params.values, limit: input.pageSize, offset: input.pageIndex * input.pageSize };
  return cachedStatement(input.db, sql).all(page);
}

/** The search's filters, its project and its version rows as one test, if doc values answer them. */
function filterOf(input: DocSearchInput, values: DocValues): DocTest | undefined {
  const conjuncts = input.where.flatMap(flattenAnd);
  const driver = conjuncts.find((expr) => expr.kind === 'field' && expr.cond.op === 'freeText');
  const others = conjuncts.filter((expr) => expr !== driver);
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
