import type { Bound, Condition } from './ast.js';
import { TEXT_KEY_LENGTH } from './fields.js';
import type { SqlParams } from './sql-params.js';
import { escapeLike } from './text.js';

/**
 * SQL predicates for one value row `v` of `search_values` (columns text, long, num; see
 * migration 002; a long value lives in search_long, `long` being its id). Text comparisons are case-insensitive through the column's NOCASE
 * collation and LIKE, both of which fold ASCII letters only.
 */

// Largest code point: any string starting with a prefix sorts below prefix + this.
const MAX_CHAR = '\u{10FFFF}';

/** Conditions answered by value rows (everything but freeText and distanceWithin). */
export type ValueCondition = Exclude<Condition, { op: 'freeText' } | { op: 'distanceWithin' }>;

/**
 * A predicate on `v` for `cond`. With `probe` unset it is written so the `(path, text)` and
 * `(path, num)` indexes can serve it (the condition drives the query). With `probe` set it
 * tests the rows of one document: the columns get a unary `+`, which hides them from the
 * planner, so it looks the rows up by the `(path, doc)` primary key instead of scanning a
 * whole value range of the path for each document. `exists` is "a row of the path": `1`.
 */
export function valuePredicate(cond: ValueCondition, params: SqlParams, probe = false): string {
  const text = probe ? '+v.text' : 'v.text';
  const num = probe ? '+v.num' : 'v.num';
  // The whole value: `text`, or the search_long row when it was cut.
  const full = `CASE WHEN v.long IS NULL THEN ${text} ELSE (SELECT l.text FROM search_long AS l WHERE l.id = v.long) END`;
  switch (cond.op) {
    case 'anyOf': {
      const short: string[] = [];
      const parts: string[] = [];
      const dates: number[] = [];
      for (const value of cond.values) {
        if (value.date !== undefined) dates.push(value.date);
        else if (value.text.length < TEXT_KEY_LENGTH) short.push(value.text);
        // `text` holds only the first TEXT_KEY_LENGTH characters of longer values.
        else
          parts.push(
            `(${text} = ${params.add(value.text.slice(0, TEXT_KEY_LENGTH))} AND (${full}) = ${params.add(value.text)} COLLATE NOCASE)`,
          );
      }
      if (short.length === 1) parts.unshift(`${text} = ${params.add(short[0]!)}`);
      else if (short.length > 1) parts.unshift(`${text} IN (${params.list(short)})`);
      // Dates match by instant, so '2024-03-05' finds '2024-03-05T00:00:00Z'.
      if (dates.length === 1) parts.push(`${num} = ${params.add(dates[0]!)}`);
      else if (dates.length > 1) parts.push(`${num} IN (${params.list(dates)})`);
      if (parts.length === 0) return '0';
      return parts.length === 1 ? parts[0]! : `(${parts.join(' OR ')})`;
    }
    case 'contains':
      return `(${full}) LIKE ${params.add(`%${escapeLike(cond.value)}%`)} ESCAPE '\\'`;
    case 'endsWith':
      return `(${full}) LIKE ${params.add(`%${escapeLike(cond.value)}`)} ESCAPE '\\'`;
    case 'startsWith': {
      const pattern = params.add(`${escapeLike(cond.value)}%`);
      if (cond.value.length < TEXT_KEY_LENGTH) {
        // The range lets the (path, text) index find the candidates; LIKE makes it exact.
        return `${text} >= ${params.add(cond.value)} AND ${text} < ${params.add(cond.value + MAX_CHAR)} AND ${text} LIKE ${pattern} ESCAPE '\\'`;
      }
      return `${text} = ${params.add(cond.value.slice(0, TEXT_KEY_LENGTH))} AND (${full}) LIKE ${pattern} ESCAPE '\\'`;
    }
    case 'range':
      return rangePredicate(cond, params, (bound) => (bound.kind === 'num' ? num : text));
    case 'exists':
      return '1';
  }
}

/**
 * A predicate on a text column of `entry_versions` (`d.<column>`), for the sys fields kept
 * as columns. Equality compares case-insensitively; callers that want the column's index
 * add exact-case candidates themselves.
 */
export function columnPredicate(column: string, cond: ValueCondition, params: SqlParams): string {
  const col = `d.${column}`;
  switch (cond.op) {
    case 'anyOf': {
      if (cond.values.length === 0) return '0';
      return `${col} COLLATE NOCASE IN (${params.list(cond.values.map((value) => value.text))})`;
    }
    case 'contains':
      return `${col} LIKE ${params.add(`%${escapeLike(cond.value)}%`)} ESCAPE '\\'`;
    case 'endsWith':
      return `${col} LIKE ${params.add(`%${escapeLike(cond.value)}`)} ESCAPE '\\'`;
    case 'startsWith':
      return `${col} LIKE ${params.add(`${escapeLike(cond.value)}%`)} ESCAPE '\\'`;
    case 'range':
      return rangePredicate(cond, params, () => `${col} COLLATE NOCASE`, true);
    case 'exists':
      return cond.value ? `${col} <> ''` : `${col} = ''`;
  }
}

function rangePredicate(
  cond: Extract<Condition, { op: 'range' }>,
  params: SqlParams,
  column: (bound: Bound) => string,
  asText = false,
): string {
  const parts: string[] = [];
  const value = (bound: Bound): string => params.add(asText ? String(bound.value) : bound.value);
  if (cond.lower)
    parts.push(`${column(cond.lower.bound)} ${cond.lower.inclusive ? '>=' : '>'} ${value(cond.lower.bound)}`);
  if (cond.upper)
    parts.push(`${column(cond.upper.bound)} ${cond.upper.inclusive ? '<=' : '<'} ${value(cond.upper.bound)}`);
  return parts.join(' AND ');
}
