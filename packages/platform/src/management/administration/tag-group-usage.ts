/**
 * Which content types and components use a tag group. The contract names the answer
 * (`TagGroupUsageInfo`) but not how a field declares its tag group, so the platform uses the
 * style of its other field validations: a tag field has `dataFormat: 'tag'` (with
 * `dataType: 'object'` for one tag or `'objectArray'` for several) and lists the groups its
 * tags may come from in `validations.allowedTagGroups.groupIds`:
 *
 * ```json
 * { "id": "topics", "name": { "en-GB": "Topics" }, "dataType": "objectArray", "dataFormat": "tag",
 *   "validations": { "allowedTagGroups": { "groupIds": ["topics"] } } }
 * ```
 *
 * A tag field without `allowedTagGroups` accepts any group and so is not counted as a use of
 * any particular one. Fields nested in a composer (`validations.allowedFieldTypes.fields`) count
 * too, as `composerField.itemField`.
 */
import type { Localised } from '../../contract.js';
import { isJsonObject } from './validation.js';

/** A content type or component as the usage scan reads it. */
export interface DefinitionForUsage {
  id: string;
  name?: unknown;
  description?: unknown;
  dataFormat?: unknown;
  fields?: unknown;
}

/** One field of a content type or component that uses a tag group (contract §4.2). */
export interface TagGroupUsageInfo {
  id: string;
  name: Localised<string>;
  description: Localised<string>;
  fieldId: string;
  dataFormat: string;
}

/** The tag groups a field definition allows, or `[]` when it is not a tag field naming groups. */
export function tagGroupsOfField(field: unknown): string[] {
  if (
    !isJsonObject(field) ||
    typeof field.dataFormat !== 'string' ||
    field.dataFormat.toLowerCase() !== 'tag'
  ) {
    return [];
  }
  const validations = isJsonObject(field.validations) ? field.validations : {};
  const allowed = isJsonObject(validations.allowedTagGroups)
    ? validations.allowedTagGroups.groupIds
    : undefined;
  return Array.isArray(allowed) ? allowed.filter((id): id is string => typeof id === 'string') : [];
}

/**
 * Every field of the given definitions that uses `groupId` (matched without regard to case),
 * one item per field, in definition order.
 *
 * @example
 * tagGroupUsage(listContentTypes(db, 'website'), 'topics');
 * // [{ id: 'newsArticle', name: {…}, description: {…}, fieldId: 'topics', dataFormat: 'entry' }]
 */
export function tagGroupUsage(
  definitions: readonly DefinitionForUsage[],
  groupId: string,
): TagGroupUsageInfo[] {
  const wanted = groupId.toLowerCase();
  const usage: TagGroupUsageInfo[] = [];
  for (const definition of definitions) {
    const visit = (fields: unknown, prefix: string): void => {
      if (!Array.isArray(fields)) return;
      for (const field of fields) {
        if (!isJsonObject(field) || typeof field.id !== 'string') continue;
        const fieldId = `${prefix}${field.id}`;
        if (tagGroupsOfField(field).some((id) => id.toLowerCase() === wanted)) {
          usage.push({
            id: definition.id,
            name: localised(definition.name),
            description: localised(definition.description),
            fieldId,
            dataFormat: typeof definition.dataFormat === 'string' ? definition.dataFormat : 'entry',
          });
        }
        const validations = isJsonObject(field.validations) ? field.validations : {};
        const composer = isJsonObject(validations.allowedFieldTypes)
          ? validations.allowedFieldTypes.fields
          : undefined;
        visit(composer, `${fieldId}.`);
      }
    };
    visit(definition.fields, '');
  }
  return usage;
}

function localised(value: unknown): Localised<string> {
  if (!isJsonObject(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}
