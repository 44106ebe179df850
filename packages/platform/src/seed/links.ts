import type { JsonObject } from '../contract.js';

/** The `sys` of an unresolved link as stored (contract §1.9). */
export interface LinkSys {
  id: string;
  language?: string;
  dataFormat?: string;
  contentTypeId?: string;
  uri?: string;
}

/**
 * Whether a value is an unresolved link: an object whose only key is `sys`, carrying a string
 * `id` (contract §1.9). Resolved entries have data fields beside `sys`, so they never match.
 *
 * @example
 * isLink({ sys: { id: 'a1' } }); // true
 * isLink({ sys: { id: 'a1' }, title: 'A' }); // false
 */
export function isLink(value: unknown): value is { sys: LinkSys } {
  if (!isPlainObject(value)) return false;
  const keys = Object.keys(value);
  if (keys.length !== 1 || keys[0] !== 'sys') return false;
  const sys = value.sys;
  return isPlainObject(sys) && typeof sys.id === 'string' && sys.id !== '';
}

/** Whether a value is a JSON object (not an array, not null). */
export function isPlainObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
