import type {
  ContentType,
  Image,
  Localised,
  PagedList,
  Project,
  VersionInfo,
  VersionStatus,
} from '../delivery/models.js';

export type { ContentType, Localised, PagedList, Project, VersionInfo, VersionStatus };

/** A paged list of usages, with counts of archived and recycle-bin usages (contract §7.11). */
export interface PagedUsageList<T> extends PagedList<T> {
  totalArchivedCount: number;
  totalRecycleBinCount: number;
}

/** A workflow transition request (contract §4.5), e.g. `{ language: 'en-GB', event: '*.sysUnpublish' }`. */
export interface WorkflowTrigger {
  event: string;
  language?: string;
  version?: string;
  data?: unknown;
}

/** Workflow state of a management entry. */
export interface EntryWorkflow {
  id: string;
  state: string;
  allowedEvents?: string[];
  transition?: { data?: unknown; event?: string; from?: string; invoked?: string; invokedBy?: string };
}

/** System fields of a management entry (contract §4.2, a superset of the delivery `sys`). */
export interface ManagementEntrySys {
  id: string;
  projectId?: string;
  contentTypeId: string;
  dataFormat: 'entry' | 'asset' | (string & {});
  language: string;
  availableLanguages?: string[];
  unavailableLanguages?: string[];
  translationState?: string;
  slug?: string;
  uri?: string | null;
  owner?: string;
  isPublished?: boolean;
  versionStatus?: VersionStatus;
  metadata?: Record<string, string | number | boolean | null>;
  properties?: Record<string, unknown>;
  version?: VersionInfo;
  workflow?: EntryWorkflow;
}

/** Where an uploaded asset file goes (contract §4.5). */
export interface SysAssetFile {
  fileId: string;
  parentNodePath?: string;
}

/** An entry as sent to create or update: every `sys` value optional (the server fills them). */
export interface EntryInput {
  sys: Partial<ManagementEntrySys>;
  entryTitle?: string;
  entryDescription?: string;
  entryThumbnail?: Image;
  entryTags?: string[];
  sysAssetFile?: SysAssetFile;
  [field: string]: unknown;
}

/** A management entry: every language variation's data fields beside a full `sys`. */
export interface ManagementEntry extends EntryInput {
  sys: ManagementEntrySys;
}

/** An asset entry to create with `entries.createAsset` (`sys.dataFormat` defaults to `asset`). */
export type AssetInput = Omit<EntryInput, 'sys'> & { sys?: Partial<ManagementEntrySys> };

/** The answer of an asset file upload: one item per file. */
export interface AssetUpload {
  fileId: string;
}

/** One place that uses an entry or a tag (contract §4.2). */
export interface EntryUsageInfo {
  id: string;
  title: string | null;
  description: string | null;
  fieldId: string;
  contentTypeId: string;
  dataFormat: string;
  language: string;
  workflowState: string;
}

/** A tag usage has the shape of an entry usage. */
export type TagUsageInfo = EntryUsageInfo;

/** A component: a content type base with `dataFormat: 'component'`. */
export interface Component {
  id: string;
  uuid?: string;
  projectId?: string;
  name: Localised<string>;
  description?: Localised<string>;
  enabled?: boolean;
  dataFormat?: 'component' | (string & {});
  fields: ContentType['fields'];
  version?: VersionInfo;
  isChild?: boolean;
  hasChildren?: boolean;
  canAddChildComponents?: boolean;
  canBeAddedAsChildComponent?: boolean;
  [key: string]: unknown;
}

/** A proxy setting on a node. */
export interface NodeProxy {
  id: string;
  parseContent?: boolean;
  enablePartialMatching?: boolean;
}

/** A node as sent to create (needs `parentId`) or update (needs `id`). */
export interface NodeInput {
  id?: string;
  parentId?: string;
  displayName?: Localised<string>;
  slug?: Localised<string>;
  entryId?: string | null;
  restrictedToLanguages?: string[];
  includeInMenu?: boolean;
  isCanonical?: boolean;
  renderer?: { id: string } | null;
  proxy?: NodeProxy | null;
  [key: string]: unknown;
}

/** A management node: localised names, slugs and paths (contract §4.2). */
export interface ManagementNode extends NodeInput {
  id: string;
  projectId: string;
  displayName: Localised<string>;
  slug: Localised<string>;
  path: Localised<string>;
  childCount: number;
  isCanonical: boolean;
  includeInMenu: boolean;
  version?: Partial<VersionInfo>;
}

/** Resource types of the permission calls (client type; the server knows more). */
export type PermissionResourceType = 'entries' | 'assets' | (string & {});

/** Options of `permissions.getPermissions`. */
export interface PermissionsOptions {
  resourceType: PermissionResourceType;
  resourceId?: string;
  userId: string;
  /** Falls back to the configured language. */
  language?: string;
}

/** Options of `permissions.getAuthorizationForAction`. */
export interface AuthorizationOptions extends PermissionsOptions {
  /** e.g. `sys.create` or `<workflowId>.<state>.<event>`. */
  actionName: string;
}

/** Permitted actions (`{ actions: ['sys.create', …] }`). */
export interface PermissionsResult {
  actions: string[];
}

/** Whether an action is allowed. */
export interface AuthorizationResult {
  authorized: boolean;
}

/** Actions on one resource, optionally by id. */
export interface BasePermission {
  id?: string;
  actions: string[];
}

/** Actions limited to languages (`['*']` for all). */
export interface Permission extends BasePermission {
  languages: string[];
}

/** Node permissions, limited to content types and a scope. */
export interface NodePermission extends Permission {
  contentTypeIds: string[];
  scope: string;
}

/** The permissions a role grants (contract §4.2). */
export interface RolePermissions {
  assets?: Permission[];
  entries?: Permission[];
  nodes?: NodePermission[];
  contentTypes?: BasePermission[];
  blocks?: BasePermission;
  certificates?: BasePermission;
  comments?: BasePermission;
  domains?: BasePermission;
  eventStreams?: BasePermission;
  proxies?: BasePermission;
  redirects?: BasePermission;
  renderers?: BasePermission;
  views?: BasePermission;
  webhookSubscriptions?: BasePermission;
}

/** Who holds a role. */
export interface RoleAssignments {
  users?: string[];
  groups?: string[];
  apiKeys?: string[];
}

/** A project security role. */
export interface Role {
  id?: string;
  name: string;
  description?: string;
  enabled?: boolean;
  permissions?: RolePermissions;
  /** `{}` is sent when missing. */
  assignments?: RoleAssignments;
}

/** How a redirect matches the request path. */
export interface RedirectMatch {
  type: 'beginsWith' | 'exactMatch' | 'regex';
  value: string;
}

/** A redirect (contract §4.2). */
export interface Redirect {
  id?: string;
  sourceDomain: string;
  destination: string;
  statusCode: 301 | 302 | 303 | 307;
  appendSourcePathToDestination: boolean;
  match: RedirectMatch;
  version?: Partial<VersionInfo>;
}

/** A tag (contract §4.2). */
export interface Tag {
  id?: string;
  groupId: string;
  value: string;
  label: Localised<string>;
  usageCount?: number;
  version?: Partial<VersionInfo>;
}

/** A tag group. */
export interface TagGroup {
  id: string;
  name: string;
  description?: string;
  tagCount?: number;
  version?: Partial<VersionInfo>;
}

/** A content type or component whose fields use a tag group. */
export interface TagGroupUsageInfo {
  id: string;
  name: Localised<string>;
  description?: Localised<string>;
  fieldId: string;
  dataFormat: string;
}

/** The answer of a bulk tag delete. */
export interface BulkDeleteResult {
  success: { id: string }[];
  failed?: { id: string; error: { type: string; message: string; data: unknown } }[];
}

/** One event-stream topic (contract §4.2). */
export interface EventTopic {
  id?: string;
  resourceType?: string;
  event?: string[];
  contentTypeId?: string[];
  language?: string[];
  owner?: string;
  workflowState?: string[];
  workflowEvent?: string[];
}

/** What an event stream subscribes to, and optional templates reshaping each event's data. */
export interface EventSubscription {
  topics: EventTopic[];
  templates?: Record<string, string>;
}
