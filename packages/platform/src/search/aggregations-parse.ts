import { SearchError } from './errors.js';
import { describe } from './where-parse.js';

/** One validated aggregation request (contract §2.7). */
export interface AggregationSpec {
  name: string;
  field: string;
  /** Number of buckets to return. */
  size: number;
  /** Name of the bucket counting documents without a value. */
  missing?: string;
}

/** Default and maximum bucket counts. */
export const AGGREGATION_SIZE = { default: 100, max: 1000 } as const;

const MAX_AGGREGATIONS = 20;

/** Names the real server's result parser breaks on (contract §2.7). */
export const RESERVED_AGGREGATION_NAMES: ReadonlySet<string> = new Set([
  '_as_string',
  'after_key',
  'bg_count',
  'bottom_right',
  'bounds',
  'buckets',
  'count',
  'doc_count',
  'doc_count_error_upper_bound',
  'fields',
  'from',
  'from_as_string',
  'geometry',
  'hits',
  'key',
  'key_as_string',
  'keys',
  'location',
  'max_score',
  'meta',
  'min',
  'min_length',
  'properties',
  'score',
  'sum_other_doc_count',
  'to',
  'to_as_string',
  'top',
  'top_left',
  'total',
  'type',
  'value',
  'value_as_string',
  'values',
]);

/**
 * Validates `{ name: { field, size?, missing? } }`. `size` defaults to 100 and is capped at
 * 1000; a JSON string is parsed; `undefined`/`null`/`{}` mean none.
 */
export function parseAggregations(raw: unknown): AggregationSpec[] {
  let value = raw;
  if (value === undefined || value === null) return [];
  if (typeof value === 'string') {
    if (value.trim() === '') return [];
    try {
      value = JSON.parse(value);
    } catch {
      throw new SearchError('aggregations: not valid JSON');
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new SearchError(`aggregations: expected an object of named aggregations, got ${describe(value)}`);
  }
  const entries = Object.entries(value);
  if (entries.length > MAX_AGGREGATIONS) throw new SearchError(`aggregations: more than ${MAX_AGGREGATIONS}`);
  return entries.map(([name, spec]) => parseSpec(name, spec));
}

function parseSpec(name: string, spec: unknown): AggregationSpec {
  const at = `aggregations.${name}`;
  if (name.trim() === '') throw new SearchError('aggregations: empty aggregation name');
  if (RESERVED_AGGREGATION_NAMES.has(name)) throw new SearchError(`${at}: "${name}" is a reserved name`);
  if (typeof spec !== 'object' || spec === null || Array.isArray(spec)) {
    throw new SearchError(`${at}: expected { field, size?, missing? }, got ${describe(spec)}`);
  }
  const { field, size, missing } = spec as Record<string, unknown>;
  if (typeof field !== 'string' || field.trim() === '' || field.length > 256) {
    throw new SearchError(`${at}.field: expected a field path, got ${describe(field)}`);
  }
  const path = field.trim().replace(/\[\d*\]/g, '');
  if (path.split('.').some((segment) => segment === '')) {
    throw new SearchError(`${at}.field: "${field}" is not a valid field path`);
  }
  const result: AggregationSpec = { name, field: path, size: AGGREGATION_SIZE.default };
  if (size !== undefined && size !== null) {
    const n = typeof size === 'string' && size.trim() !== '' ? Number(size) : size;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1) {
      throw new SearchError(`${at}.size: expected a positive integer, got ${describe(size)}`);
    }
    result.size = Math.min(n, AGGREGATION_SIZE.max);
  }
  if (missing !== undefined && missing !== null) {
    if (typeof missing !== 'string' || missing === '' || missing.length > 256) {
      throw new SearchError(`${at}.missing: expected a bucket name, got ${describe(missing)}`);
    }
    result.missing = missing;
  }
  return result;
}
