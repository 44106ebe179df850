/**
 * The management API (contract §4): projects, content types, components, entries, nodes,
 * permissions, roles, redirects, tags, tag groups and the event stream.
 */
import { Query } from '../query/query.js';

export { isNodeProcess } from './asset-upload.js';
export { ManagementClient, type SecurityOperations } from './client.js';
export { ComponentOperations } from './component-operations.js';
export {
  defaultManagementConfig,
  type ManagementClientConfig,
  type ResolvedManagementConfig,
  resolveManagementConfig,
} from './config.js';
export {
  type ContentTypeListOptions,
  ContentTypeOperations as ManagementContentTypeOperations,
  type DefinitionGetOptions,
} from './content-type-operations.js';
export type { ManagementContext, PageOptions } from './context.js';
export {
  type EntryUsageOptions,
  type ManagementEntryGetOptions,
  type ManagementEntryListOptions,
  ManagementEntryOperations,
  type ManagementEntrySearchQuery,
} from './entry-operations.js';
export {
  type EventCallback,
  EventOperations,
  type EventStreamHandle,
  type EventStreamOptions,
} from './event-operations.js';
export { ManagementMessages } from './messages.js';
export type {
  AssetInput,
  AssetUpload,
  AuthorizationOptions,
  AuthorizationResult,
  BasePermission,
  BulkDeleteResult,
  Component,
  EntryInput,
  EntryUsageInfo,
  EntryWorkflow,
  EventSubscription,
  EventTopic,
  ManagementEntry,
  ManagementEntrySys,
  ManagementNode,
  NodeInput,
  NodePermission,
  NodeProxy,
  PagedUsageList,
  Permission,
  PermissionResourceType,
  PermissionsOptions,
  PermissionsResult,
  Redirect,
  RedirectMatch,
  Role,
  RoleAssignments,
  RolePermissions,
  SysAssetFile,
  Tag,
  TagGroup,
  TagGroupUsageInfo,
  TagUsageInfo,
  WorkflowTrigger,
} from './models.js';
export { type ManagementNodeChildrenOptions, ManagementNodeOperations } from './node-operations.js';
export { PermissionOperations } from './permission-operations.js';
export { ProjectOperations as ManagementProjectOperations } from './project-operations.js';
export { RedirectOperations } from './redirect-operations.js';
export { RoleOperations } from './role-operations.js';
export {
  type ManagementPlainQuery,
  type ManagementSearchQuery,
  ManagementZenqlQuery,
  type ManagementZenqlSearchQuery,
  toManagementSearchBody,
  toManagementSearchParams,
  toManagementZenqlParams,
} from './search-encoding.js';
export { parseServerSentEvents, type ServerSentEvent, SseParser } from './sse-parser.js';
export {
  type TagGroupListOptions,
  TagGroupOperations,
  type TagGroupUsageOptions,
} from './tag-group-operations.js';
export {
  type TagBulkDeleteOptions,
  type TagByLabelOptions,
  type TagListOptions,
  TagOperations,
  type TagUsageOptions,
} from './tag-operations.js';

/**
 * The management JSON query, under the official SDK's name. The same class as {@link Query}:
 * `toManagementJSON()` gives the management body, and `includeArchived` / `includeDeleted` widen
 * a management search.
 *
 * @example
 * const query = new ManagementQuery(Op.equalTo('sys.contentTypeId', 'article'));
 * query.includeArchived = true;
 */
export const ManagementQuery = Query;
/** The management JSON query type (see the value of the same name). */
export type ManagementQuery = Query;
