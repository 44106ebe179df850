import type { ProjectResource } from '../../contract.js';
import { componentReferences, readFields } from './field-input.js';
import {
  isPlainObject,
  type JsonRecord,
  readBoolean,
  readLanguageList,
  readLocalised,
  readString,
} from './input.js';
import { DEFINITION_ID_PATTERN, MAX_ID_LENGTH, MAX_LIST_ITEMS, MAX_TEXT_LENGTH } from './limits.js';
import { Problems } from './problems.js';

/** Content types and components share storage and rules; this says which one a request is about. */
export type DefinitionKind = 'contentType' | 'component';

/** Content-type data formats a content type may have; `component` belongs to the components API. */
export const CONTENT_TYPE_DATA_FORMATS: readonly string[] = ['entry', 'asset', 'form'];

/** Workflow a content type gets when it names none (the seed's, §4.2). */
export const DEFAULT_WORKFLOW_ID = 'contensisEntryBasic';

/** Boolean flags the docs show on components (§4.2), kept when sent. */
const COMPONENT_FLAGS = [
  'isChild',
  'hasChildren',
  'canAddChildComponents',
  'canBeAddedAsChildComponent',
] as const;

/** What validating a definition body needs from the stored data. */
export interface DefinitionLookups {
  /** Whether a component with this id exists in the project (any version). */
  componentExists(id: string): boolean;
  /** The components a component's latest version uses (for cycle checks). */
  componentReferencesOf(id: string): readonly string[];
  /** Whether a site-view node exists (for `defaultParentNodeId`). */
  nodeExists(id: string): boolean;
}

/** One definition request being validated. */
export interface DefinitionRequest {
  kind: DefinitionKind;
  project: ProjectResource;
  body: JsonRecord;
  /** The latest stored version when updating; absent when creating. */
  current?: JsonRecord;
  lookups: DefinitionLookups;
}

/** Name used in messages: "content type" or "component". */
export function kindLabel(kind: DefinitionKind): string {
  return kind === 'contentType' ? 'content type' : 'component';
}

/**
 * The definition a create or update body describes, without the server-managed `uuid`,
 * `projectId` and `version` (the caller adds them). Content types (§1.5) need `id`, `name`,
 * and valid `fields`; `dataFormat` is `entry` (default), `asset` or `form`; `defaultLanguage`
 * (default: the project's primary language) and `supportedLanguages` must be project
 * languages; `entryTitleField` (default: the first field) and the other `entry…Field`s must
 * name fields; `groups` default to one per `groupId` used. Components (§4.2) have the same
 * base with `dataFormat: "component"`. Fields may use components (`component.{id}`) that exist
 * and, for components, without a cycle. On update the id and data format cannot change.
 * Throws a 422 listing every problem.
 */
export function definitionFromBody(request: DefinitionRequest): JsonRecord {
  const { kind, project, body, current } = request;
  const label = kindLabel(kind);
  const problems = new Problems();
  const action = current ? 'updating' : 'creating';

  const id = readId(body, current, problems);
  const dataFormat = readDataFormat(kind, body, current, problems);
  const defaultLanguage =
    kind === 'contentType'
      ? (readString(body.defaultLanguage, 'defaultLanguage', problems, { max: 35 }) ??
        (current?.defaultLanguage as string | undefined) ??
        project.primaryLanguage)
      : project.primaryLanguage;
  if (!project.supportedLanguages.includes(defaultLanguage)) {
    problems.add('defaultLanguage', `'${defaultLanguage}' is not a language of this project`);
  }
  const supported =
    kind === 'contentType'
      ? readLanguageList(body.supportedLanguages, 'supportedLanguages', problems, project.supportedLanguages)
      : undefined;
  const languages = project.supportedLanguages;
  const localisedRule = { languages, plainStringLanguage: defaultLanguage };
  const name = readLocalised(body.name, 'name', problems, { ...localisedRule, required: true });
  const description = readLocalised(body.description, 'description', problems, {
    ...localisedRule,
    max: MAX_TEXT_LENGTH,
  });
  const enabled = readBoolean(body.enabled, 'enabled', problems);
  const fields = readFields(body.fields, problems, { languages, defaultLanguage });
  const groups = readGroups(body.groups, problems, localisedRule);
  problems.throwIfAny(`There are validation errors ${action} the ${label}`);

  const fieldIds = fields!.map((field) => field.id as string);
  checkGroups(fields!, groups, problems);
  checkComponentUse(request, id!, fields!, problems);
  const definition: JsonRecord = {
    id,
    uuid: current?.uuid,
    projectId: project.id,
    name,
    description: description ?? {},
    dataFormat,
    enabled: enabled ?? true,
  };
  if (kind === 'contentType') {
    const languageList = supported ??
      (current?.supportedLanguages as string[] | undefined) ?? [defaultLanguage];
    definition.defaultLanguage = defaultLanguage;
    definition.supportedLanguages = [
      defaultLanguage,
      ...languageList.filter((language) => language !== defaultLanguage),
    ];
    definition.entryTitleField =
      readFieldRef(body, 'entryTitleField', fieldIds, problems) ?? fieldIds[0] ?? '';
    definition.entryDescriptionField =
      readFieldRef(body, 'entryDescriptionField', fieldIds, problems) ?? null;
    const thumbnail = readFieldRef(body, 'entryThumbnailField', fieldIds, problems);
    if (thumbnail !== undefined) definition.entryThumbnailField = thumbnail;
    const tags = readFieldRef(body, 'entryTagsField', fieldIds, problems);
    if (tags !== undefined) definition.entryTagsField = tags;
    definition.workflowId =
      readString(body.workflowId, 'workflowId', problems, { max: MAX_ID_LENGTH, nullable: true }) ??
      DEFAULT_WORKFLOW_ID;
    definition.previewUrl =
      readString(body.previewUrl, 'previewUrl', problems, { max: MAX_TEXT_LENGTH, nullable: true }) ?? null;
    const parentNode = readString(body.defaultParentNodeId, 'defaultParentNodeId', problems, {
      max: MAX_ID_LENGTH,
      nullable: true,
    });
    if (parentNode !== undefined && !request.lookups.nodeExists(parentNode)) {
      problems.add('defaultParentNodeId', `The node '${parentNode}' does not exist`);
    }
    definition.defaultParentNodeId = parentNode ?? null;
  }
  definition.groups = groups ?? derivedGroups(fields!, defaultLanguage);
  definition.fields = fields;
  if (kind === 'component') {
    for (const flag of COMPONENT_FLAGS) {
      const value = readBoolean(body[flag], flag, problems);
      if (value !== undefined) definition[flag] = value;
    }
  }
  problems.throwIfAny(`There are validation errors ${action} the ${label}`);
  return definition;
}

function readId(body: JsonRecord, current: JsonRecord | undefined, problems: Problems): string | undefined {
  if (current) {
    if (body.id !== undefined && body.id !== null && body.id !== current.id) {
      problems.add('id', `The id cannot be changed (this is '${String(current.id)}')`);
    }
    return current.id as string;
  }
  return readString(body.id, 'id', problems, {
    required: true,
    max: MAX_ID_LENGTH,
    pattern: {
      test: DEFINITION_ID_PATTERN,
      message: 'The id must start with a letter and contain only letters, digits and "_"',
    },
  });
}

function readDataFormat(
  kind: DefinitionKind,
  body: JsonRecord,
  current: JsonRecord | undefined,
  problems: Problems,
): string {
  const sent = readString(body.dataFormat, 'dataFormat', problems, { max: 32, nullable: true });
  if (kind === 'component') {
    if (sent !== undefined && sent !== 'component') {
      problems.add('dataFormat', 'A component has the data format "component"');
    }
    return 'component';
  }
  const format = sent ?? (current?.dataFormat as string | undefined) ?? 'entry';
  if (sent === 'component') {
    problems.add('dataFormat', 'Components are created and updated through /components');
  } else if (!CONTENT_TYPE_DATA_FORMATS.includes(format)) {
    problems.add('dataFormat', `The dataFormat must be one of ${CONTENT_TYPE_DATA_FORMATS.join(', ')}`);
  } else if (current && current.dataFormat !== format) {
    problems.add(
      'dataFormat',
      `The data format of a content type cannot change (it is '${String(current.dataFormat)}')`,
    );
  }
  return format;
}

function readFieldRef(
  body: JsonRecord,
  key: string,
  fieldIds: readonly string[],
  problems: Problems,
): string | undefined {
  const value = readString(body[key], key, problems, { max: MAX_ID_LENGTH, nullable: true });
  if (value !== undefined && !fieldIds.includes(value)) {
    problems.add(key, `The ${key} '${value}' is not one of the fields`);
    return undefined;
  }
  return value;
}

function readGroups(
  value: unknown,
  problems: Problems,
  rule: { languages: readonly string[]; plainStringLanguage: string },
): JsonRecord[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.length > MAX_LIST_ITEMS) {
    problems.add('groups', `The groups must be a list of at most ${MAX_LIST_ITEMS} { id, name } objects`);
    return undefined;
  }
  const groups: JsonRecord[] = [];
  for (const [i, raw] of value.entries()) {
    if (!isPlainObject(raw)) {
      problems.add(`groups[${i}]`, 'A group must be an object with id and name');
      continue;
    }
    const id = readString(raw.id, `groups[${i}].id`, problems, { required: true, max: MAX_ID_LENGTH });
    const name = readLocalised(raw.name, `groups[${i}].name`, problems, rule);
    if (id !== undefined) {
      const group: JsonRecord = { id, name: name ?? {} };
      if (raw.description !== undefined) {
        group.description = readLocalised(raw.description, `groups[${i}].description`, problems, {
          ...rule,
          max: MAX_TEXT_LENGTH,
        });
      }
      groups.push(group);
    }
  }
  return groups;
}

function checkGroups(
  fields: readonly JsonRecord[],
  groups: JsonRecord[] | undefined,
  problems: Problems,
): void {
  if (!groups) return;
  const ids = new Set(groups.map((group) => group.id));
  for (const [i, field] of fields.entries()) {
    if (field.groupId !== undefined && !ids.has(field.groupId)) {
      problems.add(`fields[${i}].groupId`, `The group '${String(field.groupId)}' is not one of the groups`);
    }
  }
}

/** One group per `groupId` the fields use, named after it (what the seed does). */
function derivedGroups(fields: readonly JsonRecord[], language: string): JsonRecord[] {
  const ids = [...new Set(fields.map((field) => field.groupId).filter((id): id is string => !!id))];
  return ids.map((id) => ({ id, name: { [language]: id.charAt(0).toUpperCase() + id.slice(1) } }));
}

function checkComponentUse(
  request: DefinitionRequest,
  id: string,
  fields: readonly JsonRecord[],
  problems: Problems,
): void {
  const used = componentReferences(fields);
  for (const componentId of used) {
    if (request.kind === 'component' && componentId === id) {
      problems.add('fields', `The component '${id}' cannot contain itself`);
    } else if (!request.lookups.componentExists(componentId)) {
      problems.add('fields', `The component '${componentId}' does not exist`);
    }
  }
  if (request.kind !== 'component' || !problems.ok) return;
  // A component may not reach itself through the components it uses.
  const seen = new Set<string>();
  const stack = [...used];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    for (const child of request.lookups.componentReferencesOf(next)) {
      if (child === id) {
        problems.add('fields', `Using the component '${next}' would make '${id}' contain itself`);
        return;
      }
      stack.push(child);
    }
  }
}
