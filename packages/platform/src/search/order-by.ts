import { SearchError } from './errors.js';
import { describe } from './where-parse.js';

/** One ordering clause. */
export interface OrderKey {
  field: string;
  direction: 'asc' | 'desc';
}

const MAX_KEYS = 16;

/**
 * Reads `orderBy` in every form of contract §2.6: an array of `{ asc | desc: field }`
 * objects, an array of strings with an optional `+`/`-` prefix, a single such string (JSON
 * encoded or bare, also comma-separated), or a single DTO object. `undefined`, `null`, `''`
 * and `[]` mean "default order". Paths may use `[]` for arrays (stripped).
 */
export function parseOrderBy(raw: unknown): OrderKey[] {
  let value = raw;
  if (value === undefined || value === null) return [];
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === '' || text === 'undefined') return [];
    if (/^[[{"]/.test(text)) {
      try {
        value = JSON.parse(text);
      } catch {
        throw new SearchError('orderBy: not valid JSON');
      }
    }
    if (typeof value === 'string') value = value.split(',').filter((part) => part.trim() !== '');
  }
  const items = Array.isArray(value) ? value : [value];
  if (items.length > MAX_KEYS) throw new SearchError(`orderBy: more than ${MAX_KEYS} keys`);
  return items.map((item, i) => parseKey(item, Array.isArray(value) ? `orderBy[${i}]` : 'orderBy'));
}

function parseKey(item: unknown, at: string): OrderKey {
  if (typeof item === 'string') {
    const text = item.trim();
    if (text.startsWith('-')) return { field: field(text.slice(1), at, item), direction: 'desc' };
    if (text.startsWith('+')) return { field: field(text.slice(1), at, item), direction: 'asc' };
    return { field: field(text, at, item), direction: 'asc' };
  }
  if (typeof item === 'object' && item !== null && !Array.isArray(item)) {
    const keys = Object.keys(item);
    const key = keys[0];
    const direction = key?.toLowerCase();
    if (keys.length !== 1 || (direction !== 'asc' && direction !== 'desc')) {
      throw new SearchError(`${at}: expected { "asc": field } or { "desc": field }`);
    }
    const value = (item as Record<string, unknown>)[key!];
    if (typeof value !== 'string')
      throw new SearchError(`${at}.${key}: expected a field path, got ${describe(value)}`);
    return { field: field(value, `${at}.${key}`), direction };
  }
  throw new SearchError(`${at}: expected a field name or { "asc": field }, got ${describe(item)}`);
}

function field(raw: string, at: string, shown = raw): string {
  const path = raw.trim().replace(/\[\d*\]/g, '');
  if (
    path === '' ||
    path.length > 256 ||
    path.split('.').some((segment) => segment === '') ||
    /[\s[\]]/.test(path)
  ) {
    throw new SearchError(`${at}: "${shown}" is not a valid field path`);
  }
  return path;
}
