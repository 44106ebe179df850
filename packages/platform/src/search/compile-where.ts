import type { Db } from '../db/db-handle.js';
import type { WordAnalysis } from './analysis.js';
import type { Condition, Expr, FieldExpr } from './ast.js';
import { boundingBox, EARTH_RADIUS_M } from './distance.js';
import { SearchError } from './errors.js';
import { columnOf, SEARCH_CONTENT_FIELDS } from './fields.js';
import { buildMatch, type FtsShape } from './fts-query.js';
import { fuzzyExpansions } from './fuzzy.js';
import type { PathIdReader } from './paths.js';
import { columnPredicate, type ValueCondition, valuePredicate } from './predicates.js';
import { queryAnalyses } from './query-analysis.js';
import type { SqlParams } from './sql-params.js';
import { cachedStatement } from './statement-cache.js';

/** A distanceWithin filter compiled to a CTE of (doc, dist in metres). */
export interface GeoFilter {
  alias: string;
  field: string;
  unitMetres: number;
}

/** A freeText expression to score: its MATCH parameter and weight. */
export interface FtsScore {
  match: string;
  weight: number;
  /** Exactness of the loosest matches (see fts-query.ts). */
  factor: number;
  /**
   * Stricter MATCH parameters, strictest first, with the exactness of what each adds and the
   * classes of `shape` each holds (up to `upTo`).
   */
  levels: Array<{ match: string; factor: number; upTo: number }>;
  /** With `or` and several words: a MATCH parameter per word (see fts-query.ts `words`). */
  words: string[];
  /** The phrases of `match`, as text (not parameters): see fts-query.ts `phrases`. */
  phrases: string[];
  /** The structure of `match` (fts-query.ts `FtsShape`). */
  shape: FtsShape;
  /** The expression drives the query: `search_fts` is in the FROM clause, score it there. */
  inline: boolean;
}

/** The where clause as SQL pieces for the matched-set query over `search_docs AS d`. */
export interface CompiledWhere {
  /** `name AS MATERIALIZED (…)` definitions to put in the WITH clause. */
  ctes: string[];
  /** FROM clause: the driving set joined to `search_docs AS d`, plus `joins`. */
  from: string;
  /** LEFT JOINs the where clause needs after `d` (distances of non-driving distanceWithin). */
  joins: string;
  /** Boolean SQL over `d` and the joined CTEs. */
  where: string;
  /** Constant relevance of weighted non-free-text expressions (0 without any). */
  score: string;
  /** freeText expressions, scored with bm25 once the matched set is known. */
  fts: FtsScore[];
  /** distanceWithin filters in order of appearance. */
  geo: GeoFilter[];
  /** How the matched set is found: from an index of one condition, or by walking search_docs. */
  driver: 'fts' | 'geo' | 'values' | 'scan';
  /** Some condition besides the driving one narrows the matched set. */
  filtered: boolean;
}

type Driver = { index: number; kind: 'fts' | 'geo' | 'values' };

/**
 * Compiles validated where expressions (top level ANDed) to SQL. One top-level conjunct is
 * chosen to drive the query — its matching documents are found from an index first and
 * joined to `search_docs`, instead of walking every row of the project: free text first
 * (FTS5), then distanceWithin (bounding box on the geo index), then equality or prefix on a
 * value path, then a range; with none of those the planner walks `search_docs` by its own
 * indexes (project, content type). Every other condition is a per-document probe (`EXISTS`
 * on the `(path, doc)` primary key of search_values), a column test on search_docs, or
 * membership in a materialised CTE (free text, distance).
 */
export class WhereCompiler {
  readonly #db: Db;
  readonly #paths: PathIdReader;
  readonly #params: SqlParams;
  readonly #ctes: string[] = [];
  readonly #joins: string[] = [];
  readonly #score: string[] = [];
  readonly #fts: FtsScore[] = [];
  readonly #geo: GeoFilter[] = [];
  // `d` is search_docs: entry_versions' search columns without the JSON (see migration 002).
  #from = 'search_docs AS d';
  #aliases = 0;
  // Free text is analysed in the languages the search filters on (query-analysis.ts).
  #analyses: WordAnalysis[] = ['english'];

  /** A compiler writing parameters into `params`. */
  constructor(db: Db, paths: PathIdReader, params: SqlParams) {
    this.#db = db;
    this.#paths = paths;
    this.#params = params;
  }

  /** Compiles the top-level expression list. */
  compile(expressions: Expr[]): CompiledWhere {
    const conjuncts = expressions.flatMap(flattenAnd);
    this.#analyses = queryAnalyses(conjuncts);
    const driver = chooseDriver(conjuncts);
    const parts = conjuncts.map((expr, i) =>
      i === driver?.index ? this.#driver(expr as FieldExpr, driver.kind) : this.#expr(expr),
    );
    return {
      ctes: this.#ctes,
      from: [this.#from, ...this.#joins].join(' '),
      joins: this.#joins.join(' '),
      where: parts.length === 0 ? '1' : parts.join(' AND '),
      score: this.#score.length === 0 ? '0' : this.#score.join(' + '),
      fts: this.#fts,
      geo: this.#geo,
      driver: driver?.kind ?? 'scan',
      filtered: parts.some((part, i) => i !== driver?.index && part !== '1'),
    };
  }

  #alias(prefix: string): string {
    this.#aliases += 1;
    return `${prefix}${this.#aliases}`;
  }

  #driver(expr: FieldExpr, kind: Driver['kind']): string {
    if (kind === 'fts') {
      const found = this.#match(expr);
      if (found === undefined) return '0';
      // The full-text table itself drives: one pass over its matches, and bm25 is only
      // evaluated for rows that pass every other condition (the WHERE runs first).
      this.#from = 'search_fts CROSS JOIN search_docs AS d ON d.doc = search_fts.rowid';
      this.#fts.push({ ...found, weight: expr.weight, inline: true });
      return `search_fts MATCH ${found.match}`;
    }
    if (kind === 'geo') {
      const alias = this.#geoCte(expr);
      if (alias === undefined) return '0';
      this.#from = `${alias} CROSS JOIN search_docs AS d ON d.doc = ${alias}.doc`;
      return '1';
    }
    const ids = this.#paths.tree(expr.field);
    if (ids.length === 0) return '0';
    const cond = expr.cond as ValueCondition;
    const predicate = valuePredicate(cond, this.#params);
    // CROSS JOIN pins the join order: the driving documents first, then their rows. The
    // index is named because DISTINCT tempts the planner into walking the whole path in doc
    // order instead of reading just the matching value range.
    // One text value on one path matches at most one row per document (the indexer stores
    // each value of a path once), so only other drivers need DISTINCT.
    const single =
      ids.length === 1 && cond.op === 'anyOf' && cond.values.length === 1 && !cond.values[0]!.date;
    this.#from = `(SELECT ${single ? '' : 'DISTINCT '}v.doc AS doc FROM search_values AS v${indexFor(cond)} WHERE ${this.#pathTest(ids)} AND ${predicate}) AS drv CROSS JOIN search_docs AS d ON d.doc = drv.doc`;
    this.#boost(expr, '1');
    return '1';
  }

  #expr(expr: Expr): string {
    switch (expr.kind) {
      case 'all':
        return '1';
      case 'and':
        return `(${expr.items.map((item) => this.#expr(item)).join(' AND ')})`;
      case 'or':
        return `(${expr.items.map((item) => this.#expr(item)).join(' OR ')})`;
      case 'not':
        return `NOT (${this.#expr(expr.item)})`;
      case 'status': {
        const tests = [
          ...(expr.statuses.includes('published') ? ['d.is_published = 1'] : []),
          ...(expr.statuses.includes('latest') ? ['d.is_latest = 1'] : []),
        ];
        if (tests.length === 0) return '0';
        return tests.length === 1 ? tests[0]! : `(${tests.join(' OR ')})`;
      }
      case 'field':
        return this.#field(expr);
    }
  }

  #field(expr: FieldExpr): string {
    const { cond } = expr;
    if (cond.op === 'freeText') {
      const alias = this.#ftsCte(expr);
      return alias === undefined ? '0' : `d.doc IN (SELECT doc FROM ${alias})`;
    }
    if (cond.op === 'distanceWithin') {
      const alias = this.#geoCte(expr);
      if (alias === undefined) return '0';
      this.#joins.push(`LEFT JOIN ${alias} ON ${alias}.doc = d.doc`);
      return `${alias}.doc IS NOT NULL`;
    }
    if (SEARCH_CONTENT_FIELDS.has(expr.field)) {
      throw new SearchError(`${expr.at}: "${expr.field}" can only be searched with freeText`);
    }
    const column = columnOf(expr.field);
    if (column) {
      if (cond.op === 'range' && (cond.lower?.bound.kind === 'num' || cond.upper?.bound.kind === 'num')) {
        throw new SearchError(`${expr.at}: ${expr.field} is text; compare it with text values`);
      }
      const sql = this.#column(expr.field, column, cond);
      this.#boost(expr, sql);
      return sql;
    }
    const ids = this.#paths.tree(expr.field);
    const sql = this.#values(ids, cond);
    this.#boost(expr, sql);
    return sql;
  }

  /** A per-document probe of the value rows of `ids` (the path and the paths under it). */
  #values(ids: number[], cond: ValueCondition): string {
    if (ids.length === 0) return cond.op === 'exists' && !cond.value ? '1' : '0';
    if (cond.op === 'exists') {
      const probe = `EXISTS (SELECT 1 FROM search_values AS v WHERE ${this.#pathTest(ids)} AND v.doc = d.doc)`;
      return cond.value ? probe : `NOT ${probe}`;
    }
    const predicate = valuePredicate(cond, this.#params, true);
    return `EXISTS (SELECT 1 FROM search_values AS v WHERE ${this.#pathTest(ids)} AND v.doc = d.doc AND ${predicate})`;
  }

  #column(field: string, column: string, cond: ValueCondition): string {
    const predicate = columnPredicate(column, cond, this.#params);
    if (cond.op !== 'anyOf' || (field !== 'sys.contentTypeId' && field !== 'sys.id')) return predicate;
    const candidates = indexSpellings(this.#db, field, cond.values);
    return `(d.${column} IN (${this.#params.list([...candidates])}) AND ${predicate})`;
  }

  #pathTest(ids: number[]): string {
    return ids.length === 1
      ? `v.path = ${this.#params.add(ids[0]!)}`
      : `v.path IN (${this.#params.list(ids)})`;
  }

  /** Adds a constant boost for a weighted non-free-text expression that matches. */
  #boost(expr: FieldExpr, sql: string): void {
    if (expr.weight > 1)
      this.#score.push(`(CASE WHEN ${sql} THEN ${this.#params.add(expr.weight)} ELSE 0 END)`);
  }

  /** The MATCH parameters of a freeText expression; undefined when nothing can match. */
  #match(expr: FieldExpr): Omit<FtsScore, 'weight' | 'inline'> | undefined {
    const cond = expr.cond as Extract<Condition, { op: 'freeText' }>;
    let target: Parameters<typeof buildMatch>[0]['target'];
    if (SEARCH_CONTENT_FIELDS.has(expr.field)) {
      target = { kind: 'content' };
    } else {
      if (columnOf(expr.field))
        throw new SearchError(`${expr.at}: freeText is not supported on ${expr.field}`);
      const ids = this.#paths.tree(expr.field);
      if (ids.length === 0) return undefined;
      target = { kind: 'fields', pathIds: ids };
    }
    const built = buildMatch({
      term: cond.term,
      operator: cond.operator,
      fuzzy: cond.fuzzy,
      target,
      expand: (word) => fuzzyExpansions(this.#db, word),
      analyses: this.#analyses,
    });
    return {
      match: this.#params.add(built.match),
      factor: built.factor,
      levels: built.levels.map((level) => ({
        match: this.#params.add(level.match),
        factor: level.factor,
        upTo: level.upTo,
      })),
      words: built.words.map((word) => this.#params.add(word)),
      phrases: built.phrases,
      shape: built.shape,
    };
  }

  /**
   * A CTE of the documents a freeText expression matches (for one that does not drive the
   * query); undefined when nothing can match. Its bm25 score is computed later, for the
   * matched set only (see compileSearch): it costs far more per row than the match itself.
   */
  #ftsCte(expr: FieldExpr): string | undefined {
    const found = this.#match(expr);
    if (found === undefined) return undefined;
    const alias = this.#alias('ft');
    this.#ctes.push(
      `${alias} AS MATERIALIZED (SELECT rowid AS doc FROM search_fts WHERE search_fts MATCH ${found.match})`,
    );
    this.#fts.push({ ...found, weight: expr.weight, inline: false });
    return alias;
  }

  /** A CTE of (doc, dist) for a distanceWithin expression; undefined when nothing can match. */
  #geoCte(expr: FieldExpr): string | undefined {
    const cond = expr.cond as Extract<Condition, { op: 'distanceWithin' }>;
    if (columnOf(expr.field) || SEARCH_CONTENT_FIELDS.has(expr.field)) {
      throw new SearchError(`${expr.at}: distanceWithin needs a location field`);
    }
    const ids = this.#paths.tree(expr.field);
    if (ids.length === 0) return undefined;
    const p = this.#params;
    const box = boundingBox(cond.lat, cond.lon, cond.metres);
    const lat = p.add(cond.lat);
    const lon = p.add(cond.lon);
    const boxTests = [`g.lat BETWEEN ${p.add(box.minLat)} AND ${p.add(box.maxLat)}`];
    if (box.lon) {
      const min = p.add(box.lon.min);
      const max = p.add(box.lon.max);
      boxTests.push(
        box.lon.wraps ? `(g.lon >= ${min} OR g.lon <= ${max})` : `g.lon BETWEEN ${min} AND ${max}`,
      );
    }
    const pathTest = ids.length === 1 ? `g.path = ${p.add(ids[0]!)}` : `g.path IN (${p.list(ids)})`;
    // Haversine; min(1, …) guards asin against rounding just above 1.
    const haversine = `2 * ${EARTH_RADIUS_M} * asin(min(1, sqrt(pow(sin(radians(g.lat - ${lat}) / 2), 2) + cos(radians(${lat})) * cos(radians(g.lat)) * pow(sin(radians(g.lon - ${lon}) / 2), 2))))`;
    const alias = this.#alias('geo');
    this.#ctes.push(
      `${alias} AS MATERIALIZED (SELECT doc, min(dist) AS dist FROM (SELECT g.doc AS doc, ${haversine} AS dist FROM search_geo AS g WHERE ${pathTest} AND ${boxTests.join(' AND ')}) WHERE dist <= ${p.add(cond.metres)} GROUP BY doc)`,
    );
    this.#geo.push({ alias, field: expr.field, unitMetres: cond.unitMetres });
    this.#boost(expr, `${alias}.doc IS NOT NULL`);
    return alias;
  }
}

/** The value index that serves a driving condition, as an INDEXED BY clause ('' when mixed). */
function indexFor(cond: ValueCondition): string {
  if (cond.op === 'startsWith') return ' INDEXED BY search_values_text';
  if (cond.op === 'anyOf') {
    if (cond.values.every((value) => value.date === undefined)) return ' INDEXED BY search_values_text';
    if (cond.values.every((value) => value.date !== undefined)) return ' INDEXED BY search_values_num';
    return '';
  }
  if (cond.op === 'range') {
    const kinds = new Set([cond.lower?.bound.kind, cond.upper?.bound.kind].filter(Boolean));
    return kinds.has('text') ? ' INDEXED BY search_values_text' : ' INDEXED BY search_values_num';
  }
  return '';
}

/**
 * The spellings an equality on `sys.contentTypeId` or `sys.id` lets the column's index find:
 * the indexes are case-sensitive, so the given spelling, its lower case (and upper case for
 * ids) and, for content types, the ids of defined content types equal to it under NOCASE. A
 * filter on these columns also tests NOCASE equality, so it holds the documents whose value is
 * one of these spellings and equal to a given value.
 */
export function indexSpellings(
  db: Db,
  field: 'sys.contentTypeId' | 'sys.id',
  values: ReadonlyArray<{ text: string }>,
): Set<string> {
  const spellings = new Set<string>();
  for (const { text } of values) {
    spellings.add(text);
    spellings.add(text.toLowerCase());
    if (field === 'sys.id') spellings.add(text.toUpperCase());
  }
  if (field === 'sys.contentTypeId') {
    const known = cachedStatement(
      db,
      'SELECT DISTINCT id FROM content_types WHERE id = ? COLLATE NOCASE',
    ).pluck();
    for (const { text } of values) for (const id of known.all(text) as string[]) spellings.add(id);
  }
  return spellings;
}

/** The conjuncts of an expression: nested `and`s taken apart, anything else as it is. */
export function flattenAnd(expr: Expr): Expr[] {
  return expr.kind === 'and' ? expr.items.flatMap(flattenAnd) : [expr];
}

function isValueField(expr: FieldExpr): boolean {
  return !columnOf(expr.field) && !SEARCH_CONTENT_FIELDS.has(expr.field);
}

/** Picks the top-level conjunct to drive the query (see {@link WhereCompiler}). */
function chooseDriver(conjuncts: Expr[]): Driver | undefined {
  const fields = conjuncts
    .map((expr, index) => ({ expr, index }))
    .filter((item): item is { expr: FieldExpr; index: number } => item.expr.kind === 'field');
  const find = (test: (expr: FieldExpr) => boolean) => fields.find((item) => test(item.expr))?.index;
  const fts = find((e) => e.cond.op === 'freeText');
  if (fts !== undefined) return { index: fts, kind: 'fts' };
  const geo = find((e) => e.cond.op === 'distanceWithin' && isValueField(e));
  if (geo !== undefined) return { index: geo, kind: 'geo' };
  const equal = find((e) => (e.cond.op === 'anyOf' || e.cond.op === 'startsWith') && isValueField(e));
  if (equal !== undefined) return { index: equal, kind: 'values' };
  // An indexed column filter (content type, id) is a better start than an open range.
  if (
    find((e) => e.cond.op === 'anyOf' && (e.field === 'sys.contentTypeId' || e.field === 'sys.id')) !==
    undefined
  ) {
    return undefined;
  }
  const range = find((e) => e.cond.op === 'range' && isValueField(e));
  if (range !== undefined) return { index: range, kind: 'values' };
  return undefined;
}
