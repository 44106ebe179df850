import type { Db } from './open.js';
import { parseJsonColumn, preparedFor } from './statements.js';

/** A site-view node row. */
export interface NodeRecord {
  projectId: string;
  id: string;
  parentId: string | null;
  entryId: string | null;
  isCanonical: boolean;
  includeInMenu: boolean;
  /** Defined order among siblings. */
  position: number;
  /** Root = 0. */
  depth: number;
  versionNo: string;
  created: string;
}

/** A node's slug, display name and full path in one language. */
export interface NodeLocalisation {
  language: string;
  slug: string;
  displayName: string;
  path: string;
}

interface NodeRow {
  project_id: string;
  id: string;
  parent_id: string | null;
  entry_id: string | null;
  is_canonical: number;
  include_in_menu: number;
  position: number;
  depth: number;
  version_no: string;
  created: string;
}

interface LocalisationRow {
  language: string;
  slug: string;
  display_name: string;
  path: string;
}

const statements = preparedFor((db) => ({
  insert: db.prepare(
    `INSERT INTO nodes (project_id, id, parent_id, entry_id, is_canonical, include_in_menu, position, depth, version_no, created)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ),
  insertLocalisation: db.prepare(
    'INSERT INTO node_localisations (project_id, node_id, language, slug, display_name, path) VALUES (?, ?, ?, ?, ?, ?)',
  ),
  get: db.prepare<[string, string], NodeRow>('SELECT * FROM nodes WHERE project_id = ? AND id = ?'),
  root: db.prepare<[string], NodeRow>(
    'SELECT * FROM nodes WHERE project_id = ? AND parent_id IS NULL ORDER BY position, created LIMIT 1',
  ),
  byPath: db.prepare<[string, string], { node_id: string; language: string }>(
    'SELECT node_id, language FROM node_localisations WHERE project_id = ? AND path = ?',
  ),
  byEntry: db.prepare<[string, string], NodeRow>(
    'SELECT * FROM nodes WHERE project_id = ? AND entry_id = ? ORDER BY is_canonical DESC, depth, position, id',
  ),
  children: db.prepare<[string, string], NodeRow>(
    'SELECT * FROM nodes WHERE project_id = ? AND parent_id = ? ORDER BY position, created, id',
  ),
  childCount: db.prepare<[string, string], { n: number }>(
    'SELECT COUNT(*) AS n FROM nodes WHERE project_id = ? AND parent_id = ?',
  ),
  restrictedNodes: db.prepare<[string, string], { parent_id: string; entry_id: string }>(
    `SELECT parent_id, entry_id FROM nodes WHERE project_id = ? AND parent_id IS NOT NULL
       AND entry_id IN (SELECT entry_id FROM entry_access WHERE project_id = ?)`,
  ),
  localisation: db.prepare<[string, string, string], LocalisationRow>(
    'SELECT language, slug, display_name, path FROM node_localisations WHERE project_id = ? AND node_id = ? AND language = ?',
  ),
  anyLocalisation: db.prepare<[string, string], LocalisationRow>(
    'SELECT language, slug, display_name, path FROM node_localisations WHERE project_id = ? AND node_id = ? ORDER BY language LIMIT 1',
  ),
}));

function toNode(row: NodeRow): NodeRecord {
  return {
    projectId: row.project_id,
    id: row.id,
    parentId: row.parent_id,
    entryId: row.entry_id,
    isCanonical: row.is_canonical === 1,
    includeInMenu: row.include_in_menu === 1,
    position: row.position,
    depth: row.depth,
    versionNo: row.version_no,
    created: row.created,
  };
}

/**
 * The columns both the insert and the update write, in their statements' order, so the two
 * cannot come to store a node differently.
 */
function rowValues(node: NodeRecord): [string | null, string | null, number, number, number, number, string] {
  return [
    node.parentId,
    node.entryId,
    node.isCanonical ? 1 : 0,
    node.includeInMenu ? 1 : 0,
    node.position,
    node.depth,
    node.versionNo,
  ];
}

function toLocalisation(row: LocalisationRow): NodeLocalisation {
  return { language: row.language, slug: row.slug, displayName: row.display_name, path: row.path };
}

/** Stores a node; its parent must already exist. */
export function insertNode(db: Db, node: NodeRecord): void {
  statements(db).insert.run(node.projectId, node.id, ...rowValues(node), node.created);
}

/** Stores a node's slug, display name and path in one language. */
export function insertNodeLocalisation(
  db: Db,
  projectId: string,
  nodeId: string,
  localisation: NodeLocalisation,
): void {
  statements(db).insertLocalisation.run(
    projectId,
    nodeId,
    localisation.language,
    localisation.slug,
    localisation.displayName,
    localisation.path,
  );
}

/** The node with this id, or undefined. */
export function getNode(db: Db, projectId: string, id: string): NodeRecord | undefined {
  const row = statements(db).get.get(projectId, id);
  return row ? toNode(row) : undefined;
}

/** The root of the project's site view, or undefined when the project has no nodes. */
export function getRootNode(db: Db, projectId: string): NodeRecord | undefined {
  const row = statements(db).root.get(projectId);
  return row ? toNode(row) : undefined;
}

/**
 * Node ids whose path in some language is exactly `path` (paths are case-sensitive, like
 * URLs), each with the language whose path matched.
 */
export function findNodesByPath(
  db: Db,
  projectId: string,
  path: string,
): { nodeId: string; language: string }[] {
  return statements(db)
    .byPath.all(projectId, path)
    .map((row) => ({ nodeId: row.node_id, language: row.language }));
}

/** Every node an entry is attached to, canonical first. */
export function getNodesByEntry(db: Db, projectId: string, entryId: string): NodeRecord[] {
  return statements(db).byEntry.all(projectId, entryId).map(toNode);
}

/** The children of a node in their defined order (then creation order). */
export function getChildNodes(db: Db, projectId: string, parentId: string): NodeRecord[] {
  return statements(db).children.all(projectId, parentId).map(toNode);
}

/** How many children a node has. */
export function countChildNodes(db: Db, projectId: string, parentId: string): number {
  return statements(db).childCount.get(projectId, parentId)!.n;
}

/**
 * The nodes whose entries are access-restricted (migration 010), as parent id → the entry ids
 * of such children.
 */
export function restrictedChildEntries(db: Db, projectId: string): Map<string, string[]> {
  const byParent = new Map<string, string[]>();
  for (const row of statements(db).restrictedNodes.all(projectId, projectId)) {
    const list = byParent.get(row.parent_id);
    if (list) list.push(row.entry_id);
    else byParent.set(row.parent_id, [row.entry_id]);
  }
  return byParent;
}

/**
 * A node's localisation in `language`, else in `fallbackLanguage`, else in any language it
 * has (so a node never lacks a slug and path).
 */
export function getNodeLocalisation(
  db: Db,
  projectId: string,
  nodeId: string,
  language: string,
  fallbackLanguage: string,
): NodeLocalisation | undefined {
  const s = statements(db);
  const row =
    s.localisation.get(projectId, nodeId, language) ??
    (fallbackLanguage !== language ? s.localisation.get(projectId, nodeId, fallbackLanguage) : undefined) ??
    s.anyLocalisation.get(projectId, nodeId);
  return row ? toLocalisation(row) : undefined;
}

const managementStatements = preparedFor((db) => ({
  update: db.prepare(
    `UPDATE nodes SET parent_id = ?, entry_id = ?, is_canonical = ?, include_in_menu = ?, position = ?, depth = ?, version_no = ?
     WHERE project_id = ? AND id = ?`,
  ),
  delete: db.prepare<[string, string]>('DELETE FROM nodes WHERE project_id = ? AND id = ?'),
  localisations: db.prepare<[string, string], LocalisationRow>(
    'SELECT language, slug, display_name, path FROM node_localisations WHERE project_id = ? AND node_id = ? ORDER BY language',
  ),
  deleteLocalisations: db.prepare<[string, string]>(
    'DELETE FROM node_localisations WHERE project_id = ? AND node_id = ?',
  ),
  updatePath: db.prepare<[string, string, string, string]>(
    'UPDATE node_localisations SET path = ? WHERE project_id = ? AND node_id = ? AND language = ?',
  ),
  descendants: db.prepare<[{ projectId: string; nodeId: string }], NodeRow>(
    `WITH RECURSIVE tree(id) AS (
       SELECT id FROM nodes WHERE project_id = @projectId AND parent_id = @nodeId
       UNION ALL
       SELECT n.id FROM nodes n JOIN tree t ON n.parent_id = t.id WHERE n.project_id = @projectId
     )
     SELECT nodes.* FROM nodes JOIN tree ON nodes.id = tree.id WHERE nodes.project_id = @projectId
     ORDER BY nodes.depth, nodes.position, nodes.created, nodes.rowid`,
  ),
  maxPosition: db.prepare<[string, string], { p: number | null }>(
    'SELECT MAX(position) AS p FROM nodes WHERE project_id = ? AND parent_id = ?',
  ),
  setPosition: db.prepare<[number, string, string]>(
    'UPDATE nodes SET position = ? WHERE project_id = ? AND id = ?',
  ),
  childrenByCreation: db.prepare<[string, string], NodeRow>(
    'SELECT * FROM nodes WHERE project_id = ? AND parent_id = ? ORDER BY created, rowid',
  ),
  siblingSlug: db.prepare<[string, string, string, string], { node_id: string }>(
    `SELECT l.node_id FROM node_localisations l JOIN nodes n ON n.project_id = l.project_id AND n.id = l.node_id
     WHERE l.project_id = ? AND n.parent_id = ? AND l.language = ? AND l.slug = ? LIMIT 1`,
  ),
  clearCanonical: db.prepare<[string, string]>(
    'UPDATE nodes SET is_canonical = 0 WHERE project_id = ? AND entry_id = ?',
  ),
  getDetails: db.prepare<[string, string], { data: string }>(
    'SELECT data FROM node_details WHERE project_id = ? AND node_id = ?',
  ),
  putDetails: db.prepare<[string, string, string]>(
    `INSERT INTO node_details (project_id, node_id, data) VALUES (?, ?, ?)
     ON CONFLICT (project_id, node_id) DO UPDATE SET data = excluded.data`,
  ),
  getOrder: db.prepare<[string, string, string], { child_ids: string }>(
    'SELECT child_ids FROM node_child_orders WHERE project_id = ? AND parent_id = ? AND language = ?',
  ),
  putOrder: db.prepare<[string, string, string, string]>(
    `INSERT INTO node_child_orders (project_id, parent_id, language, child_ids) VALUES (?, ?, ?, ?)
     ON CONFLICT (project_id, parent_id, language) DO UPDATE SET child_ids = excluded.child_ids`,
  ),
  deleteOrder: db.prepare<[string, string, string]>(
    'DELETE FROM node_child_orders WHERE project_id = ? AND parent_id = ? AND language = ?',
  ),
  deleteOrders: db.prepare<[string, string]>(
    'DELETE FROM node_child_orders WHERE project_id = ? AND parent_id = ?',
  ),
  ordersOf: db.prepare<[string, string], { language: string; child_ids: string }>(
    'SELECT language, child_ids FROM node_child_orders WHERE project_id = ? AND parent_id = ?',
  ),
}));

/** Rewrites a node's row (parent, entry, flags, position, depth, version); `created` stays. */
export function updateNodeRecord(db: Db, node: NodeRecord): void {
  managementStatements(db).update.run(...rowValues(node), node.projectId, node.id);
}

/** Deletes a node; the schema's cascades remove its descendants and everything stored for them. */
export function deleteNodeRecord(db: Db, projectId: string, id: string): void {
  managementStatements(db).delete.run(projectId, id);
}

/** Every localisation of a node, by language. */
export function listNodeLocalisations(db: Db, projectId: string, nodeId: string): NodeLocalisation[] {
  return managementStatements(db).localisations.all(projectId, nodeId).map(toLocalisation);
}

/** Replaces all of a node's localisations. */
export function replaceNodeLocalisations(
  db: Db,
  projectId: string,
  nodeId: string,
  localisations: readonly NodeLocalisation[],
): void {
  managementStatements(db).deleteLocalisations.run(projectId, nodeId);
  for (const localisation of localisations) insertNodeLocalisation(db, projectId, nodeId, localisation);
}

/** Sets a node's path in one language. */
export function updateNodePath(
  db: Db,
  projectId: string,
  nodeId: string,
  language: string,
  path: string,
): void {
  managementStatements(db).updatePath.run(path, projectId, nodeId, language);
}

/** Every descendant of a node (not the node itself), parents before their children. */
export function getDescendantNodes(db: Db, projectId: string, nodeId: string): NodeRecord[] {
  return managementStatements(db).descendants.all({ projectId, nodeId }).map(toNode);
}

/** The position after the last child of a node (0 when it has none). */
export function nextChildPosition(db: Db, projectId: string, parentId: string): number {
  const max = managementStatements(db).maxPosition.get(projectId, parentId)?.p;
  return max === null || max === undefined ? 0 : max + 1;
}

/** Sets a node's position among its siblings (the default-language order delivery follows). */
export function setNodePosition(db: Db, projectId: string, nodeId: string, position: number): void {
  managementStatements(db).setPosition.run(position, projectId, nodeId);
}

/** The children of a node in the order they were created (the order without a defined one). */
export function getChildNodesByCreation(db: Db, projectId: string, parentId: string): NodeRecord[] {
  return managementStatements(db).childrenByCreation.all(projectId, parentId).map(toNode);
}

/** The child of `parentId` whose slug in `language` is `slug`, if any. */
export function findChildBySlug(
  db: Db,
  projectId: string,
  parentId: string,
  language: string,
  slug: string,
): string | undefined {
  return managementStatements(db).siblingSlug.get(projectId, parentId, language, slug)?.node_id;
}

/** Marks every node of an entry as not canonical (before making one canonical). */
export function clearCanonicalNodes(db: Db, projectId: string, entryId: string): void {
  managementStatements(db).clearCanonical.run(projectId, entryId);
}

/** The stored management details of a node (migration 006), parsed by the caller. */
export function getNodeDetailsData(db: Db, projectId: string, nodeId: string): string | undefined {
  return managementStatements(db).getDetails.get(projectId, nodeId)?.data;
}

/** Stores a node's management details JSON. */
export function putNodeDetailsData(db: Db, projectId: string, nodeId: string, data: string): void {
  managementStatements(db).putDetails.run(projectId, nodeId, data);
}

/** The children order of a node defined for one non-primary language, if one is. */
export function getChildOrder(
  db: Db,
  projectId: string,
  parentId: string,
  language: string,
): string[] | undefined {
  const row = managementStatements(db).getOrder.get(projectId, parentId, language);
  return row ? parseJsonColumn<string[]>(row.child_ids) : undefined;
}

/** Every language-specific children order of a node. */
export function listChildOrders(
  db: Db,
  projectId: string,
  parentId: string,
): { language: string; childIds: string[] }[] {
  return managementStatements(db)
    .ordersOf.all(projectId, parentId)
    .map((row) => ({ language: row.language, childIds: parseJsonColumn<string[]>(row.child_ids) }));
}

/** Stores the children order of a node for one language. */
export function putChildOrder(
  db: Db,
  projectId: string,
  parentId: string,
  language: string,
  childIds: readonly string[],
): void {
  managementStatements(db).putOrder.run(projectId, parentId, language, JSON.stringify(childIds));
}

/** Removes a node's children order for one language, or for every language when none is given. */
export function deleteChildOrders(db: Db, projectId: string, parentId: string, language?: string): void {
  const s = managementStatements(db);
  if (language === undefined) s.deleteOrders.run(projectId, parentId);
  else s.deleteOrder.run(projectId, parentId, language);
}

/**
 * The children of a node as `language` orders them: by the order defined for that language
 * when there is one (children added since follow in default order), else in the default
 * order (the primary language's, {@link getChildNodes}). For delivery's D12/D15 once they take
 * the language into account (contract §1.7.2).
 */
export function getChildNodesInLanguage(
  db: Db,
  projectId: string,
  parentId: string,
  language: string,
): NodeRecord[] {
  const children = getChildNodes(db, projectId, parentId);
  const order = getChildOrder(db, projectId, parentId, language);
  if (!order) return children;
  const rank = new Map(order.map((id, i) => [id, i]));
  const named = children
    .filter((child) => rank.has(child.id))
    .sort((a, b) => rank.get(a.id)! - rank.get(b.id)!);
  return [...named, ...children.filter((child) => !rank.has(child.id))];
}
