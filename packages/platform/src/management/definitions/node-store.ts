import { randomUUID } from 'node:crypto';
import type { ProjectResource } from '../../contract.js';
import { entryContentTypeId } from '../../db/entries.js';
import {
  clearCanonicalNodes,
  countChildNodes,
  deleteChildOrders,
  deleteNodeRecord,
  findChildBySlug,
  getChildNodes,
  getChildNodesByCreation,
  getChildOrder,
  getDescendantNodes,
  getNode,
  getNodeDetailsData,
  getNodesByEntry,
  insertNode,
  listChildOrders,
  listNodeLocalisations,
  type NodeLocalisation,
  type NodeRecord,
  nextChildPosition,
  putChildOrder,
  putNodeDetailsData,
  replaceNodeLocalisations,
  setNodePosition,
  updateNodePath,
  updateNodeRecord,
} from '../../db/nodes.js';
import type { Db } from '../../db/open.js';
import { parseJsonColumn } from '../../db/statements.js';
import { conflict, notFound } from '../../delivery/errors.js';
import { formatVersionNo, nextMinor } from '../version-numbers.js';
import { applyOrder, childOrderProblems } from './child-order.js';
import type { WriteStamp } from './definition-store.js';
import { refreshEntryUris } from './entry-uris.js';
import { type NodeChanges, type NodeCreateInput, type NodeDetails, nodeVersion } from './node-input.js';
import { childPath, planNaming } from './node-paths.js';
import { defaultNodeDetails, type ManagementNode, shapeManagementNode } from './node-shape.js';
import { invalidField, validationError } from './problems.js';

/** A node with a 404 when it does not exist in the project. */
export function requireNode(db: Db, projectId: string, id: string): NodeRecord {
  const node = getNode(db, projectId, id);
  if (!node) throw notFound(`The node '${id}' could not be found`, { nodeId: id, projectId });
  return node;
}

/** A node's stored details, or the defaults of a seeded node. */
export function nodeDetails(db: Db, node: NodeRecord): NodeDetails {
  const data = getNodeDetailsData(db, node.projectId, node.id);
  return data
    ? { ...defaultNodeDetails(node), ...parseJsonColumn<Partial<NodeDetails>>(data) }
    : defaultNodeDetails(node);
}

/** The management shape of a node (contract §4.2). */
export function managementNode(db: Db, node: NodeRecord): ManagementNode {
  return shapeManagementNode(
    node,
    listNodeLocalisations(db, node.projectId, node.id),
    nodeDetails(db, node),
    countChildNodes(db, node.projectId, node.id),
  );
}

/**
 * The children of a node in the order `language` gives them: the order defined for that
 * language when it is not the primary one and has one, else the default order (positions,
 * then creation).
 */
export function orderedChildren(
  db: Db,
  project: ProjectResource,
  parentId: string,
  language: string,
): NodeRecord[] {
  const children = getChildNodes(db, project.id, parentId);
  if (language === project.primaryLanguage) return children;
  const order = getChildOrder(db, project.id, parentId, language);
  return order ? applyOrder(children, order) : children;
}

/**
 * Creates the root of a new project's site view: path `/` and the project's name as display
 * name in the primary language. Call inside the project's creating transaction.
 */
export function createRootNode(db: Db, project: ProjectResource, stamp: WriteStamp): NodeRecord {
  const root: NodeRecord = {
    projectId: project.id,
    id: randomUUID(),
    parentId: null,
    entryId: null,
    isCanonical: true,
    includeInMenu: true,
    position: 0,
    depth: 0,
    versionNo: '1.0',
    created: stamp.now,
  };
  insertNode(db, root);
  replaceNodeLocalisations(db, project.id, root.id, [
    { language: project.primaryLanguage, slug: '', displayName: project.name, path: '/' },
  ]);
  saveDetails(db, root, { ...defaultNodeDetails(root), createdBy: stamp.actor, modifiedBy: stamp.actor });
  return root;
}

function saveDetails(db: Db, node: NodeRecord, details: NodeDetails): void {
  putNodeDetailsData(db, node.projectId, node.id, JSON.stringify(details));
}

/** Paths by language of a node, from its stored localisations. */
function pathsOf(localisations: readonly NodeLocalisation[]): Map<string, string> {
  return new Map(localisations.map((localisation) => [localisation.language, localisation.path]));
}

/** The path of a parent in `language`: its own, else its primary-language one, else any. */
function parentPathIn(parentPaths: ReadonlyMap<string, string>, language: string, primary: string): string {
  return parentPaths.get(language) ?? parentPaths.get(primary) ?? parentPaths.values().next().value ?? '/';
}

/** The content type of an entry the node is to show; 422 when the project has no such entry. */
export function placedEntryContentType(db: Db, projectId: string, entryId: string): string {
  const contentTypeId = entryContentTypeId(db, projectId, entryId);
  if (contentTypeId === undefined) {
    throw invalidField(`The entry '${entryId}' does not exist in project '${projectId}'`, 'entryId');
  }
  return contentTypeId;
}

/** 409 when a sibling under `parentId` already has one of the slugs (per language). */
function checkSiblingSlugs(
  db: Db,
  projectId: string,
  parentId: string,
  naming: ReadonlyMap<string, { slug: string }>,
  selfId: string | undefined,
): void {
  for (const [language, { slug }] of naming) {
    const other = findChildBySlug(db, projectId, parentId, language, slug);
    if (other !== undefined && other !== selfId) {
      throw conflict(`Another node under this parent already has the slug '${slug}' in ${language}`, {
        slug,
        language,
        nodeId: other,
      });
    }
  }
}

/**
 * Whether a node should be canonical for its entry: as asked, else when the entry has no
 * canonical node yet. Making one canonical takes it from the others (one canonical per entry).
 */
function resolveCanonical(
  db: Db,
  projectId: string,
  entryId: string | null,
  requested: boolean | undefined,
  selfId: string,
): boolean {
  if (entryId === null) return requested ?? true;
  const others = getNodesByEntry(db, projectId, entryId).filter((node) => node.id !== selfId);
  const canonical = requested ?? !others.some((node) => node.isCanonical);
  if (canonical) clearCanonicalNodes(db, projectId, entryId);
  return canonical;
}

/**
 * After a node left an entry (or stopped being its canonical node): gives the entry a
 * canonical node again, the highest of its other nodes, if it has nodes but none is canonical.
 */
function ensureCanonical(db: Db, projectId: string, entryId: string, exceptNodeId?: string): void {
  const all = getNodesByEntry(db, projectId, entryId);
  const nodes = all.filter((node) => node.id !== exceptNodeId);
  if (nodes.length === 0 || all.some((node) => node.isCanonical)) return;
  const [first] = [...nodes].sort((a, b) => a.depth - b.depth || a.position - b.position);
  updateNodeRecord(db, { ...first!, isCanonical: true });
}

/**
 * Creates a node under `parent` (contract §4.2 nodes.create): the id is new (409), the entry
 * exists (422), slugs are unique among the parent's children per language (409). Paths
 * follow from the parent's. Call inside a transaction.
 */
export function createChildNode(
  db: Db,
  project: ProjectResource,
  parent: NodeRecord,
  input: NodeCreateInput,
  stamp: WriteStamp,
): NodeRecord {
  const id = input.id ?? randomUUID();
  if (getNode(db, project.id, id))
    throw conflict(`A node with the id '${id}' already exists`, { nodeId: id });
  const entryId = input.entryId ?? null;
  if (entryId !== null) placedEntryContentType(db, project.id, entryId);
  const { naming, underivable } = planNaming(
    input.displayName,
    input.slug ?? {},
    {},
    project.primaryLanguage,
  );
  if (underivable.length > 0) {
    throw validationError(
      'There are validation errors creating the node',
      underivable.map((language) => ({
        field: `slug.${language}`,
        message: 'No slug can be derived from the display name; give a slug',
      })),
    );
  }
  checkSiblingSlugs(db, project.id, parent.id, naming, undefined);
  const node: NodeRecord = {
    projectId: project.id,
    id,
    parentId: parent.id,
    entryId,
    isCanonical: resolveCanonical(db, project.id, entryId, input.isCanonical, id),
    includeInMenu: input.includeInMenu ?? true,
    position: nextChildPosition(db, project.id, parent.id),
    depth: parent.depth + 1,
    versionNo: '1.0',
    created: stamp.now,
  };
  insertNode(db, node);
  const parentPaths = pathsOf(listNodeLocalisations(db, project.id, parent.id));
  replaceNodeLocalisations(
    db,
    project.id,
    id,
    [...naming].map(([language, { slug, displayName }]) => ({
      language,
      slug,
      displayName,
      path: childPath(parentPathIn(parentPaths, language, project.primaryLanguage), slug),
    })),
  );
  saveDetails(db, node, {
    restrictedToLanguages: input.restrictedToLanguages ?? [],
    renderer: input.renderer ?? null,
    proxy: input.proxy ?? null,
    createdBy: stamp.actor,
    modified: stamp.now,
    modifiedBy: stamp.actor,
  });
  if (entryId !== null) refreshEntryUris(db, project, [entryId]);
  return node;
}

/**
 * Recomputes the paths of a node's descendants from the node's (after a rename or a move) and
 * returns the entries shown by the node or its descendants, whose URIs changed with them.
 */
function recomputeDescendantPaths(
  db: Db,
  project: ProjectResource,
  node: NodeRecord,
  depthDelta: number,
): string[] {
  const paths = new Map<string, Map<string, string>>([
    [node.id, pathsOf(listNodeLocalisations(db, project.id, node.id))],
  ]);
  const entries = node.entryId !== null ? [node.entryId] : [];
  for (const descendant of getDescendantNodes(db, project.id, node.id)) {
    const parentPaths = paths.get(descendant.parentId!) ?? new Map<string, string>();
    const own = new Map<string, string>();
    for (const localisation of listNodeLocalisations(db, project.id, descendant.id)) {
      const path = childPath(
        parentPathIn(parentPaths, localisation.language, project.primaryLanguage),
        localisation.slug,
      );
      own.set(localisation.language, path);
      if (path !== localisation.path)
        updateNodePath(db, project.id, descendant.id, localisation.language, path);
    }
    paths.set(descendant.id, own);
    if (depthDelta !== 0) updateNodeRecord(db, { ...descendant, depth: descendant.depth + depthDelta });
    if (descendant.entryId !== null) entries.push(descendant.entryId);
  }
  return entries;
}

/**
 * Applies an update (contract §4.2 nodes.update): new display names and slugs (languages left
 * out of a sent `displayName` are removed; a language keeps its slug unless a new one is sent),
 * entry, flags, renderer and proxy. A slug change moves the paths of every descendant. The
 * node's version goes up by one minor step. Call inside a transaction.
 */
export function updateNode(
  db: Db,
  project: ProjectResource,
  node: NodeRecord,
  changes: NodeChanges,
  stamp: WriteStamp,
): NodeRecord {
  const localisations = listNodeLocalisations(db, project.id, node.id);
  const oldEntryId = node.entryId;
  const entryId = changes.entryId === undefined ? node.entryId : changes.entryId;
  if (entryId !== null && entryId !== node.entryId) placedEntryContentType(db, project.id, entryId);

  let renamed = false;
  if (changes.displayName !== undefined || changes.slug !== undefined) {
    const displayNames =
      changes.displayName ?? Object.fromEntries(localisations.map((l) => [l.language, l.displayName]));
    const existingSlugs = Object.fromEntries(localisations.map((l) => [l.language, l.slug]));
    const { naming, underivable } = planNaming(
      displayNames,
      changes.slug ?? {},
      existingSlugs,
      project.primaryLanguage,
    );
    if (node.parentId === null) {
      for (const entry of naming.values()) entry.slug = '';
    } else if (underivable.length > 0) {
      throw validationError(
        'There are validation errors updating the node',
        underivable.map((language) => ({
          field: `slug.${language}`,
          message: 'No slug can be derived from the display name; give a slug',
        })),
      );
    } else {
      checkSiblingSlugs(db, project.id, node.parentId, naming, node.id);
    }
    const parentPaths =
      node.parentId === null
        ? new Map<string, string>()
        : pathsOf(listNodeLocalisations(db, project.id, node.parentId));
    const next = [...naming].map(([language, { slug, displayName }]) => ({
      language,
      slug,
      displayName,
      path:
        node.parentId === null
          ? '/'
          : childPath(parentPathIn(parentPaths, language, project.primaryLanguage), slug),
    }));
    const before = new Map(localisations.map((l) => [l.language, l.path]));
    renamed = next.length !== before.size || next.some((l) => before.get(l.language) !== l.path);
    replaceNodeLocalisations(db, project.id, node.id, next);
  }

  const isCanonical =
    entryId !== node.entryId || changes.isCanonical === true
      ? resolveCanonical(db, project.id, entryId, changes.isCanonical, node.id)
      : (changes.isCanonical ?? node.isCanonical);
  const updated: NodeRecord = {
    ...node,
    entryId,
    isCanonical,
    includeInMenu: changes.includeInMenu ?? node.includeInMenu,
    versionNo: formatVersionNo(nextMinor(nodeVersion(node.versionNo))),
  };
  updateNodeRecord(db, updated);
  const details = nodeDetails(db, node);
  saveDetails(db, updated, {
    ...details,
    restrictedToLanguages: changes.restrictedToLanguages ?? details.restrictedToLanguages,
    renderer: changes.renderer === undefined ? details.renderer : changes.renderer,
    proxy: changes.proxy === undefined ? details.proxy : changes.proxy,
    modified: stamp.now,
    modifiedBy: stamp.actor,
  });

  const entries = new Set<string>();
  if (entryId !== null && node.isCanonical && !isCanonical) ensureCanonical(db, project.id, entryId, node.id);
  if (oldEntryId !== null && oldEntryId !== entryId) {
    ensureCanonical(db, project.id, oldEntryId);
    entries.add(oldEntryId);
  }
  if (entryId !== null) entries.add(entryId);
  if (renamed) for (const id of recomputeDescendantPaths(db, project, updated, 0)) entries.add(id);
  refreshEntryUris(db, project, entries);
  return updated;
}

/**
 * Moves a node and its descendants under another parent (contract §4.2 "move node"): not the
 * root, not under itself or a descendant (422), onto an existing node (422), without a slug
 * clash among the new siblings (409). The node goes last among its new siblings; paths and
 * depths of the subtree follow. Moving onto the current parent changes nothing. Call inside
 * a transaction; returns the moved node, or undefined when nothing changed.
 */
export function moveNode(
  db: Db,
  project: ProjectResource,
  node: NodeRecord,
  newParentId: string,
  stamp: WriteStamp,
): NodeRecord | undefined {
  if (node.parentId === null) throw invalidField('The root node cannot be moved', 'parentId');
  const parent = getNode(db, project.id, newParentId);
  if (!parent) throw invalidField(`The node '${newParentId}' does not exist`, 'parentId');
  if (parent.id === node.parentId) return undefined;
  if (parent.id === node.id || getDescendantNodes(db, project.id, node.id).some((d) => d.id === parent.id)) {
    throw invalidField('A node cannot be moved under itself or one of its descendants', 'parentId');
  }
  const localisations = listNodeLocalisations(db, project.id, node.id);
  checkSiblingSlugs(db, project.id, parent.id, new Map(localisations.map((l) => [l.language, l])), node.id);
  const oldParentId = node.parentId;
  const moved: NodeRecord = {
    ...node,
    parentId: parent.id,
    position: nextChildPosition(db, project.id, parent.id),
    depth: parent.depth + 1,
    versionNo: formatVersionNo(nextMinor(nodeVersion(node.versionNo))),
  };
  updateNodeRecord(db, moved);
  const parentPaths = pathsOf(listNodeLocalisations(db, project.id, parent.id));
  for (const localisation of localisations) {
    updateNodePath(
      db,
      project.id,
      node.id,
      localisation.language,
      childPath(parentPathIn(parentPaths, localisation.language, project.primaryLanguage), localisation.slug),
    );
  }
  saveDetails(db, moved, { ...nodeDetails(db, node), modified: stamp.now, modifiedBy: stamp.actor });
  forgetChildInOrders(db, project.id, oldParentId, node.id);
  refreshEntryUris(db, project, recomputeDescendantPaths(db, project, moved, moved.depth - node.depth));
  return moved;
}

/** Drops a child that left its parent from the parent's language-specific orders. */
function forgetChildInOrders(db: Db, projectId: string, parentId: string, childId: string): void {
  for (const order of listChildOrders(db, projectId, parentId)) {
    if (order.childIds.includes(childId)) {
      putChildOrder(
        db,
        projectId,
        parentId,
        order.language,
        order.childIds.filter((id) => id !== childId),
      );
    }
  }
}

/**
 * Deletes a node with all its descendants (the schema cascades); the root cannot be deleted
 * (422). Entries the subtree showed get another canonical node if they have one left, and
 * their URIs are updated. Call inside a transaction.
 */
export function deleteNode(db: Db, project: ProjectResource, node: NodeRecord): void {
  if (node.parentId === null) throw invalidField('The root node cannot be deleted', 'id');
  const entries = [node, ...getDescendantNodes(db, project.id, node.id)]
    .map((n) => n.entryId)
    .filter((id): id is string => id !== null);
  deleteNodeRecord(db, project.id, node.id);
  forgetChildInOrders(db, project.id, node.parentId, node.id);
  for (const entryId of new Set(entries)) ensureCanonical(db, project.id, entryId);
  refreshEntryUris(db, project, entries);
}

/**
 * Sets the order of a node's children (contract §4.2 setChildrenOrder): `childIds` must list
 * every child exactly once (422). For the primary language, or for all languages when none is
 * given, the order becomes the default order (`position`, which delivery follows); without a
 * language the language-specific orders are dropped too. For another language it is stored
 * for that language only. Call inside a transaction.
 */
export function setChildrenOrder(
  db: Db,
  project: ProjectResource,
  parent: NodeRecord,
  childIds: readonly string[],
  language: string | undefined,
): void {
  const children = getChildNodes(db, project.id, parent.id).map((child) => child.id);
  const problems = childOrderProblems(childIds, children);
  if (problems.length > 0) throw validationError('The children order is not valid', problems);
  if (language === undefined || language === project.primaryLanguage) {
    childIds.forEach((id, position) => {
      setNodePosition(db, project.id, id, position);
    });
    if (language === undefined) deleteChildOrders(db, project.id, parent.id);
  } else {
    putChildOrder(db, project.id, parent.id, language, childIds);
  }
}

/**
 * Removes a defined children order (contract §4.2 deleteChildrenOrder): for the primary
 * language, or all languages when none is given, the children go back to creation order;
 * for another language its own order is dropped (it falls back to the default order). Call
 * inside a transaction.
 */
export function deleteChildrenOrder(
  db: Db,
  project: ProjectResource,
  parent: NodeRecord,
  language: string | undefined,
): void {
  if (language === undefined || language === project.primaryLanguage) {
    getChildNodesByCreation(db, project.id, parent.id).forEach((child, position) => {
      setNodePosition(db, project.id, child.id, position);
    });
  }
  if (language !== project.primaryLanguage) deleteChildOrders(db, project.id, parent.id, language);
}
