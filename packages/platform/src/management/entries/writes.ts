import { randomUUID } from 'node:crypto';
import type { StoredEntry, VersionInfo } from '../../contract.js';
import { type ContentTypeResource, getContentType } from '../../db/content-types.js';
import { deleteEntryVersion, entryIdentity, entryLanguages, setEntryVersionFlags } from '../../db/entries.js';
import { HttpError, notFound } from '../../delivery/errors.js';
import { isPlainObject } from '../../seed/links.js';
import { parseVersionNo } from '../version-numbers.js';
import { type AssetPlacement, type AssetUpload, assetFolder, placeAsset, uploadOf } from './assets.js';
import {
  type EntryOperationContext,
  type EntryWriteResult,
  entryEvent,
  loadVariation,
  resourceTypesOf,
} from './context.js';
import { buildVersionDocument } from './document.js';
import { EntryValidationError, invalid } from './errors.js';
import { databaseLookups, linkTargetLookup } from './lookups.js';
import { ManagementEntryReader } from './reader.js';
import { archiveVersion, getRecycledVariation } from './recycle-bin.js';
import { projectLanguage, refreshAvailableLanguages, storeVersion, variationLanguages } from './storage.js';
import { type FieldDefinition, validateEntryFields } from './validation.js';
import { FIRST_VERSION, nextMinorVersion, sameVersionText } from './versions.js';
import { STATES, workflowIdOf } from './workflow.js';

/** Ids are GUIDs (contract §1.6.2); callers may choose their own when creating. */
const GUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The most keys `sys.metadata` may carry, and the longest text value. */
const MAX_METADATA_KEYS = 50;
const MAX_METADATA_TEXT = 1_000;

/**
 * `POST P/entries` (contract §4.2): creates an entry, or a new language variation of an
 * existing entry when `sys.id` names one that lacks `sys.language`. The content type comes
 * from `sys.contentTypeId`; the fields are validated against it (422 `Validation` otherwise).
 * The new version is `0.1`, a draft, not published. Runs in one transaction.
 */
export function createEntry(context: EntryOperationContext, body: Record<string, unknown>): EntryWriteResult {
  const action = 'creating';
  const sys = isPlainObject(body.sys) ? body.sys : undefined;
  if (!sys) throw invalid(action, 'sys', 'The entry needs a sys object with contentTypeId and language');
  const { db, project } = context;
  return db
    .transaction((): EntryWriteResult => {
      const upload = present(body.sysAssetFile)
        ? uploadOf(db, project.id, body.sysAssetFile, action)
        : undefined;
      const contentType = resolveContentType(context, sys, action, upload);
      const language = resolveLanguage(context, sys.language, contentType, action);
      const entryId = resolveNewId(sys.id, action);
      const resourceType = resourceTypesOf(contentType.dataFormat).permission;
      context.authorize({ resourceType, id: contentType.id, language }, 'create');

      const identity = entryIdentity(db, project.id, entryId);
      if (identity && identity.contentTypeId !== contentType.id) {
        throw invalid(
          action,
          'sys.contentTypeId',
          `The entry '${entryId}' exists with the content type '${identity.contentTypeId}'`,
        );
      }
      if (loadVariation(db, project.id, entryId, language)) {
        throw conflictError(`The entry '${entryId}' already exists in '${language}'`, { entryId, language });
      }
      if (getRecycledVariation(db, project.id, entryId, language)) {
        throw conflictError(`The entry '${entryId}' in '${language}' is in the recycle bin`, {
          entryId,
          language,
        });
      }
      const sibling = identity ? anyVariation(context, entryId) : undefined;
      if (contentType.dataFormat === 'asset' && !sibling && !upload) {
        throw invalid(action, 'sysAssetFile', 'A new asset needs its file: upload it to P/assets first');
      }
      if (upload && contentType.dataFormat !== 'asset') {
        throw invalid(action, 'sysAssetFile', `Only assets have files; '${contentType.id}' is an entry type`);
      }

      const lookups = databaseLookups(db, project);
      const fields = validated(body, contentType, language, lookups, action);
      const asset = upload
        ? placeAsset(
            db,
            project.id,
            entryId,
            upload,
            assetFolder(upload.mimeType, fileFolder(body), action),
            action,
          )
        : undefined;
      const now = new Date(context.now()).toISOString();
      const languages = variationLanguages(db, project, entryId, language);
      const document = buildVersionDocument(
        {
          contentType,
          entryId,
          language,
          fields,
          ...(sibling ? { previous: sibling } : {}),
          previousIsSameVariation: false,
          owner: sibling?.sys.owner ?? context.actor,
          workflowId: workflowIdOf(contentType),
          state: STATES.draft,
          isPublished: false,
          version: {
            createdBy: context.actor,
            created: now,
            modifiedBy: context.actor,
            modified: now,
            versionNo: FIRST_VERSION,
          },
          availableLanguages: languages,
          ...metadataOf(sys, action),
          ...(asset ? { asset } : {}),
        },
        lookups,
      );
      storeVersion(db, project.id, document, { isLatest: true, isPublished: false });
      if (identity) refreshAvailableLanguages(db, project, entryId);
      const entry = new ManagementEntryReader(db, project).shape(document, 'latest');
      return { entry, events: [entryEvent(context, 'created', document, entry)] };
    })
    .immediate();
}

/**
 * `PUT P/entries/{id}` (contract §4.2): replaces the latest version of a variation.
 * `sys.version.versionNo` must name the current latest version (checked inside the write
 * transaction: of concurrent updates from the same version exactly one succeeds, the others
 * get a 422). The new version is a draft with the next minor number; on a published variation
 * it sits on top of the published version, which delivery keeps serving.
 */
export function updateEntry(
  context: EntryOperationContext,
  entryId: string,
  body: Record<string, unknown>,
): EntryWriteResult {
  const action = 'updating';
  const sys = isPlainObject(body.sys) ? body.sys : undefined;
  if (!sys) throw invalid(action, 'sys', 'The entry needs a sys object with language and version.versionNo');
  if (sys.id !== undefined && sys.id !== entryId) {
    throw invalid(
      action,
      'sys.id',
      `sys.id '${String(sys.id).slice(0, 100)}' does not match the entry '${entryId}'`,
    );
  }
  const { db, project } = context;
  return db
    .transaction((): EntryWriteResult => {
      const identity = entryIdentity(db, project.id, entryId);
      if (!identity) throw notFound('The entry could not be found', { entryId, projectId: project.id });
      const language = projectLanguage(project, sys.language);
      if (!language) {
        throw invalid(
          action,
          'sys.language',
          `The language '${String(sys.language ?? '').slice(0, 40)}' is not supported by the project`,
        );
      }
      const contentType = getContentType(db, project.id, identity.contentTypeId);
      if (!contentType) {
        throw invalid(
          action,
          'contentType',
          `The content type '${identity.contentTypeId}' does not exist any more`,
        );
      }
      if (sys.contentTypeId !== undefined && sys.contentTypeId !== contentType.id) {
        throw invalid(action, 'sys.contentTypeId', 'The content type of an entry cannot be changed');
      }
      context.authorize(
        { resourceType: resourceTypesOf(contentType.dataFormat).permission, id: contentType.id, language },
        'update',
      );
      const variation = loadVariation(db, project.id, entryId, language);
      if (!variation) {
        throw notFound(`The entry has no '${language}' variation`, {
          entryId,
          language,
          projectId: project.id,
        });
      }
      const versionNo = isPlainObject(sys.version) ? sys.version.versionNo : undefined;
      if (parseVersionNo(versionNo) === undefined) {
        throw invalid(
          action,
          'sys.version.versionNo',
          'sys.version.versionNo must name the version being replaced, e.g. "1.0"',
        );
      }
      if (!sameVersionText(versionNo as string, variation.latest.versionNo)) {
        throw invalid(
          action,
          'sys.version.versionNo',
          `The entry was changed since version ${String(versionNo)}; the latest version is ${variation.latest.versionNo}`,
        );
      }

      const lookups = databaseLookups(db, project);
      const fields = validated(body, contentType, language, lookups, action);
      const previous = variation.latestDoc;
      let asset: AssetPlacement | undefined;
      if (present(body.sysAssetFile)) {
        if (contentType.dataFormat !== 'asset') {
          throw invalid(
            action,
            'sysAssetFile',
            `Only assets have files; '${contentType.id}' is an entry type`,
          );
        }
        const upload = uploadOf(db, project.id, body.sysAssetFile, action);
        const currentFolder = previous.sys.uri?.slice(0, previous.sys.uri.lastIndexOf('/'));
        const folder = fileFolder(body) ?? currentFolder;
        asset = placeAsset(
          db,
          project.id,
          entryId,
          upload,
          assetFolder(upload.mimeType, folder, action),
          action,
        );
      }
      const now = new Date(context.now()).toISOString();
      const version: VersionInfo = {
        createdBy: previous.sys.version.createdBy,
        created: previous.sys.version.created,
        modifiedBy: context.actor,
        modified: now,
        versionNo: nextMinorVersion(variation.latest.versionNo),
      };
      const published = variation.publishedDoc?.sys.version;
      if (published?.published) version.published = published.published;
      if (published?.publishedBy) version.publishedBy = published.publishedBy;
      const document = buildVersionDocument(
        {
          contentType,
          entryId,
          language,
          fields,
          previous,
          previousIsSameVariation: true,
          owner: previous.sys.owner,
          workflowId: workflowIdOf(contentType),
          state: STATES.draft,
          isPublished: variation.published !== undefined,
          version,
          availableLanguages: variationLanguages(db, project, entryId),
          ...metadataOf(sys, action),
          ...(asset ? { asset } : {}),
        },
        lookups,
      );
      if (variation.latest.isPublished) {
        // The published version stays as it is; the new draft goes on top of it.
        setEntryVersionFlags(db, variation.latest.doc, false, true);
      } else {
        archiveVersion(db, project.id, previous);
        deleteEntryVersion(db, variation.latest.doc);
      }
      storeVersion(db, project.id, document, { isLatest: true, isPublished: false });
      const entry = new ManagementEntryReader(db, project).shape(document, 'latest');
      const workflowEvent =
        previous.sys.workflow.state === STATES.versionComplete ? 'versionComplete.sysUpdate' : undefined;
      return { entry, events: [entryEvent(context, 'updated', document, entry, workflowEvent)] };
    })
    .immediate();
}

function present(value: unknown): boolean {
  return value !== undefined && value !== null;
}

/** `sysAssetFile.parentNodePath` of a body, if any. */
function fileFolder(body: Record<string, unknown>): unknown {
  return isPlainObject(body.sysAssetFile) ? body.sysAssetFile.parentNodePath : undefined;
}

/** The asset content type an upload defaults to: `image` for pictures, else `document`. */
function defaultAssetType(upload: AssetUpload | undefined): string | undefined {
  if (!upload) return undefined;
  return upload.mimeType.startsWith('image/') ? 'image' : 'document';
}

function resolveContentType(
  context: EntryOperationContext,
  sys: Record<string, unknown>,
  action: string,
  upload: AssetUpload | undefined,
): ContentTypeResource {
  const given = sys.contentTypeId;
  const id = given === undefined || given === null || given === '' ? defaultAssetType(upload) : given;
  if (typeof id !== 'string' || id === '') {
    throw invalid(action, 'sys.contentTypeId', 'sys.contentTypeId must name the content type of the entry');
  }
  const contentType = getContentType(context.db, context.project.id, id);
  if (!contentType) {
    throw new EntryValidationError(`There are validation errors ${action} the entry`, [
      { field: 'contentType', message: `The content type '${id.slice(0, 100)}' does not exist` },
    ]);
  }
  if (contentType.dataFormat !== 'entry' && contentType.dataFormat !== 'asset') {
    throw invalid(
      action,
      'sys.contentTypeId',
      `'${id}' is a ${contentType.dataFormat}, not an entry or asset type`,
    );
  }
  if (sys.dataFormat !== undefined && sys.dataFormat !== null && sys.dataFormat !== contentType.dataFormat) {
    throw invalid(
      action,
      'sys.dataFormat',
      `sys.dataFormat '${String(sys.dataFormat).slice(0, 40)}' does not match the content type's '${contentType.dataFormat}'`,
    );
  }
  return contentType;
}

function resolveLanguage(
  context: EntryOperationContext,
  value: unknown,
  contentType: ContentTypeResource,
  action: string,
): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw invalid(action, 'sys.language', 'sys.language is required');
  const language = projectLanguage(context.project, value);
  if (!language) {
    throw invalid(
      action,
      'sys.language',
      `The language '${value.slice(0, 40)}' is not supported by the project`,
    );
  }
  const supported = Array.isArray(contentType.supportedLanguages)
    ? contentType.supportedLanguages
    : [language];
  if (!supported.includes(language)) {
    throw invalid(
      action,
      'sys.language',
      `The content type '${contentType.id}' does not support the language '${language}'`,
    );
  }
  return language;
}

function conflictError(message: string, data: unknown): HttpError {
  return new HttpError(409, message, data);
}

function resolveNewId(value: unknown, action: string): string {
  if (value === undefined || value === null || value === '') return randomUUID();
  if (typeof value !== 'string' || !GUID_PATTERN.test(value)) {
    throw invalid(action, 'sys.id', 'sys.id must be a GUID such as 9c0e6a52-1f7e-4a39-8d0c-5be2f9a8c7d4');
  }
  return value.toLowerCase();
}

/** Another variation's latest version (assets take their file facts from it). */
function anyVariation(context: EntryOperationContext, entryId: string): StoredEntry | undefined {
  for (const language of entryLanguages(context.db, context.project.id, entryId, 'latest')) {
    const variation = loadVariation(context.db, context.project.id, entryId, language);
    if (variation) return variation.latestDoc;
  }
  return undefined;
}

function validated(
  body: Record<string, unknown>,
  contentType: ContentTypeResource,
  language: string,
  lookups: ReturnType<typeof databaseLookups>,
  action: string,
): Record<string, unknown> {
  const result = validateEntryFields(body, {
    contentTypeId: contentType.id,
    fields: Array.isArray(contentType.fields) ? (contentType.fields as FieldDefinition[]) : [],
    language,
    linkTarget: linkTargetLookup(lookups),
  });
  if (result.problems.length > 0) {
    throw new EntryValidationError(`There are validation errors ${action} the entry`, result.problems);
  }
  return result.fields;
}

/** `sys.metadata` when the body sets it: an object of short scalar values. */
function metadataOf(
  sys: Record<string, unknown>,
  action: string,
): { metadata?: Record<string, string | number | boolean | null> } {
  const metadata = sys.metadata;
  if (metadata === undefined || metadata === null) return {};
  const valid =
    isPlainObject(metadata) &&
    Object.keys(metadata).length <= MAX_METADATA_KEYS &&
    Object.values(metadata).every(
      (value) =>
        value === null ||
        typeof value === 'boolean' ||
        (typeof value === 'number' && Number.isFinite(value)) ||
        (typeof value === 'string' && value.length <= MAX_METADATA_TEXT),
    );
  if (!valid) {
    throw invalid(
      action,
      'sys.metadata',
      `sys.metadata must be an object of at most ${MAX_METADATA_KEYS} short text, number or boolean values`,
    );
  }
  return { metadata: metadata as Record<string, string | number | boolean | null> };
}
