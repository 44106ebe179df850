import type { JsonObject, StoredEntry, VersionInfo } from '../../contract.js';
import type { ContentTypeResource } from '../../db/content-types.js';
import { completeLinks, type DocumentLookups, slugify } from '../../seed/entry-document.js';
import { isPlainObject } from '../../seed/links.js';
import type { AssetPlacement } from './assets.js';

/** Everything one stored version of an entry variation is built from. */
export interface VersionDocumentInput {
  contentType: ContentTypeResource;
  entryId: string;
  language: string;
  /** Validated data fields (links as `{ sys: { id, language? } }`). */
  fields: Record<string, unknown>;
  /** The variation's previous latest version (or, for a new variation, another variation). */
  previous?: StoredEntry;
  /** Whether `previous` is this variation's own (keeps slug, metadata, creation). */
  previousIsSameVariation: boolean;
  owner: string;
  workflowId: string;
  state: string;
  /** Whether the variation has a published version once this version is stored. */
  isPublished: boolean;
  version: VersionInfo;
  availableLanguages: readonly string[];
  metadata?: Record<string, string | number | boolean | null>;
  /** A newly attached asset file; without one an asset keeps its previous file facts. */
  asset?: AssetPlacement;
}

/**
 * Builds the stored Entry JSON of a version written through the management API, in the shape
 * the seed loader stores (contract §1.6.2, without `sys.versionStatus`): data fields in the
 * content type's order with links completed from their targets (so delivery serves them with
 * `uri`), the synthetic `entryTitle` / `entryDescription` / `entryThumbnail` / `entryTags`,
 * and `sys`. An asset takes its file facts (`uri`, `properties`) from a newly attached file,
 * else from the previous version.
 */
export function buildVersionDocument(input: VersionDocumentInput, lookups: DocumentLookups): StoredEntry {
  const { contentType, entryId, language, previous } = input;
  const document: JsonObject = {};
  const state = { complete: true };
  for (const [key, value] of Object.entries(input.fields)) {
    document[key] = completeLinks(value, language, lookups, state);
  }
  const title = input.fields[contentType.entryTitleField];
  const entryTitle =
    typeof title === 'string'
      ? title
      : typeof title === 'number' || typeof title === 'boolean'
        ? String(title)
        : '';
  document.entryTitle = entryTitle;
  const descriptionField = stringSetting(contentType.entryDescriptionField);
  const description = descriptionField ? input.fields[descriptionField] : undefined;
  if (typeof description === 'string') document.entryDescription = description;
  const thumbnailField = stringSetting(contentType.entryThumbnailField);
  const thumbnail = thumbnailField ? document[thumbnailField] : undefined;
  const { asset } = input;
  if (isPlainObject(thumbnail) && 'asset' in thumbnail) document.entryThumbnail = thumbnail;
  else if (asset?.isImage) {
    // An image is its own thumbnail.
    document.entryThumbnail = {
      asset: {
        sys: { id: entryId, language, dataFormat: 'asset', contentTypeId: contentType.id, uri: asset.uri },
      },
    };
  } else if (!asset && contentType.dataFormat === 'asset' && isPlainObject(previous?.entryThumbnail)) {
    // An image is its own thumbnail; its file does not change with its fields.
    document.entryThumbnail = previous.entryThumbnail;
  }
  const tagsField = stringSetting(contentType.entryTagsField);
  const tags = tagsField ? input.fields[tagsField] : undefined;
  if (Array.isArray(tags)) document.entryTags = tags.filter((tag): tag is string => typeof tag === 'string');

  const isAsset = contentType.dataFormat === 'asset';
  const own = input.previousIsSameVariation ? previous : undefined;
  const uri = isAsset ? (asset?.uri ?? previous?.sys.uri) : lookups.uriOf(entryId, language);
  const sys: JsonObject = {
    id: entryId,
    projectId: lookups.projectId,
    contentTypeId: contentType.id,
    dataFormat: contentType.dataFormat,
    language,
    availableLanguages: [...input.availableLanguages],
    slug: own?.sys.slug ?? lookups.nodeSlugOf(entryId, language) ?? slugify(entryTitle),
  };
  if (uri !== undefined) sys.uri = uri;
  sys.allUris = isAsset
    ? asset
      ? [asset.uri]
      : (previous?.sys.allUris ?? [])
    : lookups.allUrisOf(entryId, language);
  sys.owner = input.owner;
  sys.isPublished = input.isPublished;
  sys.metadata = input.metadata ?? own?.sys.metadata ?? { includeInSearch: true };
  sys.properties = isAsset ? (asset?.properties ?? previous?.sys.properties ?? {}) : {};
  sys.workflow = { id: input.workflowId, state: input.state };
  sys.version = input.version;
  document.sys = sys;
  return document as StoredEntry;
}

/**
 * A copy of a stored version with a new workflow state, publication flag and version facts
 * (workflow transitions change no field).
 */
export function withVersionFacts(
  stored: StoredEntry,
  facts: { state: string; isPublished: boolean; version: VersionInfo },
): StoredEntry {
  return {
    ...stored,
    sys: {
      ...stored.sys,
      isPublished: facts.isPublished,
      workflow: { ...stored.sys.workflow, state: facts.state },
      version: facts.version,
    },
  };
}

function stringSetting(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
