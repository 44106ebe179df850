import type { Db } from '../db/db-handle.js';
import type { Expr, FieldExpr } from './ast.js';
import { indexSpellings } from './compile-where.js';
import type { DocRow, DocValues } from './doc-values.js';
import { numberColumn } from './doc-values.js';
import { buildColumn, currentColumn, type FacetColumn } from './facet-columns.js';
import { columnOf, SEARCH_CONTENT_FIELDS, TEXT_KEY_LENGTH } from './fields.js';
import type { PathIdReader } from './paths.js';
import { asciiLower } from './text.js';

/** A test of one document against the doc values. */
export type DocTest = (doc: number) => boolean;

/** What compiling a filter to doc values reads. */
export interface DocFilterSource {
  db: Db;
  paths: PathIdReader;
  values: DocValues;
  /** The database state of the search's transaction. */
  state: string;
}

// Columns of search_docs the doc values hold, by field (fields.ts COLUMN_FIELDS).
const ROW_FIELDS: Record<string, keyof DocRow> = {
  'sys.contentTypeId': 'contentType',
  'sys.language': 'language',
  'sys.dataFormat': 'dataFormat',
  'sys.projectId': 'project',
};

/**
 * Compiles filter expressions (top level ANDed, free text left out) to a test on the doc
 * values that answers exactly what the SQL of compile-where.ts answers; undefined when an
 * expression is one it does not cover (free text, distance, LIKE-style text tests, text
 * ranges, date equality, long texts, boosts, `sys.id`), so the caller searches in SQL.
 *
 * @example
 * const test = compileDocFilter(source, [{ kind: 'field', field: 'sys.contentTypeId', … }]);
 * test?.(913); // true when document 913 is a news article
 */
export function compileDocFilter(source: DocFilterSource, exprs: readonly Expr[]): DocTest | undefined {
  const tests: DocTest[] = [];
  for (const expr of exprs) {
    const test = compileExpr(source, expr);
    if (!test) return undefined;
    tests.push(test);
  }
  return all(tests);
}

function all(tests: DocTest[]): DocTest {
  if (tests.length === 0) return () => true;
  if (tests.length === 1) return tests[0]!;
  return (doc) => {
    for (const test of tests) if (!test(doc)) return false;
    return true;
  };
}

function compileExpr(source: DocFilterSource, expr: Expr): DocTest | undefined {
  switch (expr.kind) {
    case 'all':
      return () => true;
    case 'and': {
      const tests = expr.items.map((item) => compileExpr(source, item));
      return tests.every((test) => test !== undefined) ? all(tests as DocTest[]) : undefined;
    }
    case 'or': {
      const tests = expr.items.map((item) => compileExpr(source, item));
      if (!tests.every((test) => test !== undefined)) return undefined;
      return (doc) => (tests as DocTest[]).some((test) => test(doc));
    }
    case 'not': {
      const test = compileExpr(source, expr.item);
      return test ? (doc) => !test(doc) : undefined;
    }
    case 'status': {
      const published = expr.statuses.includes('published');
      const latest = expr.statuses.includes('latest');
      return rowTest(source.values, (row) => (published && row.published) || (latest && row.latest));
    }
    case 'field':
      return expr.weight > 1 ? undefined : fieldTest(source, expr);
  }
}

/** A test of the document's row of columns, worked out once per distinct row. */
function rowTest(values: DocValues, test: (row: DocRow) => boolean): DocTest {
  const pass = Uint8Array.from(values.rows, (row) => (test(row) ? 1 : 0));
  const { codes } = values;
  return (doc) => {
    const code = doc < codes.length ? codes[doc]! : -1;
    return code >= 0 && pass[code] === 1;
  };
}

function fieldTest(source: DocFilterSource, expr: FieldExpr): DocTest | undefined {
  const { cond } = expr;
  if (cond.op === 'freeText' || cond.op === 'distanceWithin') return undefined;
  const rowField = ROW_FIELDS[expr.field];
  if (rowField) {
    const value = (row: DocRow) => row[rowField] as string;
    if (cond.op === 'exists') return rowTest(source.values, (row) => (value(row) !== '') === cond.value);
    if (cond.op !== 'anyOf') return undefined;
    // `col COLLATE NOCASE IN (…)`; for content types also one of the spellings compile-where
    // lets the index find (the given one, its lower case, those of defined content types).
    const folded = new Set(cond.values.map((item) => asciiLower(item.text)));
    const spellings =
      expr.field === 'sys.contentTypeId'
        ? indexSpellings(source.db, 'sys.contentTypeId', cond.values)
        : undefined;
    return rowTest(
      source.values,
      (row) => folded.has(asciiLower(value(row))) && (spellings === undefined || spellings.has(value(row))),
    );
  }
  // sys.id (not held) and the full-text fields, which only freeText may search.
  if (columnOf(expr.field) || SEARCH_CONTENT_FIELDS.has(expr.field)) return undefined;
  const ids = source.paths.tree(expr.field);
  if (ids.length === 0) {
    const result = cond.op === 'exists' && !cond.value;
    return () => result;
  }
  switch (cond.op) {
    case 'exists': {
      const columns = ids.map((id) => textColumn(source, id));
      return (doc) => columns.some((column) => rowsOf(column, doc) > 0) === cond.value;
    }
    case 'anyOf': {
      if (cond.values.some((item) => item.date !== undefined || item.text.length >= TEXT_KEY_LENGTH))
        return undefined;
      const wanted = new Set(cond.values.map((item) => asciiLower(item.text)));
      const columns = ids.map((id) => {
        const column = textColumn(source, id);
        return {
          column,
          hit: Uint8Array.from(column.spellings, (text) => (wanted.has(asciiLower(text)) ? 1 : 0)),
        };
      });
      return (doc) => {
        for (const { column, hit } of columns) {
          if (doc >= column.starts.length - 1) continue;
          for (let k = column.starts[doc]!; k < column.starts[doc + 1]!; k++)
            if (hit[column.rows[k]!]) return true;
        }
        return false;
      };
    }
    case 'range': {
      const { lower, upper } = cond;
      if ((lower && lower.bound.kind !== 'num') || (upper && upper.bound.kind !== 'num')) return undefined;
      const low = lower ? (lower.bound.value as number) : Number.NEGATIVE_INFINITY;
      const high = upper ? (upper.bound.value as number) : Number.POSITIVE_INFINITY;
      const lowIn = lower?.inclusive ?? true;
      const highIn = upper?.inclusive ?? true;
      const columns = ids.map((id) => numberColumn(source.db, id, source.state));
      return (doc) => {
        for (const { starts, values } of columns) {
          if (doc >= starts.length - 1) continue;
          for (let k = starts[doc]!; k < starts[doc + 1]!; k++) {
            const v = values[k]!;
            if ((lowIn ? v >= low : v > low) && (highIn ? v <= high : v < high)) return true;
          }
        }
        return false;
      };
    }
    default:
      return undefined;
  }
}

function textColumn(source: DocFilterSource, id: number): FacetColumn {
  return currentColumn(source.db, id, source.state) ?? buildColumn(source.db, id, source.state);
}

function rowsOf(column: FacetColumn, doc: number): number {
  return doc >= column.starts.length - 1 ? 0 : column.starts[doc + 1]! - column.starts[doc]!;
}
