import type { Bound, Condition, EqualValue, Expr, FieldExpr } from './ast.js';
import { DateValueError, parseIsoDate, resolveDateOperand } from './dates.js';
import { parseDistance } from './distance.js';
import { SearchError } from './errors.js';
import { VERSION_STATUS_FIELD } from './fields.js';
import { splitTerm } from './text.js';
import type { VersionStatus } from './types.js';

/** Limits that keep a hostile or broken request from costing more than a normal one. */
export const WHERE_LIMITS = {
  depth: 32,
  expressions: 1000,
  stringLength: 4096,
  fieldLength: 256,
  listLength: 1000,
  freeTextParts: 64,
} as const;

const FIELD_OPERATORS = new Set([
  'equalTo',
  'in',
  'contains',
  'startsWith',
  'endsWith',
  'between',
  'greaterThan',
  'greaterThanOrEqualTo',
  'lessThan',
  'lessThanOrEqualTo',
  'exists',
  'freeText',
  'distanceWithin',
]);

const LOGICAL_OPERATORS = ['and', 'or', 'not'] as const;

interface ParseState {
  count: number;
  now: number;
}

/**
 * Validates a raw `where` value (contract §2.2–2.5, tolerance rules §2.11 / §7.1) and returns
 * its top-level expressions, which are ANDed. `undefined`, `null`, `[]`, `''` and the literal
 * `'undefined'` (client quirk §7.3 #13) mean "no filter"; a JSON string is parsed; a single
 * expression object is accepted as a one-element list. Anything malformed throws
 * {@link SearchError} naming the position, e.g. `where[2].or[0]: unknown operator "equals"`.
 *
 * @param now - the instant relative dates (`now()`, `-1d`) are resolved against
 */
export function parseWhere(raw: unknown, now: number): Expr[] {
  let value = raw;
  if (value === undefined || value === null) return [];
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === '' || text === 'undefined') return [];
    try {
      value = JSON.parse(text);
    } catch {
      throw new SearchError('where: not valid JSON');
    }
  }
  const state: ParseState = { count: 0, now };
  if (Array.isArray(value)) return value.map((item, i) => parseExpr(item, `where[${i}]`, 1, state));
  if (isPlainObject(value)) return [parseExpr(value, 'where', 1, state)];
  throw new SearchError(`where: expected an array of expressions, got ${describe(value)}`);
}

function parseExpr(raw: unknown, at: string, depth: number, state: ParseState): Expr {
  if (depth > WHERE_LIMITS.depth) {
    throw new SearchError(`${at}: expressions nest deeper than ${WHERE_LIMITS.depth} levels`);
  }
  state.count += 1;
  if (state.count > WHERE_LIMITS.expressions) {
    throw new SearchError(`where: more than ${WHERE_LIMITS.expressions} expressions`);
  }
  if (!isPlainObject(raw))
    throw new SearchError(`${at}: expected an expression object, got ${describe(raw)}`);
  const keys = Object.keys(raw);
  const logical = LOGICAL_OPERATORS.filter((key) => key in raw);
  if (logical.length > 0) return parseLogical(raw, keys, logical, at, depth, state);
  return parseField(raw, keys, at, state);
}

function parseLogical(
  raw: Record<string, unknown>,
  keys: string[],
  logical: Array<(typeof LOGICAL_OPERATORS)[number]>,
  at: string,
  depth: number,
  state: ParseState,
): Expr {
  if (logical.length > 1)
    throw new SearchError(`${at}: "${logical[0]}" and "${logical[1]}" in one expression`);
  const op = logical[0]!;
  const extra = keys.find((key) => key !== op && key !== 'weight');
  if (extra !== undefined) throw new SearchError(`${at}: unexpected key "${extra}" next to "${op}"`);
  const operand = raw[op];
  if (op === 'not') {
    if (Array.isArray(operand)) {
      if (operand.length !== 1) {
        throw new SearchError(`${at}.not: expected one expression, got a list of ${operand.length}`);
      }
      return { kind: 'not', item: parseExpr(operand[0], `${at}.not[0]`, depth + 1, state) };
    }
    return { kind: 'not', item: parseExpr(operand, `${at}.not`, depth + 1, state) };
  }
  if (!Array.isArray(operand)) throw new SearchError(`${at}.${op}: expected an array of expressions`);
  if (operand.length === 0) throw new SearchError(`${at}.${op}: empty list`);
  const items = operand.map((item, i) => parseExpr(item, `${at}.${op}[${i}]`, depth + 1, state));
  return { kind: op, items };
}

function parseField(raw: Record<string, unknown>, keys: string[], at: string, state: ParseState): Expr {
  const operators = keys.filter((key) => key !== 'field' && key !== 'weight');
  const unknown = operators.find((key) => !FIELD_OPERATORS.has(key));
  if (unknown !== undefined) throw new SearchError(`${at}: unknown operator "${unknown}"`);
  if (!('field' in raw)) {
    throw new SearchError(
      operators.length > 0 ? `${at}: "${operators[0]}" without a "field"` : `${at}: empty expression`,
    );
  }
  const field = normaliseField(raw.field, `${at}.field`);
  if (operators.length === 0) throw new SearchError(`${at}: no operator for field "${field}"`);
  if (operators.length > 1) {
    throw new SearchError(`${at}: more than one operator (${operators.map((o) => `"${o}"`).join(', ')})`);
  }
  const op = operators[0]!;
  const opAt = `${at}.${op}`;
  const value = raw[op];
  if (field === VERSION_STATUS_FIELD) return parseStatus(op, value, opAt, at);
  const weight = parseWeight(raw.weight, `${at}.weight`);
  const expr: FieldExpr = { kind: 'field', field, weight, cond: { op: 'exists', value: true }, at };
  expr.cond = parseCondition(op, value, opAt, state);
  return expr;
}

function parseCondition(op: string, value: unknown, at: string, state: ParseState): Condition {
  switch (op) {
    case 'equalTo':
      if (value === null) return { op: 'exists', value: false };
      return { op: 'anyOf', values: [equalValue(value, at)] };
    case 'in': {
      if (!Array.isArray(value))
        throw new SearchError(`${at}: expected an array of values, got ${describe(value)}`);
      if (value.length > WHERE_LIMITS.listLength) {
        throw new SearchError(`${at}: more than ${WHERE_LIMITS.listLength} values`);
      }
      return { op: 'anyOf', values: value.map((item, i) => equalValue(item, `${at}[${i}]`)) };
    }
    case 'contains':
    case 'startsWith':
    case 'endsWith':
      return { op, value: textValue(value, at) };
    case 'between': {
      if (!Array.isArray(value) || value.length !== 2) {
        throw new SearchError(`${at}: expected [min, max], got ${describe(value)}`);
      }
      const lower = bound(value[0], `${at}[0]`, state);
      const upper = bound(value[1], `${at}[1]`, state);
      if (lower.kind !== upper.kind)
        throw new SearchError(`${at}: both ends must be numbers/dates or both text`);
      return {
        op: 'range',
        lower: { bound: lower, inclusive: true },
        upper: { bound: upper, inclusive: true },
      };
    }
    case 'greaterThan':
      return { op: 'range', lower: { bound: bound(value, at, state), inclusive: false } };
    case 'greaterThanOrEqualTo':
      return { op: 'range', lower: { bound: bound(value, at, state), inclusive: true } };
    case 'lessThan':
      return { op: 'range', upper: { bound: bound(value, at, state), inclusive: false } };
    case 'lessThanOrEqualTo':
      return { op: 'range', upper: { bound: bound(value, at, state), inclusive: true } };
    case 'exists':
      if (value === true || value === 'true') return { op: 'exists', value: true };
      if (value === false || value === 'false') return { op: 'exists', value: false };
      throw new SearchError(`${at}: expected true or false, got ${describe(value)}`);
    case 'freeText':
      return freeText(value, at);
    default:
      return distanceWithin(value, at);
  }
}

function parseStatus(op: string, value: unknown, at: string, exprAt: string): Expr {
  if (op === 'exists') {
    if (value === true) return { kind: 'all' };
    if (value === false) return { kind: 'status', statuses: [], at: exprAt };
    throw new SearchError(`${at}: expected true or false, got ${describe(value)}`);
  }
  if (op !== 'equalTo' && op !== 'in') {
    throw new SearchError(`${at}: ${VERSION_STATUS_FIELD} supports only equalTo, in and exists`);
  }
  const values = op === 'in' ? value : [value];
  if (!Array.isArray(values))
    throw new SearchError(`${at}: expected an array of values, got ${describe(value)}`);
  const statuses = values.map((item, i): VersionStatus => {
    const status = typeof item === 'string' ? item.toLowerCase() : undefined;
    if (status === 'published' || status === 'latest') return status;
    const where = op === 'in' ? `${at}[${i}]` : at;
    throw new SearchError(
      `${where}: ${VERSION_STATUS_FIELD} must be "published" or "latest", got ${describe(item)}`,
    );
  });
  return { kind: 'status', statuses, at: exprAt };
}

function normaliseField(raw: unknown, at: string): string {
  if (typeof raw !== 'string')
    throw new SearchError(`${at}: expected a field path string, got ${describe(raw)}`);
  if (raw.length > WHERE_LIMITS.fieldLength) {
    throw new SearchError(`${at}: field path longer than ${WHERE_LIMITS.fieldLength} characters`);
  }
  // `movieQuote[].source` (JS docs) and `movieQuote.source` are the same path.
  const path = raw.trim().replace(/\[\d*\]/g, '');
  if (path === '' || path.split('.').some((segment) => segment === '') || /[\s[\]]/.test(path)) {
    throw new SearchError(`${at}: "${raw}" is not a valid field path`);
  }
  return path;
}

function parseWeight(raw: unknown, at: string): number {
  if (raw === undefined || raw === null) return 1;
  const weight = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  if (typeof weight !== 'number' || !Number.isFinite(weight) || weight < 0) {
    throw new SearchError(`${at}: expected a non-negative number, got ${describe(raw)}`);
  }
  // 0 and 1 both mean "no boost" (contract §2.3, §2.11).
  return weight <= 1 ? 1 : weight;
}

function equalValue(value: unknown, at: string): EqualValue {
  if (typeof value === 'string') {
    checkLength(value, at);
    const date = parseIsoDate(value.trim());
    return typeof date === 'number' ? { text: value, date } : { text: value };
  }
  if (typeof value === 'number' && Number.isFinite(value)) return { text: String(value) };
  if (typeof value === 'boolean') return { text: value ? 'true' : 'false' };
  throw new SearchError(`${at}: expected a string, number or boolean, got ${describe(value)}`);
}

function textValue(value: unknown, at: string): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') throw new SearchError(`${at}: expected a string, got ${describe(value)}`);
  if (value === '') throw new SearchError(`${at}: empty string`);
  checkLength(value, at);
  return value;
}

function bound(value: unknown, at: string, state: ParseState): Bound {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new SearchError(`${at}: expected a finite number`);
    return { kind: 'num', value };
  }
  if (typeof value !== 'string') {
    throw new SearchError(`${at}: expected a number or a date, got ${describe(value)}`);
  }
  checkLength(value, at);
  let date: number | undefined;
  try {
    date = resolveDateOperand(value, state.now);
  } catch (error) {
    if (error instanceof DateValueError) throw new SearchError(`${at}: ${error.message}`);
    throw error;
  }
  if (date !== undefined) return { kind: 'num', value: date };
  // Numbers that travelled as strings (GET parameters, ZenQL) still compare as numbers.
  if (/^\s*[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?\s*$/i.test(value)) return { kind: 'num', value: Number(value) };
  if (value === '') throw new SearchError(`${at}: empty string`);
  return { kind: 'text', value };
}

function freeText(value: unknown, at: string): Condition {
  let term: unknown = value;
  let fuzzy = false;
  let operator: 'and' | 'or' = 'and';
  if (isPlainObject(value)) {
    term = value.term;
    if (value.fuzzy !== undefined && value.fuzzy !== null) {
      if (typeof value.fuzzy !== 'boolean') {
        throw new SearchError(`${at}.fuzzy: expected true or false, got ${describe(value.fuzzy)}`);
      }
      fuzzy = value.fuzzy;
    }
    if (value.operator !== undefined && value.operator !== null) {
      const op = typeof value.operator === 'string' ? value.operator.toLowerCase() : undefined;
      if (op !== 'and' && op !== 'or') {
        throw new SearchError(`${at}.operator: expected "and" or "or", got ${describe(value.operator)}`);
      }
      operator = op;
    }
    if (typeof term !== 'string')
      throw new SearchError(`${at}.term: expected a string, got ${describe(term)}`);
  } else if (typeof term !== 'string') {
    throw new SearchError(`${at}: expected a string or { term, fuzzy, operator }, got ${describe(value)}`);
  }
  checkLength(term, at);
  const parts = splitTerm(term).length;
  if (parts === 0) throw new SearchError(`${at}: no words to search for`);
  if (parts > WHERE_LIMITS.freeTextParts) {
    throw new SearchError(`${at}: more than ${WHERE_LIMITS.freeTextParts} words`);
  }
  return { op: 'freeText', term, fuzzy, operator };
}

function distanceWithin(value: unknown, at: string): Condition {
  if (!isPlainObject(value)) {
    throw new SearchError(`${at}: expected { lat, lon, distance }, got ${describe(value)}`);
  }
  const lat = coordinate(value.lat, `${at}.lat`, 90);
  const lon = coordinate(value.lon, `${at}.lon`, 180);
  const distance = parseDistance(value.distance);
  if (!distance) {
    throw new SearchError(
      `${at}.distance: expected a distance such as "10km" or "5.5mi" (units mi, yd, ft, in, km, m, cm, mm, NM), got ${describe(value.distance)}`,
    );
  }
  return { op: 'distanceWithin', lat, lon, metres: distance.metres, unitMetres: distance.unitMetres };
}

function coordinate(raw: unknown, at: string, limit: number): number {
  const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  if (typeof value !== 'number' || !Number.isFinite(value) || Math.abs(value) > limit) {
    throw new SearchError(`${at}: expected a number between -${limit} and ${limit}, got ${describe(raw)}`);
  }
  return value;
}

function checkLength(value: string, at: string): void {
  if (value.length > WHERE_LIMITS.stringLength) {
    throw new SearchError(`${at}: value longer than ${WHERE_LIMITS.stringLength} characters`);
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A short description of a value for error messages: its JSON, cut, or its type. */
export function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  if (typeof value === 'object') return 'an object';
  const json = JSON.stringify(value);
  return json.length > 60 ? `${json.slice(0, 57)}...` : json;
}
