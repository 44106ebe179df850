/**
 * Wire shapes of the delivery API (platform-contract.md §1.4–§1.10, §7.11) as the platform
 * produces them. The platform keeps its own copy rather than importing `@canopy/client`, so
 * the server never depends on the client at run time.
 */

/** A value per language code. */
export type Localised<T> = Record<string, T>;

/** Which version of an entry a document is (contract §7.5). */
export type VersionStatus = 'published' | 'latest';

/** Any JSON object. */
export type JsonObject = Record<string, unknown>;

/** `sys.version` of an entry (contract §1.6.2). */
export interface VersionInfo {
  createdBy: string;
  created: string;
  modifiedBy: string;
  modified: string;
  publishedBy?: string;
  published?: string;
  versionNo: string;
}

/** The `sys` block of an entry as stored (without `versionStatus`, added when served). */
export interface StoredEntrySys {
  id: string;
  projectId: string;
  contentTypeId: string;
  dataFormat: string;
  language: string;
  availableLanguages: string[];
  slug: string;
  uri?: string;
  allUris: string[];
  owner: string;
  isPublished: boolean;
  metadata: Record<string, string | number | boolean | null>;
  properties: JsonObject;
  workflow: { id: string; state: string };
  version: VersionInfo;
  versionStatus?: VersionStatus;
  [key: string]: unknown;
}

/** An entry document: data fields, synthetic fields and `sys`. */
export interface StoredEntry extends JsonObject {
  sys: StoredEntrySys;
}

/** A paged list (contract §1.10); searches may add `aggregations`. */
export interface PagedList<T> {
  pageIndex: number;
  pageSize: number;
  totalCount: number;
  pageCount: number;
  items: T[];
  aggregations?: Record<string, Record<string, number>>;
}

/** The project resource (contract §1.4). */
export interface ProjectResource {
  id: string;
  name: string;
  description: string;
  primaryLanguage: string;
  supportedLanguages: string[];
  deliverySysExclusions: string[];
  color?: string;
}

/** A site-view node (contract §1.7.3). */
export interface DeliveryNode {
  id: string;
  parentId?: string;
  projectId: string;
  slug: string;
  displayName: string;
  language: string;
  path: string;
  childCount: number;
  isCanonical: boolean;
  includeInMenu: boolean;
  version: { versionNo: string };
  entry?: JsonObject;
  children?: DeliveryNode[];
}

/** A legacy taxonomy node (contract §1.8). */
export interface TaxonomyNodeResource {
  key: string;
  name: string;
  path: string;
  hasChildren: boolean;
  children: TaxonomyNodeResource[];
}

/** The error body every API answers with (contract §1.12). */
export interface ErrorBody {
  logId: string;
  message: string;
  data: unknown;
  type: 'error' | 'Validation';
}
