import type { Localised } from '../../contract.js';
import type { NodeLocalisation, NodeRecord } from '../../db/nodes.js';
import type { NodeDetails, NodeProxy, NodeRenderer } from './node-input.js';

/** Who the seed says created what it wrote. */
export const SEED_AUTHOR = 'canopy';

/** The management node shape (contract §4.2): every language's names, slugs and paths. */
export interface ManagementNode {
  id: string;
  parentId?: string;
  projectId: string;
  displayName: Localised<string>;
  slug: Localised<string>;
  path: Localised<string>;
  entryId: string | null;
  restrictedToLanguages: string[];
  childCount: number;
  isCanonical: boolean;
  includeInMenu: boolean;
  renderer: NodeRenderer | null;
  proxy: NodeProxy | null;
  version: { versionNo: string; created: string; createdBy: string; modified: string; modifiedBy: string };
}

/** Details of a node that has none stored (a seeded node): unrestricted, written by the seed. */
export function defaultNodeDetails(node: Pick<NodeRecord, 'created'>): NodeDetails {
  return {
    restrictedToLanguages: [],
    renderer: null,
    proxy: null,
    createdBy: SEED_AUTHOR,
    modified: node.created,
    modifiedBy: SEED_AUTHOR,
  };
}

/**
 * Shapes a node for the management API from its row, its localisations, its details and its
 * child count. The root has no `parentId`, as in delivery (§1.7.3).
 *
 * @example
 * shapeManagementNode(record, localisations, details, 3);
 * // { id, parentId, projectId, displayName: { 'en-GB': 'News' }, slug: {…}, path: {…}, … }
 */
export function shapeManagementNode(
  node: NodeRecord,
  localisations: readonly NodeLocalisation[],
  details: NodeDetails,
  childCount: number,
): ManagementNode {
  const displayName: Localised<string> = {};
  const slug: Localised<string> = {};
  const path: Localised<string> = {};
  for (const localisation of localisations) {
    displayName[localisation.language] = localisation.displayName;
    slug[localisation.language] = localisation.slug;
    path[localisation.language] = localisation.path;
  }
  return {
    id: node.id,
    ...(node.parentId !== null ? { parentId: node.parentId } : {}),
    projectId: node.projectId,
    displayName,
    slug,
    path,
    entryId: node.entryId,
    restrictedToLanguages: details.restrictedToLanguages,
    childCount,
    isCanonical: node.isCanonical,
    includeInMenu: node.includeInMenu,
    renderer: details.renderer,
    proxy: details.proxy,
    version: {
      versionNo: node.versionNo,
      created: node.created,
      createdBy: details.createdBy,
      modified: details.modified,
      modifiedBy: details.modifiedBy,
    },
  };
}
