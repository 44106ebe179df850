/**
 * Validation of entry field values against their content type (contract §1.5 field model,
 * §1.6.2 value shapes). Pure: link targets are looked up through the context.
 *
 * Accepted shapes by `dataType` / `dataFormat`:
 * - `string` (any format: html, markdown, heading, …) / `stringArray`: strings.
 * - `integer` / `decimal` / `boolean` / `dateTime` and their `…Array` forms.
 * - `object` + `entry` / `asset`: a link `{ sys: { id, language? } }` to an existing entry of
 *   that data format (other `sys` keys are recomputed from the target; resolved entries are
 *   reduced to their link).
 * - `object` + `image`: `{ asset: <asset link>, altText?, caption?, transformations? }`.
 * - `object` + `location` (`{ lat, lon }`), `daterange` (`{ from?, to? }`), `quote`
 *   (`{ text?, source? }`), `taxonomy` (`{ key, … }`); any other `object`: a JSON object.
 * - `objectArray` + `field` (composer): `[{ type, value }]`, item types per `allowedFieldTypes`.
 * - `objectArray` + any object format: an array of such values.
 *
 * Validations enforced: `required`, `minLength`, `maxLength`, `min`, `max`, `minCount`,
 * `maxCount`, `regex`, `allowedValues`, `decimalPlaces`, `allowedContentTypes`,
 * `altTextRequired`, `captionRequired`, `sourceRequired`. Beyond them every string is capped
 * at {@link MAX_STRING_LENGTH} characters, every array at {@link MAX_ARRAY_LENGTH} items and
 * every value at {@link MAX_NESTING} levels of nesting.
 */
import { isPlainObject } from '../../seed/links.js';

/** One validation failure, as the contract's `Validation` error body lists them (§1.12). */
export interface ValidationProblem {
  field: string;
  message: string;
}

/** The longest string any field may hold. */
export const MAX_STRING_LENGTH = 200_000;

/** The most items an array field may hold. */
export const MAX_ARRAY_LENGTH = 1_000;

/** The deepest nesting of objects and arrays inside one field value. */
export const MAX_NESTING = 32;

/** Top-level keys of an entry that are not data fields. */
export const NON_FIELD_KEYS: ReadonlySet<string> = new Set([
  'sys',
  'entryTitle',
  'entryDescription',
  'entryThumbnail',
  'entryTags',
  'sysAssetFile',
]);

/** A field of a content type, as far as validation reads it. */
export interface FieldDefinition {
  id: string;
  name?: Record<string, string>;
  dataType: string;
  dataFormat?: string | null;
  validations?: Record<string, unknown> | null;
}

/** What a link may point at. */
export interface LinkTargetInfo {
  contentTypeId: string;
  dataFormat: string;
}

/** What validation needs besides the values. */
export interface ValidationContext {
  contentTypeId: string;
  fields: readonly FieldDefinition[];
  /** The language of the variation (validation messages are localised). */
  language: string;
  /** An existing entry by id, or undefined. */
  linkTarget(entryId: string): LinkTargetInfo | undefined;
}

/** The outcome: the values to store (in field order, links normalised) and any problems. */
export interface ValidationResult {
  fields: Record<string, unknown>;
  problems: ValidationProblem[];
}

/**
 * Validates the data fields of an entry body against its content type. Keys listed in
 * {@link NON_FIELD_KEYS} are skipped; `null` values count as absent and are not stored.
 *
 * @example
 * validateEntryFields({ title: 'Open day', bookingRequired: 'yes' }, context).problems;
 * // [{ field: 'bookingRequired', message: "The field 'bookingRequired' must be a boolean" }, …]
 */
export function validateEntryFields(
  input: Record<string, unknown>,
  context: ValidationContext,
): ValidationResult {
  const problems: ValidationProblem[] = [];
  const byId = new Map(context.fields.map((field) => [field.id, field]));
  for (const key of Object.keys(input)) {
    if (NON_FIELD_KEYS.has(key) || byId.has(key)) continue;
    problems.push({
      field: key.slice(0, 100),
      message: `The field '${key.slice(0, 100)}' is not defined by the content type '${context.contentTypeId}'`,
    });
  }
  const fields: Record<string, unknown> = {};
  for (const field of context.fields) {
    const raw = input[field.id];
    const present = raw !== undefined && raw !== null;
    if (present && nestingExceeds(raw, MAX_NESTING)) {
      problems.push({ field: field.id, message: `The field '${field.id}' is nested too deeply` });
      continue;
    }
    const checker = new FieldChecker(field, context, problems);
    if (!present) {
      checker.checkRequired(undefined);
      continue;
    }
    const value = checker.check(raw);
    if (value !== undefined) {
      checker.checkRequired(value);
      fields[field.id] = value;
    }
  }
  return { fields, problems };
}

/** Whether a value nests objects/arrays deeper than `max` (checked without recursion). */
export function nestingExceeds(value: unknown, max: number): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= max) return true;
    const children = Array.isArray(current) ? current : Object.values(current);
    for (const child of children) stack.push({ value: child, depth: depth + 1 });
  }
  return false;
}

const SCALAR_TYPES: Record<string, string> = {
  string: 'a string',
  integer: 'an integer',
  decimal: 'a number',
  boolean: 'a boolean',
  dateTime: 'a date and time (ISO 8601)',
};

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** Checks one field; collects problems and returns the value to store (undefined = rejected). */
class FieldChecker {
  private readonly validations: Record<string, unknown>;

  constructor(
    private readonly field: FieldDefinition,
    private readonly context: ValidationContext,
    private readonly problems: ValidationProblem[],
  ) {
    this.validations = isPlainObject(field.validations) ? field.validations : {};
  }

  check(value: unknown): unknown {
    const { dataType } = this.field;
    const format = this.field.dataFormat ?? null;
    if (dataType.endsWith('Array')) {
      const itemType = dataType.slice(0, -'Array'.length);
      if (!Array.isArray(value)) return this.fail(`must be an array`);
      if (value.length > MAX_ARRAY_LENGTH)
        return this.fail(`must not hold more than ${MAX_ARRAY_LENGTH} items`);
      const items: unknown[] = [];
      let ok = true;
      value.forEach((item, index) => {
        const checked = this.checkItem(itemType, format, item, `${this.field.id}[${index}]`);
        if (checked === undefined) ok = false;
        else items.push(checked);
      });
      if (!ok) return undefined;
      this.checkCount(items.length);
      if (itemType === 'string') for (const item of items) this.checkText(item as string);
      return items;
    }
    const checked = this.checkItem(dataType, format, value, this.field.id);
    if (checked === undefined) return undefined;
    if (typeof checked === 'string') this.checkText(checked);
    if (typeof checked === 'number') this.checkNumber(checked);
    return checked;
  }

  checkRequired(value: unknown): void {
    if (!('required' in this.validations)) return;
    const empty =
      value === undefined ||
      value === null ||
      (typeof value === 'string' && value.trim() === '') ||
      (Array.isArray(value) && value.length === 0);
    if (empty) this.problem(this.field.id, this.message('required', `${this.label()} is required`));
  }

  private checkItem(type: string, format: string | null, value: unknown, path: string): unknown {
    if (value === null || value === undefined) return this.fail(`must not contain empty items`, path);
    switch (type) {
      case 'string':
        if (typeof value !== 'string') return this.fail(`must be ${SCALAR_TYPES.string}`, path);
        if (value.length > MAX_STRING_LENGTH)
          return this.fail(`must not be longer than ${MAX_STRING_LENGTH} characters`, path);
        return value;
      case 'integer':
        if (typeof value !== 'number' || !Number.isSafeInteger(value))
          return this.fail(`must be ${SCALAR_TYPES.integer}`, path);
        return value;
      case 'decimal':
        if (typeof value !== 'number' || !Number.isFinite(value))
          return this.fail(`must be ${SCALAR_TYPES.decimal}`, path);
        return value;
      case 'boolean':
        if (typeof value !== 'boolean') return this.fail(`must be ${SCALAR_TYPES.boolean}`, path);
        return value;
      case 'dateTime':
        if (typeof value !== 'string' || !DATE_PATTERN.test(value) || Number.isNaN(Date.parse(value)))
          return this.fail(`must be ${SCALAR_TYPES.dateTime}`, path);
        return value;
      case 'object':
        return this.checkObject(format, value, path);
      default:
        // A data type this platform does not know: keep JSON values as they are.
        return value;
    }
  }

  private checkObject(format: string | null, value: unknown, path: string): unknown {
    switch (format) {
      case 'entry':
      case 'asset':
        return this.checkLink(value, path, format);
      case 'image':
        return this.checkImage(value, path);
      case 'location':
        return this.checkLocation(value, path);
      case 'daterange':
        return this.checkShape(value, path, { from: 'date', to: 'date' }, 'a date range { from, to }');
      case 'quote': {
        const quote = this.checkShape(
          value,
          path,
          { text: 'string', source: 'string' },
          'a quote { text, source }',
        );
        if (quote !== undefined) {
          if ('sourceRequired' in this.validations && !nonEmpty((quote as Record<string, unknown>).source))
            this.problem(path, this.message('sourceRequired', `${this.label()} needs a source`));
        }
        return quote;
      }
      case 'taxonomy':
        if (!isPlainObject(value) || typeof value.key !== 'string' || value.key === '')
          return this.fail('must be a taxonomy node { key, … }', path);
        return value;
      case 'field':
        return this.checkComposerItem(value, path);
      default:
        if (!isPlainObject(value)) return this.fail('must be a JSON object', path);
        return value;
    }
  }

  private checkLink(value: unknown, path: string, format: 'entry' | 'asset'): unknown {
    if (
      !isPlainObject(value) ||
      !isPlainObject(value.sys) ||
      typeof value.sys.id !== 'string' ||
      !value.sys.id
    ) {
      return this.fail(
        `must be a link { sys: { id } } to ${format === 'asset' ? 'an asset' : 'an entry'}`,
        path,
      );
    }
    const id = value.sys.id;
    if (id.length > 200) return this.fail('links to an id that is too long', path);
    const target = this.context.linkTarget(id);
    if (!target) return this.fail(`links to '${id}', which does not exist`, path);
    if (target.dataFormat !== format) {
      return this.fail(
        `must link to ${format === 'asset' ? 'an asset' : 'an entry'}, not to '${id}' (${target.dataFormat})`,
        path,
      );
    }
    const allowed = this.validations.allowedContentTypes;
    const types =
      isPlainObject(allowed) && Array.isArray(allowed.contentTypes) ? allowed.contentTypes : undefined;
    if (types && types.length > 0 && !types.includes(target.contentTypeId)) {
      return this.fail(
        `must link to entries of ${types.map((type) => `'${String(type)}'`).join(', ')}, not '${target.contentTypeId}'`,
        path,
      );
    }
    const sys: Record<string, unknown> = { id };
    if (typeof value.sys.language === 'string' && value.sys.language !== '')
      sys.language = value.sys.language;
    return { sys };
  }

  private checkImage(value: unknown, path: string): unknown {
    if (!isPlainObject(value))
      return this.fail('must be an image { asset, altText?, caption?, transformations? }', path);
    for (const key of Object.keys(value)) {
      if (!['asset', 'altText', 'caption', 'transformations'].includes(key))
        return this.fail(`has an unknown image property '${key.slice(0, 50)}'`, path);
    }
    const asset = this.checkLink(value.asset, `${path}.asset`, 'asset');
    if (asset === undefined) return undefined;
    const image: Record<string, unknown> = { asset };
    for (const key of ['altText', 'caption'] as const) {
      const text = value[key];
      if (text === undefined || text === null) continue;
      if (typeof text !== 'string' || text.length > MAX_STRING_LENGTH)
        return this.fail(`must have a text ${key}`, `${path}.${key}`);
      image[key] = text;
    }
    const transformations = value.transformations;
    if (transformations !== undefined && transformations !== null) {
      if (typeof transformations !== 'string' && !isPlainObject(transformations))
        return this.fail(
          'must have transformations as a query string or an object',
          `${path}.transformations`,
        );
      image.transformations = transformations;
    }
    if ('altTextRequired' in this.validations && !nonEmpty(image.altText))
      this.problem(path, this.message('altTextRequired', `${this.label()} needs alternative text`));
    if ('captionRequired' in this.validations && !nonEmpty(image.caption))
      this.problem(path, this.message('captionRequired', `${this.label()} needs a caption`));
    return image;
  }

  private checkLocation(value: unknown, path: string): unknown {
    if (
      !isPlainObject(value) ||
      typeof value.lat !== 'number' ||
      typeof value.lon !== 'number' ||
      Math.abs(value.lat) > 90 ||
      Math.abs(value.lon) > 180 ||
      Object.keys(value).some((key) => key !== 'lat' && key !== 'lon')
    ) {
      return this.fail('must be a location { lat: -90…90, lon: -180…180 }', path);
    }
    return { lat: value.lat, lon: value.lon };
  }

  private checkShape(
    value: unknown,
    path: string,
    shape: Record<string, 'string' | 'date'>,
    description: string,
  ): unknown {
    if (!isPlainObject(value)) return this.fail(`must be ${description}`, path);
    const result: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const kind = shape[key];
      if (!kind)
        return this.fail(`must be ${description}; '${key.slice(0, 50)}' is not a property of it`, path);
      if (item === null || item === undefined) continue;
      const ok =
        typeof item === 'string' &&
        item.length <= MAX_STRING_LENGTH &&
        (kind === 'string' || (DATE_PATTERN.test(item) && !Number.isNaN(Date.parse(item))));
      if (!ok) return this.fail(`must be ${description}`, `${path}.${key}`);
      result[key] = item;
    }
    return result;
  }

  private checkComposerItem(value: unknown, path: string): unknown {
    if (!isPlainObject(value) || typeof value.type !== 'string' || !('value' in value)) {
      return this.fail('must be a composer item { type, value }', path);
    }
    const allowed = this.validations.allowedFieldTypes;
    const itemTypes = isPlainObject(allowed) && Array.isArray(allowed.fields) ? allowed.fields : undefined;
    if (!itemTypes) return { type: value.type, value: value.value };
    const itemType = itemTypes.find(
      (candidate): candidate is FieldDefinition => isPlainObject(candidate) && candidate.id === value.type,
    );
    if (!itemType) {
      const ids = itemTypes
        .map((candidate) => (isPlainObject(candidate) ? String(candidate.id) : ''))
        .join(', ');
      return this.fail(`has an item of type '${value.type.slice(0, 50)}'; allowed types: ${ids}`, path);
    }
    const nested = new FieldChecker({ ...itemType, id: `${path}.value` }, this.context, this.problems);
    const checked = nested.checkItem(
      itemType.dataType,
      itemType.dataFormat ?? null,
      value.value,
      `${path}.value`,
    );
    if (checked === undefined) return undefined;
    return { type: value.type, value: checked };
  }

  private checkText(text: string): void {
    const v = this.validations;
    const min = numberSetting(v.minLength);
    const max = numberSetting(v.maxLength);
    if (min !== undefined && text.length < min)
      this.problem(
        this.field.id,
        this.message('minLength', `${this.label()} must be at least ${min} characters long`),
      );
    if (max !== undefined && text.length > max)
      this.problem(
        this.field.id,
        this.message('maxLength', `${this.label()} must be at most ${max} characters long`),
      );
    const regex = isPlainObject(v.regex) && typeof v.regex.pattern === 'string' ? v.regex.pattern : undefined;
    if (regex !== undefined && text !== '') {
      let pattern: RegExp | undefined;
      try {
        pattern = new RegExp(regex);
      } catch {
        // A content type with a broken pattern cannot reject anything with it.
      }
      if (pattern && !pattern.test(text))
        this.problem(this.field.id, this.message('regex', `${this.label()} is not in the expected format`));
    }
    const allowed = v.allowedValues;
    if (isPlainObject(allowed) && text !== '') {
      const values = allowedValues(allowed);
      if (values.length > 0 && !values.includes(text)) {
        this.problem(
          this.field.id,
          this.message('allowedValues', `${this.label()} must be one of: ${values.slice(0, 20).join(', ')}`),
        );
      }
    }
  }

  private checkNumber(value: number): void {
    const v = this.validations;
    const min = numberSetting(v.min);
    const max = numberSetting(v.max);
    if (min !== undefined && value < min)
      this.problem(this.field.id, this.message('min', `${this.label()} must be at least ${min}`));
    if (max !== undefined && value > max)
      this.problem(this.field.id, this.message('max', `${this.label()} must be at most ${max}`));
    const places = numberSetting(v.decimalPlaces);
    if (places !== undefined && decimalPlaces(value) > places)
      this.problem(
        this.field.id,
        this.message('decimalPlaces', `${this.label()} may have at most ${places} decimal places`),
      );
  }

  private checkCount(count: number): void {
    const min = numberSetting(this.validations.minCount);
    const max = numberSetting(this.validations.maxCount);
    if (min !== undefined && count < min)
      this.problem(this.field.id, this.message('minCount', `${this.label()} needs at least ${min} items`));
    if (max !== undefined && count > max)
      this.problem(this.field.id, this.message('maxCount', `${this.label()} may hold at most ${max} items`));
  }

  /** The content type's own message for a validation, in the entry's language when it has one. */
  private message(validation: string, fallback: string): string {
    const setting = this.validations[validation];
    const message = isPlainObject(setting) && isPlainObject(setting.message) ? setting.message : undefined;
    if (!message) return fallback;
    const localised = message[this.context.language] ?? Object.values(message)[0];
    return typeof localised === 'string' && localised !== '' ? localised : fallback;
  }

  private label(): string {
    const name = this.field.name;
    const localised = name ? (name[this.context.language] ?? Object.values(name)[0]) : undefined;
    return typeof localised === 'string' && localised !== '' ? localised : this.field.id;
  }

  private fail(message: string, path: string = this.field.id): undefined {
    this.problem(path, `The field '${path}' ${message}`);
    return undefined;
  }

  private problem(field: string, message: string): void {
    this.problems.push({ field, message });
  }
}

function nonEmpty(value: unknown): boolean {
  return typeof value === 'string' && value.trim() !== '';
}

function numberSetting(setting: unknown): number | undefined {
  return isPlainObject(setting) && typeof setting.value === 'number' ? setting.value : undefined;
}

function allowedValues(setting: Record<string, unknown>): string[] {
  const values: string[] = [];
  if (Array.isArray(setting.values)) {
    for (const value of setting.values) {
      if (typeof value === 'string') values.push(value);
      else if (isPlainObject(value))
        for (const text of Object.values(value)) if (typeof text === 'string') values.push(text);
    }
  }
  if (Array.isArray(setting.labeledValues)) {
    for (const item of setting.labeledValues) {
      if (isPlainObject(item) && typeof item.value === 'string') values.push(item.value);
    }
  }
  return values;
}

function decimalPlaces(value: number): number {
  const text = String(value);
  if (text.includes('e-')) return Number(text.split('e-')[1]);
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}
