import type { Localised } from '../../contract.js';
import { Issues, isJsonObject, LIMITS } from './validation.js';
import type { ResourceVersion } from './versions.js';

/** A tag group as stored (contract §4.2); `tagCount` is added when served. */
export interface TagGroupDocument {
  id: string;
  name: string;
  description: string;
  version: ResourceVersion;
}

/** A tag group as served. */
export interface TagGroupResource extends TagGroupDocument {
  tagCount: number;
}

/** A tag as stored (contract §4.2); `usageCount` is added when served. */
export interface TagDocument {
  id: string;
  groupId: string;
  value: string;
  label: Localised<string>;
  version: ResourceVersion;
}

/** A tag as served. */
export interface TagResource extends TagDocument {
  usageCount: number;
}

/** The editable part of a tag group. */
export type TagGroupFields = Pick<TagGroupDocument, 'id' | 'name' | 'description'>;

/** The editable part of a tag (plus the id a creator may choose). */
export interface TagFields {
  id?: string;
  groupId: string;
  value: string;
  label: Localised<string>;
}

/**
 * Validates a tag group body: `id` (letters, digits, `_-.`, at most 100 characters), `name`
 * (at most 256) and an optional `description` (at most 2 000). On update the body's `id`, when
 * present, must be the one in the path. Throws a 422 naming every problem.
 *
 * @example
 * parseTagGroup({ id: 'topics', name: 'Topics' }, 'creating');
 */
export function parseTagGroup(
  body: Record<string, unknown>,
  doing: 'creating' | 'updating',
  pathId?: string,
): TagGroupFields {
  const issues = new Issues();
  let id = pathId ?? '';
  if (pathId === undefined) id = issues.id(body.id, 'id');
  else if (body.id !== undefined && body.id !== null && body.id !== pathId) {
    issues.add('id', `'id' must be the id in the path ('${pathId}'); a tag group's id cannot change`);
  }
  const name = issues.text(body.name, 'name', LIMITS.name);
  const description = issues.optionalText(body.description, 'description', LIMITS.description) ?? '';
  issues.throwIfAny(`There are validation errors ${doing} the tag group`);
  return { id, name, description };
}

/**
 * Validates a tag body: `groupId`, `value` (at most 256 characters), `label` (an object of
 * project language → non-empty text, at least one; language codes are matched without regard
 * to case and stored in the project's spelling) and, on create, an optional `id`. Throws a
 * 422 naming every problem.
 *
 * @example
 * parseTag({ groupId: 'topics', value: 'transport', label: { 'en-GB': 'Transport' } }, ['en-GB', 'cy'], 'creating');
 */
export function parseTag(
  body: Record<string, unknown>,
  languages: readonly string[],
  doing: 'creating' | 'updating',
  pathId?: string,
): TagFields {
  const issues = new Issues();
  const fields: TagFields = {
    groupId: issues.id(body.groupId, 'groupId'),
    value: issues.text(body.value, 'value', LIMITS.name),
    label: parseLabel(body.label, languages, issues),
  };
  if (pathId === undefined) {
    if (body.id !== undefined && body.id !== null) fields.id = issues.id(body.id, 'id');
  } else if (body.id !== undefined && body.id !== null && body.id !== pathId) {
    issues.add('id', `'id' must be the id in the path ('${pathId}'); a tag's id cannot change`);
  }
  issues.throwIfAny(`There are validation errors ${doing} the tag`);
  return fields;
}

function parseLabel(value: unknown, languages: readonly string[], issues: Issues): Localised<string> {
  const label: Localised<string> = {};
  if (!isJsonObject(value)) {
    issues.add(
      'label',
      '\'label\' must be an object of language codes and texts, e.g. {"en-GB": "Transport"}',
    );
    return label;
  }
  for (const [code, text] of Object.entries(value)) {
    const language = languages.find((candidate) => candidate.toLowerCase() === code.toLowerCase());
    const field = `label.${code.slice(0, 40)}`;
    if (!language) {
      issues.add(field, `'${code.slice(0, 40)}' is not a language of the project (${languages.join(', ')})`);
      continue;
    }
    const checked = issues.text(text, field, LIMITS.name);
    if (checked !== '') label[language] = checked;
  }
  if (Object.keys(value).length === 0) issues.add('label', "'label' needs a text in at least one language");
  return label;
}
