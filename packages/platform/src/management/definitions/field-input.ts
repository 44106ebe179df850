import type { JsonRecord } from './input.js';
import { isPlainObject, readLocalised, readString } from './input.js';
import {
  DEFINITION_ID_PATTERN,
  MAX_FIELDS,
  MAX_ID_LENGTH,
  MAX_NAME_LENGTH,
  MAX_TEXT_LENGTH,
} from './limits.js';
import type { Problems } from './problems.js';

/** Field data types of the contract's field model (§1.5). */
export const FIELD_DATA_TYPES: ReadonlySet<string> = new Set([
  'boolean',
  'booleanArray',
  'dateTime',
  'dateTimeArray',
  'decimal',
  'decimalArray',
  'integer',
  'integerArray',
  'object',
  'objectArray',
  'string',
  'stringArray',
]);

/**
 * Field ids an entry already uses for something else: `sys` and the synthetic fields every
 * entry carries (§1.6.2). A field with one of these ids would be shadowed.
 */
export const RESERVED_FIELD_IDS: ReadonlySet<string> = new Set([
  'sys',
  'entryTitle',
  'entryDescription',
  'entryThumbnail',
  'entryTags',
]);

/** What field validation needs to know beyond the field itself. */
export interface FieldContext {
  /** Languages field names may be given in. */
  languages: readonly string[];
  /** Language a plain-string name is taken to be in. */
  defaultLanguage: string;
}

/**
 * Reads a definition's `fields` list (contract §1.5 field model): each field needs an `id`
 * (an identifier, unique ignoring case, not reserved), a `name` and a known `dataType`;
 * `dataFormat`, `description`, `default`, `groupId`, `validations` and `editor` are optional.
 * The read-only nested `fields` is dropped. Records problems and returns undefined on failure.
 */
export function readFields(
  value: unknown,
  problems: Problems,
  context: FieldContext,
): JsonRecord[] | undefined {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    problems.add('fields', 'The fields must be a list');
    return undefined;
  }
  if (value.length > MAX_FIELDS) {
    problems.add('fields', `A definition may have at most ${MAX_FIELDS} fields`);
    return undefined;
  }
  const seen = new Set<string>();
  const fields: JsonRecord[] = [];
  const before = problems.list.length;
  for (const [i, raw] of value.entries()) {
    const field = readField(raw, `fields[${i}]`, problems, context);
    if (!field) continue;
    const key = (field.id as string).toLowerCase();
    if (seen.has(key)) problems.add(`fields[${i}].id`, `The field id '${field.id}' is used twice`);
    seen.add(key);
    fields.push(field);
  }
  return problems.list.length === before ? fields : undefined;
}

function readField(
  raw: unknown,
  path: string,
  problems: Problems,
  context: FieldContext,
): JsonRecord | undefined {
  if (!isPlainObject(raw)) {
    problems.add(path, 'A field must be an object with id, name and dataType');
    return undefined;
  }
  const before = problems.list.length;
  const id = readString(raw.id, `${path}.id`, problems, {
    required: true,
    max: MAX_ID_LENGTH,
    pattern: {
      test: DEFINITION_ID_PATTERN,
      message: 'A field id must start with a letter and contain only letters, digits and "_"',
    },
  });
  if (id !== undefined && RESERVED_FIELD_IDS.has(id)) {
    problems.add(`${path}.id`, `'${id}' is reserved; choose another field id`);
  }
  const name = readLocalised(raw.name, `${path}.name`, problems, {
    languages: context.languages,
    plainStringLanguage: context.defaultLanguage,
    required: true,
  });
  const description = readLocalised(raw.description, `${path}.description`, problems, {
    languages: context.languages,
    plainStringLanguage: context.defaultLanguage,
    max: MAX_TEXT_LENGTH,
  });
  const dataType = readString(raw.dataType, `${path}.dataType`, problems, { required: true, max: 32 });
  if (dataType !== undefined && !FIELD_DATA_TYPES.has(dataType)) {
    problems.add(
      `${path}.dataType`,
      `'${dataType}' is not a data type (${[...FIELD_DATA_TYPES].join(', ')})`,
    );
  }
  const dataFormat = readString(raw.dataFormat, `${path}.dataFormat`, problems, {
    max: MAX_NAME_LENGTH,
    nullable: true,
  });
  const groupId = readString(raw.groupId, `${path}.groupId`, problems, {
    max: MAX_ID_LENGTH,
    nullable: true,
  });
  for (const key of ['validations', 'editor'] as const) {
    if (raw[key] !== undefined && raw[key] !== null && !isPlainObject(raw[key])) {
      problems.add(`${path}.${key}`, `The ${key} must be an object`);
    }
  }
  if (isPlainObject(raw.validations)) {
    for (const [key, rule] of Object.entries(raw.validations)) {
      if (rule !== null && !isPlainObject(rule)) {
        problems.add(`${path}.validations.${key}`, `The ${key} validation must be an object`);
      }
    }
  }
  if (problems.list.length !== before) return undefined;
  // Key order of the contract's example (§1.5).
  const field: JsonRecord = {
    id,
    name,
    description: description ?? {},
    dataType,
    dataFormat: dataFormat ?? null,
    default: raw.default ?? null,
  };
  if (groupId !== undefined) field.groupId = groupId;
  field.validations = isPlainObject(raw.validations) ? raw.validations : {};
  field.editor = isPlainObject(raw.editor) ? raw.editor : {};
  return field;
}

/**
 * The component ids a list of fields uses through `dataFormat: "component.{id}"`, including
 * those inside nested `fields` lists of stored definitions.
 *
 * @example
 * componentReferences([{ id: 'address', dataFormat: 'component.address' }]); // ['address']
 */
export function componentReferences(fields: unknown): string[] {
  const found = new Set<string>();
  const visit = (list: unknown) => {
    if (!Array.isArray(list)) return;
    for (const field of list) {
      if (!isPlainObject(field)) continue;
      const format = field.dataFormat;
      if (typeof format === 'string' && format.startsWith('component.') && format.length > 10) {
        found.add(format.slice(10));
      }
      visit(field.fields);
    }
  };
  visit(fields);
  return [...found];
}
