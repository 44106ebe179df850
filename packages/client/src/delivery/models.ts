import type { QueryAggregation } from '../query/index.js';

/** Which version of content to read: the published one, or the newest (preview). */
export type VersionStatus = 'published' | 'latest';

/** A value per language code, e.g. `{ "en-GB": "Hello", cy: "Helo" }`. */
export type Localised<T> = Record<string, T>;

/** Who changed a resource and when (contract §1.6.2). */
export interface VersionInfo {
  createdBy?: string;
  created?: string;
  modifiedBy?: string;
  modified?: string;
  publishedBy?: string;
  published?: string;
  deleted?: string;
  deletedBy?: string;
  archived?: string;
  archivedBy?: string;
  /** `"{major}.{minor}"`, e.g. `"2.0"`. */
  versionNo: string;
}

/** System fields of an entry (contract §1.6.2). */
export interface EntrySys {
  id: string;
  contentTypeId: string;
  dataFormat: 'entry' | 'asset' | 'webpage' | (string & {});
  language: string;
  projectId?: string;
  slug?: string;
  uri?: string | null;
  allUris?: string[];
  availableLanguages?: string[];
  owner?: string;
  isPublished?: boolean;
  versionStatus: VersionStatus;
  version?: VersionInfo;
  workflow?: { id: string; state: string };
  metadata?: Record<string, string | number | boolean | null>;
  properties?: Record<string, unknown>;
}

/** A link to an entry that has not been resolved: only its `sys` is present. */
export interface EntryLink {
  sys: { id: string; dataFormat?: string; language?: string; contentTypeId?: string; uri?: string };
}

/** An image field value: an asset link (or the resolved asset entry) with presentation data. */
export interface Image {
  asset: EntryLink | Entry;
  altText?: string;
  caption?: string;
  transformations?: string;
}

/**
 * A content entry in one language. Data fields sit beside `sys`, keyed by field id; their types
 * depend on the content type, so they are `unknown` here: narrow them in your own types, e.g.
 * `type Course = Entry & { title: string; startDate: string }`.
 */
export interface Entry {
  sys: EntrySys;
  entryTitle?: string;
  entryDescription?: string;
  entryThumbnail?: Image;
  entryTags?: string[];
  [field: string]: unknown;
}

/** A node of the site view (contract §1.7.3). */
export interface DeliveryNode {
  id: string;
  parentId?: string | null;
  projectId: string;
  slug: string;
  displayName: string;
  language: string;
  path: string;
  childCount: number;
  children?: DeliveryNode[];
  entry?: Entry | null;
  isCanonical: boolean;
  includeInMenu: boolean;
  version: { versionNo: string };
}

/** The delivery node type under the name the official SDKs use. */
export type Node = DeliveryNode;

/** A legacy taxonomy node (contract §1.8); the id is the last segment of `key`. */
export interface TaxonomyNode {
  key: string;
  name: string;
  path: string;
  hasChildren: boolean;
  children?: TaxonomyNode[];
}

/** A project (contract §1.4). */
export interface Project {
  id: string;
  name: string;
  description: string;
  primaryLanguage: string;
  supportedLanguages: string[];
  deliverySysExclusions: string[];
  color?: string;
}

/** A content type field (contract §1.5). */
export interface ContentTypeField {
  id: string;
  name: Localised<string>;
  description?: Localised<string>;
  dataType: string;
  dataFormat?: string | null;
  default?: Localised<unknown> | null;
  groupId?: string;
  validations?: Record<string, unknown>;
  editor?: Record<string, unknown>;
  fields?: ContentTypeField[];
}

/** A content type (contract §1.5). */
export interface ContentType {
  id: string;
  uuid?: string;
  projectId: string;
  name: Localised<string>;
  description?: Localised<string>;
  dataFormat: 'entry' | 'asset' | 'component' | 'form' | (string & {});
  enabled?: boolean;
  defaultLanguage: string;
  supportedLanguages: string[];
  entryTitleField?: string;
  entryDescriptionField?: string;
  workflowId?: string;
  previewUrl?: string | null;
  defaultParentNodeId?: string | null;
  groups?: { id: string; name: Localised<string> }[];
  fields: ContentTypeField[];
  version?: VersionInfo;
}

/** One page of a list (contract §1.10). */
export interface PagedList<T> {
  pageIndex: number;
  pageSize: number;
  totalCount: number;
  pageCount: number;
  items: T[];
}

/** One page of search results, with bucket counts when aggregations were asked for (§2.7). */
export interface PagedSearchList<T> extends PagedList<T> {
  aggregations?: Record<string, Record<string, number>>;
}

/** Aggregations of a search request, by caller-chosen name. */
export type Aggregations = Record<string, QueryAggregation>;
