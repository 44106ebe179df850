import type { Bound, Condition, EqualValue, Expr } from '../search/ast.js';
import { parseIsoDate } from '../search/dates.js';
import { SearchError } from '../search/errors.js';
import { foldWord, splitTerm, words } from '../search/text.js';
import { isPlainObject } from './validation.js';

/**
 * The properties a filter or sort over one kind of object may name: the top-level names of
 * the shape (matched case-insensitively) and a label for messages (`user`, `group`).
 */
export interface FieldSpace {
  label: string;
  fields: readonly string[];
}

/**
 * Checks a field path against a {@link FieldSpace} and returns it; a 400 ({@link SearchError})
 * names the unknown property and the known ones. Nested paths (`status.suspended`,
 * `custom.department`) are checked on their first segment only: `custom` is free-form.
 */
export function checkField(space: FieldSpace, field: string, at: string): string {
  const head = field.split('.')[0]!.toLowerCase();
  if (!space.fields.some((name) => name.toLowerCase() === head)) {
    throw new SearchError(
      `${at}: '${field}' is not a ${space.label} property; use one of ${space.fields.join(', ')}`,
    );
  }
  return field;
}

/**
 * The values at a dot path of a JSON object, each segment matched case-insensitively (field
 * names are case-insensitive, contract §4.3); arrays contribute each element.
 *
 * @example
 * valuesAt({ status: { suspended: true } }, 'Status.SUSPENDED'); // [true]
 */
export function valuesAt(item: unknown, path: string): unknown[] {
  let current: unknown[] = [item];
  for (const segment of path.split('.')) {
    const lower = segment.toLowerCase();
    const next: unknown[] = [];
    for (const value of current.flatMap(flatten)) {
      if (!isPlainObject(value)) continue;
      const key = Object.hasOwn(value, segment)
        ? segment
        : Object.keys(value).find((name) => name.toLowerCase() === lower);
      if (key !== undefined) next.push(value[key]);
    }
    current = next;
  }
  return current.flatMap(flatten);
}

function flatten(value: unknown): unknown[] {
  return Array.isArray(value) ? value.flatMap(flatten) : [value];
}

/**
 * Compiles validated `where` expressions (from `parseWhere`, also what ZenQL becomes) into a
 * predicate over shaped users or groups, evaluated in memory (accounts are few). Top-level
 * expressions are ANDed. Every operator of §2.3 works except `distanceWithin` (accounts have
 * no locations) and `sys.versionStatus` (accounts have no versions): those, and unknown
 * properties, are a {@link SearchError} (400) with a clear message. Text comparisons ignore
 * case; dates compare as instants; `freeText` matches whole words (prefixes when fuzzy).
 *
 * @example
 * const keep = compileFilter(parseWhere([{ field: 'username', contains: 'ed' }], Date.now()), space);
 * users.filter(keep);
 */
export function compileFilter(expressions: readonly Expr[], space: FieldSpace): (item: unknown) => boolean {
  const compiled = expressions.map((expr) => compile(expr, space));
  return (item) => compiled.every((test) => test(item));
}

type Test = (item: unknown) => boolean;

function compile(expr: Expr, space: FieldSpace): Test {
  switch (expr.kind) {
    case 'all':
      return () => true;
    case 'and': {
      const items = expr.items.map((item) => compile(item, space));
      return (value) => items.every((test) => test(value));
    }
    case 'or': {
      const items = expr.items.map((item) => compile(item, space));
      return (value) => items.some((test) => test(value));
    }
    case 'not': {
      const inner = compile(expr.item, space);
      return (value) => !inner(value);
    }
    case 'status':
      throw new SearchError(`${expr.at}: sys.versionStatus does not apply to ${space.label}s`);
    case 'field': {
      const cond = expr.cond;
      if (expr.field === '*') {
        if (cond.op !== 'freeText')
          throw new SearchError(`${expr.at}: the field '*' works only with freeText`);
        return (item) => freeTextMatches(allTexts(item), cond);
      }
      const field = checkField(space, expr.field, expr.at);
      if (cond.op === 'distanceWithin') {
        throw new SearchError(`${expr.at}: distanceWithin is not supported on ${space.label} properties`);
      }
      return (item) => matches(valuesAt(item, field), cond);
    }
  }
}

function matches(values: unknown[], cond: Exclude<Condition, { op: 'distanceWithin' }>): boolean {
  switch (cond.op) {
    case 'anyOf':
      return values.some((value) => cond.values.some((wanted) => equals(value, wanted)));
    case 'contains':
    case 'startsWith':
    case 'endsWith': {
      const wanted = cond.value.toLowerCase();
      return values.some((value) => {
        const text = scalarText(value)?.toLowerCase();
        if (text === undefined) return false;
        if (cond.op === 'contains') return text.includes(wanted);
        return cond.op === 'startsWith' ? text.startsWith(wanted) : text.endsWith(wanted);
      });
    }
    case 'range':
      return values.some((value) => {
        if (cond.lower && !beyond(value, cond.lower.bound, cond.lower.inclusive, 1)) return false;
        if (cond.upper && !beyond(value, cond.upper.bound, cond.upper.inclusive, -1)) return false;
        return true;
      });
    case 'exists':
      return values.some(isPresent) === cond.value;
    case 'freeText':
      return freeTextMatches(
        values.map(scalarText).filter((text) => text !== undefined),
        cond,
      );
  }
}

function equals(value: unknown, wanted: EqualValue): boolean {
  if (typeof value === 'string') {
    if (value.toLowerCase() === wanted.text.toLowerCase()) return true;
    return wanted.date !== undefined && parseIsoDate(value) === wanted.date;
  }
  if (typeof value === 'number') return wanted.text.trim() !== '' && Number(wanted.text) === value;
  if (typeof value === 'boolean') return wanted.text.toLowerCase() === String(value);
  return false;
}

/** Whether `value` lies beyond the bound: above it (`direction` 1) or below it (-1). */
function beyond(value: unknown, bound: Bound, inclusive: boolean, direction: 1 | -1): boolean {
  let order: number | undefined;
  if (bound.kind === 'num') {
    const number = numeric(value);
    if (number === undefined) return false;
    order = Math.sign(number - bound.value);
  } else {
    const text = scalarText(value)?.toLowerCase();
    if (text === undefined) return false;
    const other = bound.value.toLowerCase();
    order = text < other ? -1 : text > other ? 1 : 0;
  }
  return order === direction || (inclusive && order === 0);
}

/** A number, or the instant of an ISO date string, or a numeric string's value. */
export function numeric(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const date = parseIsoDate(value.trim());
  if (typeof date === 'number') return date;
  return /^\s*[+-]?(\d+\.?\d*|\.\d+)\s*$/.test(value) ? Number(value) : undefined;
}

function scalarText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

function isPresent(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return false;
  if (isPlainObject(value)) return Object.keys(value).length > 0;
  return true;
}

function allTexts(item: unknown): string[] {
  if (typeof item === 'string') return [item];
  if (Array.isArray(item)) return item.flatMap(allTexts);
  if (isPlainObject(item)) return Object.values(item).flatMap(allTexts);
  return [];
}

function freeTextMatches(texts: string[], cond: Extract<Condition, { op: 'freeText' }>): boolean {
  const vocabulary = texts.flatMap((text) => words(text).map(foldWord));
  const joined = texts.map((text) => foldWord(text)).join('\n');
  const results = splitTerm(cond.term).map((part) => {
    if (part.phrase) return joined.includes(foldWord(part.text));
    return words(part.text)
      .map(foldWord)
      .every((word) => vocabulary.some((known) => known === word || (cond.fuzzy && known.startsWith(word))));
  });
  return cond.operator === 'or' ? results.some(Boolean) : results.every(Boolean);
}
