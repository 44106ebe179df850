import type { Localised } from '../../contract.js';
import { LANGUAGE_PATTERN, MAX_LIST_ITEMS, MAX_NAME_LENGTH } from './limits.js';
import type { Problems } from './problems.js';

/** A JSON object from a request body. */
export type JsonRecord = Record<string, unknown>;

/** Whether a value is a JSON object (not an array, not null). */
export function isPlainObject(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** How to read one string value. */
export interface StringRule {
  /** Report a missing (absent, null or empty) value. */
  required?: boolean;
  /** Longest accepted length. */
  max?: number;
  /** Shape the value must have, with the message to give when it does not. */
  pattern?: { test: RegExp; message: string };
  /** Accept `null` as "no value" without a problem. */
  nullable?: boolean;
}

/**
 * Reads a string from a body value, recording a problem under `field` when it is the wrong type,
 * too long or badly shaped. Returns undefined for absent values (and for `null` when
 * nullable) and for values that failed.
 *
 * @example
 * const name = readString(body.name, 'name', problems, { required: true, max: 256 });
 */
export function readString(
  value: unknown,
  field: string,
  problems: Problems,
  rule: StringRule = {},
): string | undefined {
  if (value === undefined || value === null || value === '') {
    if (value === null && !rule.nullable && !rule.required) {
      problems.add(field, `The ${field} must be a string`);
    } else if (rule.required) {
      problems.add(field, `The ${field} is required`);
    }
    return undefined;
  }
  if (typeof value !== 'string') {
    problems.add(field, `The ${field} must be a string`);
    return undefined;
  }
  const max = rule.max ?? MAX_NAME_LENGTH;
  if (value.length > max) {
    problems.add(field, `The ${field} must be at most ${max} characters long`);
    return undefined;
  }
  if (rule.pattern && !rule.pattern.test.test(value)) {
    problems.add(field, rule.pattern.message);
    return undefined;
  }
  return value;
}

/** Reads an optional boolean; a non-boolean is a problem. */
export function readBoolean(value: unknown, field: string, problems: Problems): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') {
    problems.add(field, `The ${field} must be true or false`);
    return undefined;
  }
  return value;
}

/** How to read a language-keyed map of strings. */
export interface LocalisedRule {
  /** Languages the keys may be; others are a problem. */
  languages: readonly string[];
  /** Language a plain string is taken to be in (the contract's maps, but callers send strings too). */
  plainStringLanguage: string;
  required?: boolean;
  /** Longest value; empty values are dropped. */
  max?: number;
}

/**
 * Reads a `Localised<string>` (`{ "en-GB": "News" }`). A plain string is accepted as the value
 * in `plainStringLanguage` (tolerance, like §7.1). Keys must be languages of `languages`;
 * values strings of at most `max` characters. Empty values are dropped.
 */
export function readLocalised(
  value: unknown,
  field: string,
  problems: Problems,
  rule: LocalisedRule,
): Localised<string> | undefined {
  if (value === undefined || value === null) {
    if (rule.required) problems.add(field, `The ${field} is required`);
    return undefined;
  }
  const map: JsonRecord | undefined =
    typeof value === 'string'
      ? { [rule.plainStringLanguage]: value }
      : isPlainObject(value)
        ? value
        : undefined;
  if (!map) {
    problems.add(field, `The ${field} must be an object of values by language, e.g. {"en-GB": "…"}`);
    return undefined;
  }
  const result: Localised<string> = {};
  const max = rule.max ?? MAX_NAME_LENGTH;
  let failed = false;
  for (const [language, text] of Object.entries(map)) {
    if (!rule.languages.includes(language)) {
      problems.add(`${field}.${language}`, `'${language}' is not a language of this project`);
      failed = true;
    } else if (text === null || text === '') {
      // An empty value means "none in this language".
    } else if (typeof text !== 'string') {
      problems.add(`${field}.${language}`, `The ${field} in ${language} must be a string`);
      failed = true;
    } else if (text.length > max) {
      problems.add(
        `${field}.${language}`,
        `The ${field} in ${language} must be at most ${max} characters long`,
      );
      failed = true;
    } else {
      result[language] = text;
    }
  }
  if (failed) return undefined;
  if (rule.required && Object.keys(result).length === 0) {
    problems.add(field, `The ${field} needs a value in at least one language`);
    return undefined;
  }
  return result;
}

/**
 * Reads a list of distinct language codes. With `allowed`, each must be one of them; without,
 * each must look like a language code.
 */
export function readLanguageList(
  value: unknown,
  field: string,
  problems: Problems,
  allowed?: readonly string[],
): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.length > MAX_LIST_ITEMS) {
    problems.add(field, `The ${field} must be a list of at most ${MAX_LIST_ITEMS} language codes`);
    return undefined;
  }
  const languages: string[] = [];
  for (const [i, language] of value.entries()) {
    if (typeof language !== 'string' || !LANGUAGE_PATTERN.test(language)) {
      problems.add(`${field}[${i}]`, `'${String(language)}' is not a language code such as en-GB`);
      return undefined;
    }
    if (allowed && !allowed.includes(language)) {
      problems.add(`${field}[${i}]`, `'${language}' is not a language of this project`);
      return undefined;
    }
    if (!languages.includes(language)) languages.push(language);
  }
  return languages;
}

/** Whether `language` is a language code such as `en-GB`. */
export function isLanguageCode(language: unknown): language is string {
  return typeof language === 'string' && LANGUAGE_PATTERN.test(language);
}
