/**
 * The input model of the seeder: content described as plain data, independent of how the
 * platform stores it. The demo university (`demo/`) and the synthetic benchmark generator
 * (`generate.ts`) both produce a {@link SeedContent}; the loader writes it to the database.
 */

/** A value per language code, e.g. `{ "en-GB": "Courses", cy: "Cyrsiau" }`. */
export type Localised<T> = Record<string, T>;

/** The project resource (contract §1.4). */
export interface SeedProject {
  id: string;
  name: string;
  description: string;
  primaryLanguage: string;
  supportedLanguages: string[];
  deliverySysExclusions: string[];
  color?: string;
}

/** A content type field (contract §1.5 field model). */
export interface SeedField {
  id: string;
  name: Localised<string>;
  description?: Localised<string>;
  dataType: string;
  dataFormat?: string | null;
  groupId?: string;
  validations?: Record<string, unknown>;
  editor?: Record<string, unknown>;
}

/** A content type (contract §1.5) without the server-managed `projectId`, `uuid`, `version`. */
export interface SeedContentType {
  id: string;
  name: Localised<string>;
  description: Localised<string>;
  dataFormat: 'entry' | 'asset' | 'component' | 'form';
  defaultLanguage: string;
  supportedLanguages: string[];
  entryTitleField: string;
  entryDescriptionField?: string;
  /** Image field used for the synthetic `entryThumbnail`. */
  entryThumbnailField?: string;
  /** stringArray field used for the synthetic `entryTags`. */
  entryTagsField?: string;
  fields: SeedField[];
}

/**
 * A link to another entry as stored in a field: `{ sys: { id, ... } }`. The loader fills in
 * `contentTypeId`, `dataFormat`, `language` and `uri` from the target when they are missing.
 */
export interface SeedLink {
  sys: { id: string; contentTypeId?: string; dataFormat?: string; language?: string };
}

/** One language variation of an entry. */
export interface SeedVariation {
  /** Field values by field id. Links are {@link SeedLink}s (images: `{ asset: SeedLink, altText }`). */
  fields: Record<string, unknown>;
  /** Whether a published version exists. Unpublished variations are drafts (latest only). */
  published: boolean;
  /**
   * Field values of an unpublished newer version on top of the published one (a pending
   * edit). Only meaningful when `published` is true; the latest version then differs.
   */
  draftFields?: Record<string, unknown>;
}

/** The file behind an asset entry. */
export interface SeedAssetFile {
  /** Public URI, e.g. `/image-library/courses/marine-biology.svg`. */
  uri: string;
  mimeType: string;
  /** File bytes; a function lets generators defer building them. */
  content: Uint8Array | string | (() => Uint8Array | string);
  width?: number;
  height?: number;
}

/** An entry with its language variations. */
export interface SeedEntry {
  /** A GUID. */
  id: string;
  contentTypeId: string;
  dataFormat: 'entry' | 'asset' | 'webpage';
  owner: string;
  /** ISO-8601 timestamps. */
  created: string;
  modified: string;
  includeInSearch: boolean;
  /** Extra `sys.metadata` keys. */
  metadata?: Record<string, string | number | boolean | null>;
  /**
   * Who the delivery API serves the entry to (every language and version): absent or `false`
   * for everyone, `true` for any signed-in visitor, group ids or names for their members.
   */
  requireLogin?: boolean | readonly string[];
  variations: Localised<SeedVariation>;
  /** Present for `dataFormat: 'asset'`. */
  asset?: SeedAssetFile;
}

/** A node of the site view. Siblings keep the order in which they are listed. */
export interface SeedNode {
  id: string;
  /** `null` for the root node. Parents are listed before their children. */
  parentId: string | null;
  /** Per language; the root's slug is ignored (its path is `/`). */
  slug: Localised<string>;
  displayName: Localised<string>;
  entryId?: string;
  includeInMenu: boolean;
  /** Whether this is the entry's canonical node (default true). */
  isCanonical?: boolean;
}

/** A legacy taxonomy node; keys look like `0/3/7`, the root key is `0`. */
export interface SeedTaxonomyNode {
  key: string;
  name: Localised<string>;
  children?: SeedTaxonomyNode[];
}

/** A delivery access token to create. */
export interface SeedDeliveryToken {
  name: string;
  value: string;
  canPreview: boolean;
}

/** Everything one seed run writes for one project. */
export interface SeedContent {
  project: SeedProject;
  contentTypes: SeedContentType[];
  /** Iterables so that large generated sets need not sit in memory at once. */
  entries: Iterable<SeedEntry>;
  nodes: Iterable<SeedNode>;
  taxonomy?: SeedTaxonomyNode;
  deliveryTokens: SeedDeliveryToken[];
}
