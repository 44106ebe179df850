/** The delivery client: project, content types, entries, nodes and taxonomy (contract §1). */
export { Client, type TokenProvider } from './client.js';
export type { CallOptions } from './context.js';
export {
  type EntryGetOptions,
  type EntryListOptions,
  EntryOperations,
  type EntrySearchQuery,
  type Resolvable,
} from './entry-operations.js';
export { isUnresolvedLink, MAX_RESOLVE_LEVELS, RESOLVE_BATCH_SIZE } from './link-resolver.js';
export { DeliveryMessages } from './messages.js';
export type {
  Aggregations,
  ContentType,
  ContentTypeField,
  DeliveryNode,
  Entry,
  EntryLink,
  EntrySys,
  Image,
  Localised,
  Node,
  PagedList,
  PagedSearchList,
  Project,
  TaxonomyNode,
  VersionInfo,
  VersionStatus,
} from './models.js';
export {
  type NodeAncestorAtLevelOptions,
  type NodeAncestorsOptions,
  type NodeByEntryOptions,
  type NodeDepthOptions,
  type NodeGetOptions,
  NodeOperations,
  type NodeOptions,
  type NodeRelativeOptions,
} from './node-operations.js';
export { ContentTypeOperations, ProjectOperations } from './project-operations.js';
export {
  type TaxonomyKeyOptions,
  TaxonomyOperations,
  type TaxonomyOptions,
  type TaxonomyPathOptions,
  type TaxonomyResolveChildrenOptions,
} from './taxonomy-operations.js';
