import type { Db } from './open.js';
import { preparedFor } from './statements.js';

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

function toLocalisation(row: LocalisationRow): NodeLocalisation {
  return { language: row.language, slug: row.slug, displayName: row.display_name, path: row.path };
}

/** Stores a node; its parent must already exist. */
export function insertNode(db: Db, node: NodeRecord): void {
  statements(db).insert.run(
    node.projectId,
    node.id,
    node.parentId,
    node.entryId,
    node.isCanonical ? 1 : 0,
    node.includeInMenu ? 1 : 0,
    node.position,
    node.depth,
    node.versionNo,
    node.created,
  );
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
