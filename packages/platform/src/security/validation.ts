import { HttpError, ValidationError } from '../delivery/errors.js';
import { parseIsoDate } from '../search/dates.js';
import { describe } from '../search/where-parse.js';

/** Size limits of security API input: generous for real use, small enough to refuse abuse. */
export const LIMITS = {
  /** Usernames, emails, names, group names. */
  name: 256,
  /** Group descriptions. */
  description: 2048,
  /** Avatar URLs. */
  url: 2048,
  /** Time zones and language codes. */
  code: 64,
  /** `custom` objects, as JSON. */
  customJson: 32_768,
  /** Passwords; argon2 takes any length, this only bounds the request. */
  password: 1024,
  /** The password policy's minimum length. */
  passwordMinimum: 8,
  /** Ids in one POST of members or child groups. */
  idList: 1000,
  /** `q`, the listing text filter. */
  text: 256,
  /** Nesting of `custom` objects. */
  customDepth: 32,
} as const;

/** One reason a write was refused (the contract's Validation error data, §1.12). */
export interface FieldProblem {
  field: string;
  message: string;
}

/**
 * A 422 whose body the security routes send with `type: "Validation"` and the problems as
 * `data` (contract §1.12). Used for writes that are well-formed but not allowed: password
 * policy, a past expiry, a cycle of groups, built-in groups.
 *
 * @example
 * throw new ValidationFailure('There are validation errors creating the user', [
 *   { field: 'credentials.password', message: 'The password must be at least 8 characters long' },
 * ]);
 */
export class ValidationFailure extends ValidationError {
  constructor(message: string, problems: FieldProblem[]) {
    super(message, problems);
    this.name = 'ValidationFailure';
  }
}

/** A 400 naming the field whose value has the wrong shape. */
export function badField(field: string, expected: string, value: unknown): HttpError {
  return new HttpError(400, `'${field}' must be ${expected}, got ${describe(value)}`, { field });
}

/** Whether a value is a JSON object (not an array, not null). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// Control characters have no place in names and would confuse logs and lists.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * A required single-line text: a string, trimmed, not empty, at most `max` characters, no
 * control characters. Throws a 400 naming `field` otherwise.
 */
export function requiredText(value: unknown, field: string, max: number = LIMITS.name): string {
  const text = typeof value === 'string' ? value.trim() : undefined;
  if (text === undefined || text === '' || text.length > max || CONTROL.test(text)) {
    throw badField(field, `a non-empty string of at most ${max} characters`, value);
  }
  return text;
}

/** An optional text: a string of at most `max` characters, trimmed; `null` becomes `''`. */
export function optionalText(value: unknown, field: string, max: number): string {
  if (value === null) return '';
  if (typeof value !== 'string' || value.length > max) {
    throw badField(field, `a string of at most ${max} characters`, value);
  }
  return value.trim();
}

// Deliberately loose (one @, a dot in the domain, no spaces or brackets): mail servers are the
// real judge, this only catches what is plainly not an address.
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]+$/;

/** An email address (trimmed, at most 256 characters), or a 400. */
export function emailAddress(value: unknown, field = 'email'): string {
  const text = typeof value === 'string' ? value.trim() : undefined;
  if (text === undefined || text.length > LIMITS.name || !EMAIL.test(text)) {
    throw badField(field, 'a valid email address of at most 256 characters', value);
  }
  return text;
}

/** A boolean, or a 400. */
export function booleanValue(value: unknown, field: string): boolean {
  if (typeof value !== 'boolean') throw badField(field, 'true or false', value);
  return value;
}

/**
 * A `custom` object: a JSON object of at most 32 KB as JSON; `null` becomes `{}`. Returned as a
 * deep copy so later edits cannot reach the request body.
 */
export function customObject(value: unknown, field = 'custom'): Record<string, unknown> {
  if (value === null) return {};
  if (!isPlainObject(value)) throw badField(field, 'a JSON object', value);
  // Checked before anything recursive touches the value: a body of a million nested objects
  // parses fine but would overflow the stack of JSON.stringify or a merge.
  if (nestedDeeperThan(value, LIMITS.customDepth)) {
    throw new HttpError(400, `'${field}' nests deeper than ${LIMITS.customDepth} levels`, { field });
  }
  const json = JSON.stringify(value);
  if (json.length > LIMITS.customJson) {
    throw new HttpError(400, `'${field}' is larger than ${LIMITS.customJson} characters of JSON`, { field });
  }
  return JSON.parse(json) as Record<string, unknown>;
}

/** Whether a JSON value nests objects or arrays deeper than `max` levels (iterative, so never overflows). */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const pending: [unknown, number][] = [[value, 1]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    if (depth > max) return true;
    for (const child of Object.values(current)) pending.push([child, depth + 1]);
  }
  return false;
}

/**
 * An ISO-8601 date (`2030-01-01`, `2030-01-01T08:00:00Z`, …) as a normalised UTC ISO string,
 * or a 400.
 */
export function isoDate(value: unknown, field: string): string {
  const epoch = typeof value === 'string' ? parseIsoDate(value.trim()) : undefined;
  if (typeof epoch !== 'number') throw badField(field, 'an ISO 8601 date', value);
  return new Date(epoch).toISOString();
}

/**
 * RFC 7396 JSON merge patch of `patch` onto `target`: members set to `null` are removed,
 * objects merge recursively, anything else replaces. Returns a new object.
 *
 * @example
 * mergePatch({ a: 1, b: { c: 2 } }, { a: null, b: { d: 3 } }); // { b: { c: 2, d: 3 } }
 */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isPlainObject(patch)) return patch;
  const result: Record<string, unknown> = isPlainObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else result[key] = mergePatch(result[key], value);
  }
  return result;
}
