import { ValidationError } from '../../delivery/errors.js';

/** One problem with a submitted resource: the contract's validation item (§1.12). */
export interface ValidationIssue {
  /** Path of the offending property, e.g. `permissions.entries[0].actions`. */
  field: string;
  message: string;
}

/** Size limits of administration resources; anything longer is refused, never truncated. */
export const LIMITS = {
  /** Ids chosen by callers (roles, tag groups, tags). */
  id: 100,
  /** Names, usernames, group names, API client names, tag values and labels. */
  name: 256,
  description: 2000,
  /** Action names of a permission (`view`, `contensisEntryBasic.draft.sysUpdate`). */
  action: 200,
  /** Items of one list (actions, languages, assignments, permissions). */
  listItems: 1000,
  /** Redirect destinations and match values. */
  url: 2048,
  /** Regular expressions of `regex` redirects (a long pattern is a slow pattern). */
  regex: 500,
  /** Host names (RFC 1035). */
  domain: 253,
} as const;

/** Ids a caller may choose: letters, digits, `_`, `-` and `.`, starting with a letter or digit. */
export const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

/**
 * Collects validation issues so one answer names every problem, then throws them together
 * as a 422 (contract §4.1: validation failures are 422).
 *
 * @example
 * const issues = new Issues();
 * const name = issues.text(body.name, 'name', LIMITS.name);
 * issues.throwIfAny('There are validation errors creating the role');
 */
export class Issues {
  readonly list: ValidationIssue[] = [];

  /** Records a problem. */
  add(field: string, message: string): void {
    this.list.push({ field, message });
  }

  /** Whether nothing was recorded. */
  get ok(): boolean {
    return this.list.length === 0;
  }

  /**
   * A required, non-blank string of at most `max` characters, trimmed; records an issue and
   * returns `''` otherwise.
   */
  text(value: unknown, field: string, max: number): string {
    if (typeof value !== 'string' || value.trim() === '') {
      this.add(field, `'${field}' must be a non-empty string`);
      return '';
    }
    return this.bounded(value.trim(), field, max);
  }

  /** An optional string (absent or null → `undefined`) of at most `max` characters. */
  optionalText(value: unknown, field: string, max: number): string | undefined {
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'string') {
      this.add(field, `'${field}' must be a string`);
      return undefined;
    }
    return this.bounded(value, field, max);
  }

  /** An optional boolean (absent or null → `fallback`). */
  optionalBoolean(value: unknown, field: string, fallback: boolean): boolean {
    if (value === undefined || value === null) return fallback;
    if (typeof value !== 'boolean') {
      this.add(field, `'${field}' must be true or false`);
      return fallback;
    }
    return value;
  }

  /**
   * An optional list of non-empty strings (absent or null → `undefined`), each at most
   * `max` characters, without duplicates (the first spelling is kept).
   */
  optionalStrings(value: unknown, field: string, max: number): string[] | undefined {
    if (value === undefined || value === null) return undefined;
    if (!Array.isArray(value)) {
      this.add(field, `'${field}' must be an array of strings`);
      return undefined;
    }
    if (value.length > LIMITS.listItems) {
      this.add(field, `'${field}' may hold at most ${LIMITS.listItems} items`);
      return undefined;
    }
    const result: string[] = [];
    value.forEach((item, index) => {
      if (typeof item !== 'string' || item.trim() === '') {
        this.add(`${field}[${index}]`, `'${field}[${index}]' must be a non-empty string`);
      } else if (item.length > max) {
        this.add(`${field}[${index}]`, `'${field}[${index}]' must be at most ${max} characters long`);
      } else if (!result.includes(item)) {
        result.push(item);
      }
    });
    return result;
  }

  /** An id a caller chose: {@link ID_PATTERN}, at most {@link LIMITS.id} characters. */
  id(value: unknown, field: string): string {
    const id = this.text(value, field, LIMITS.id);
    if (id !== '' && !ID_PATTERN.test(id)) {
      this.add(
        field,
        `'${field}' may only contain letters, digits, '_', '-' and '.', starting with a letter or digit`,
      );
    }
    return id;
  }

  /** Throws the collected issues as a 422 whose message names them all. */
  throwIfAny(message: string): void {
    if (this.ok) return;
    throw new ValidationError(`${message}: ${this.list.map((issue) => issue.message).join('; ')}`, this.list);
  }

  private bounded(value: string, field: string, max: number): string {
    if (value.length > max) {
      this.add(field, `'${field}' must be at most ${max} characters long`);
      return '';
    }
    return value;
  }
}

/** Whether a value is a plain JSON object (not null, not an array). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
