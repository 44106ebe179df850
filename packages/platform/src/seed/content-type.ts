import { createHash } from 'node:crypto';
import type { ProjectResource } from '../contract.js';
import type { ContentTypeResource } from '../db/content-types.js';
import type { SeedContentType } from './types.js';

/**
 * The content type document D2 serves (contract §1.5), from a seed content type: adds the
 * server-managed `uuid` (stable per project and id), `projectId`, `enabled`, `workflowId`,
 * `groups` (one per `groupId` the fields use) and `version`, and gives every field the
 * optional keys the contract's example shows.
 */
export function buildContentType(
  project: ProjectResource,
  seed: SeedContentType,
  now: string = new Date().toISOString(),
): ContentTypeResource {
  const groupIds = [...new Set(seed.fields.map((field) => field.groupId).filter((id): id is string => !!id))];
  const resource: ContentTypeResource = {
    id: seed.id,
    uuid: stableUuid(`${project.id}/contentType/${seed.id}`),
    projectId: project.id,
    name: seed.name,
    description: seed.description,
    dataFormat: seed.dataFormat,
    enabled: true,
    defaultLanguage: seed.defaultLanguage,
    supportedLanguages: seed.supportedLanguages,
    entryTitleField: seed.entryTitleField,
    entryDescriptionField: seed.entryDescriptionField ?? null,
    workflowId: 'contensisEntryBasic',
    previewUrl: null,
    defaultParentNodeId: null,
    groups: groupIds.map((id) => ({ id, name: { [project.primaryLanguage]: capitalise(id) } })),
    fields: seed.fields.map((field) => ({
      id: field.id,
      name: field.name,
      description: field.description ?? {},
      dataType: field.dataType,
      dataFormat: field.dataFormat ?? null,
      default: null,
      ...(field.groupId ? { groupId: field.groupId } : {}),
      validations: field.validations ?? {},
      editor: field.editor ?? {},
    })),
    version: {
      createdBy: 'canopy',
      created: now,
      modifiedBy: 'canopy',
      modified: now,
      publishedBy: 'canopy',
      published: now,
      versionNo: '1.0',
    },
  };
  if (seed.entryThumbnailField) resource.entryThumbnailField = seed.entryThumbnailField;
  if (seed.entryTagsField) resource.entryTagsField = seed.entryTagsField;
  return resource;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A GUID-shaped value derived from a name (SHA-1 laid out like an RFC 4122 v5 UUID). */
function stableUuid(name: string): string {
  const hex = createHash('sha1').update(name).digest('hex');
  const variant = ((Number.parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}
