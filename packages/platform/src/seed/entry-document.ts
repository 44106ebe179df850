import type { JsonObject, StoredEntry, VersionInfo } from '../contract.js';
import { isLink, isPlainObject, type LinkSys } from './links.js';
import type { SeedContentType, SeedEntry } from './types.js';

/** What the document builder needs to know about the target of a link. */
export interface LinkTarget {
  contentTypeId: string;
  dataFormat: string;
  /** Languages the target has variations in. */
  languages: readonly string[];
  /** The target content type's default language. */
  defaultLanguage: string;
}

/** Lookups into the rest of the content being loaded. */
export interface DocumentLookups {
  projectId: string;
  /** Link target by entry id; undefined when that entry has not been seen (yet). */
  target(entryId: string): LinkTarget | undefined;
  /** Canonical URI of an entry in a language: its canonical node path, or its asset URI. */
  uriOf(entryId: string, language: string): string | undefined;
  /** Every node path of an entry in a language (the asset URI for assets). */
  allUrisOf(entryId: string, language: string): string[];
  /** Slug of the entry's canonical node in a language. */
  nodeSlugOf(entryId: string, language: string): string | undefined;
}

/**
 * Which stored version a document is: the only version of a published variation, the
 * published version under a pending draft, the pending draft itself (`1.1`), or the draft of
 * a never-published variation (`0.1`).
 */
export type VersionKind = 'published' | 'publishedUnderDraft' | 'pendingDraft' | 'draft';

/** Asset file facts for `sys.properties` (contract §1.6.2). */
export interface AssetFacts {
  uri: string;
  size: number;
  mimeType: string;
  width?: number;
  height?: number;
}

/** Input of {@link buildEntryDocument}. */
export interface DocumentInput {
  entry: SeedEntry;
  contentType: SeedContentType;
  language: string;
  kind: VersionKind;
  fields: Record<string, unknown>;
  availableLanguages: string[];
  asset?: AssetFacts;
}

/** A built document and whether every link in it could be completed from a known target. */
export interface BuiltDocument {
  document: StoredEntry;
  linksComplete: boolean;
}

const WORKFLOW_ID = 'contensisEntryBasic';

/**
 * Builds the stored Entry JSON of one version of one variation (contract §1.6.2): data fields
 * with links completed from their targets, the synthetic `entryTitle`, `entryDescription`,
 * `entryThumbnail`, `entryTags`, and `sys` — everything but `sys.versionStatus`, which
 * depends on the request and is added when the entry is served.
 */
export function buildEntryDocument(input: DocumentInput, lookups: DocumentLookups): BuiltDocument {
  const { entry, contentType, language } = input;
  const state = { complete: true };
  const document: JsonObject = {};
  for (const [key, value] of Object.entries(input.fields)) {
    if (key === 'sys') continue;
    document[key] = completeLinks(value, language, lookups, state);
  }

  const title = input.fields[contentType.entryTitleField];
  const entryTitle =
    typeof title === 'string' ? title : title === undefined || title === null ? '' : String(title);
  document.entryTitle = entryTitle;
  const description = contentType.entryDescriptionField
    ? input.fields[contentType.entryDescriptionField]
    : undefined;
  if (typeof description === 'string') document.entryDescription = description;
  const thumbnail = contentType.entryThumbnailField ? document[contentType.entryThumbnailField] : undefined;
  if (isPlainObject(thumbnail) && 'asset' in thumbnail) {
    document.entryThumbnail = thumbnail;
  } else if (input.asset?.mimeType.startsWith('image/')) {
    // An image is its own thumbnail.
    document.entryThumbnail = {
      asset: {
        sys: {
          id: entry.id,
          language,
          dataFormat: entry.dataFormat,
          contentTypeId: entry.contentTypeId,
          uri: input.asset.uri,
        },
      },
    };
  }
  const tags = contentType.entryTagsField ? input.fields[contentType.entryTagsField] : undefined;
  if (Array.isArray(tags)) document.entryTags = tags.filter((tag): tag is string => typeof tag === 'string');

  const uri = input.asset ? input.asset.uri : lookups.uriOf(entry.id, language);
  // Built in the key order of the contract's example (uri right after slug).
  const sys: JsonObject = {
    id: entry.id,
    projectId: lookups.projectId,
    contentTypeId: entry.contentTypeId,
    dataFormat: entry.dataFormat,
    language,
    availableLanguages: input.availableLanguages,
    slug: lookups.nodeSlugOf(entry.id, language) ?? slugify(entryTitle),
  };
  if (uri !== undefined) sys.uri = uri;
  sys.allUris = input.asset ? [input.asset.uri] : lookups.allUrisOf(entry.id, language);
  sys.owner = entry.owner;
  sys.isPublished = input.kind !== 'draft';
  sys.metadata = { ...entry.metadata, includeInSearch: entry.includeInSearch };
  sys.properties = input.asset ? assetProperties(entry.id, input.asset) : {};
  sys.workflow = {
    id: WORKFLOW_ID,
    state: input.kind === 'published' || input.kind === 'publishedUnderDraft' ? 'versionComplete' : 'draft',
  };
  sys.version = versionInfo(entry, input.kind);
  document.sys = sys;
  return { document: document as StoredEntry, linksComplete: state.complete };
}

/**
 * Completes every unresolved link inside a field value with the target's `contentTypeId`,
 * `dataFormat`, `language` and `uri`. Image transformations are appended to the asset URI as
 * the contract describes. Returns new objects; the input is not modified.
 */
export function completeLinks(
  value: unknown,
  sourceLanguage: string,
  lookups: DocumentLookups,
  state: { complete: boolean },
): unknown {
  if (Array.isArray(value)) return value.map((item) => completeLinks(item, sourceLanguage, lookups, state));
  if (!isPlainObject(value)) return value;
  if (isLink(value)) return { sys: completeLink(value.sys, sourceLanguage, lookups, state) };
  const copy: JsonObject = {};
  for (const [key, item] of Object.entries(value))
    copy[key] = completeLinks(item, sourceLanguage, lookups, state);
  const asset = copy.asset;
  if (
    typeof copy.transformations === 'string' &&
    copy.transformations !== '' &&
    isLink(asset) &&
    asset.sys.uri
  ) {
    if (!asset.sys.uri.includes('?')) asset.sys.uri = `${asset.sys.uri}?${copy.transformations}`;
  }
  return copy;
}

function completeLink(
  sys: LinkSys,
  sourceLanguage: string,
  lookups: DocumentLookups,
  state: { complete: boolean },
): LinkSys {
  const target = lookups.target(sys.id);
  if (!target) {
    state.complete = false;
    return { ...sys };
  }
  const language =
    sys.language ??
    (target.languages.includes(sourceLanguage)
      ? sourceLanguage
      : target.languages.includes(target.defaultLanguage)
        ? target.defaultLanguage
        : (target.languages[0] ?? sourceLanguage));
  const completed: LinkSys = {
    id: sys.id,
    language,
    dataFormat: sys.dataFormat ?? target.dataFormat,
    contentTypeId: sys.contentTypeId ?? target.contentTypeId,
  };
  const uri = sys.uri ?? lookups.uriOf(sys.id, language);
  if (uri !== undefined) completed.uri = uri;
  return completed;
}

function assetProperties(entryId: string, asset: AssetFacts): JsonObject {
  const slash = asset.uri.lastIndexOf('/');
  const properties: JsonObject = {
    filename: asset.uri.slice(slash + 1),
    fileSize: asset.size,
    fileId: entryId,
    filePath: asset.uri.slice(0, slash + 1),
  };
  if (asset.width !== undefined) properties.width = asset.width;
  if (asset.height !== undefined) properties.height = asset.height;
  return properties;
}

/**
 * `sys.version` of a stored version. The seed model has one creation and one modification
 * time per entry; when a pending draft sits on a published version, the published version is
 * dated halfway between the two so that it precedes the draft.
 */
function versionInfo(entry: SeedEntry, kind: VersionKind): VersionInfo {
  const base = { createdBy: entry.owner, created: entry.created, modifiedBy: entry.owner };
  switch (kind) {
    case 'published':
      return {
        ...base,
        modified: entry.modified,
        publishedBy: entry.owner,
        published: entry.modified,
        versionNo: '1.0',
      };
    case 'publishedUnderDraft': {
      const published = midpoint(entry.created, entry.modified);
      return { ...base, modified: published, publishedBy: entry.owner, published, versionNo: '1.0' };
    }
    case 'pendingDraft':
      return {
        ...base,
        modified: entry.modified,
        publishedBy: entry.owner,
        published: midpoint(entry.created, entry.modified),
        versionNo: '1.1',
      };
    case 'draft':
      return { ...base, modified: entry.modified, versionNo: '0.1' };
  }
}

function midpoint(from: string, to: string): string {
  const a = Date.parse(from);
  const b = Date.parse(to);
  if (Number.isNaN(a) || Number.isNaN(b) || b <= a) return to;
  return new Date(a + Math.floor((b - a) / 2)).toISOString();
}

/**
 * A URL slug from a title: lower case ASCII letters, digits and single hyphens.
 *
 * @example
 * slugify('Marine Biology (BSc)'); // 'marine-biology-bsc'
 */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
