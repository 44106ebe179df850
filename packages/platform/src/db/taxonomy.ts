import type { Localised } from '../contract.js';
import type { Db } from './open.js';
import { parseJsonColumn, preparedFor } from './statements.js';

/** A legacy taxonomy node row. */
export interface TaxonomyRecord {
  projectId: string;
  /** Positional key such as `0/3/7`; the root is `0`. */
  key: string;
  parentKey: string | null;
  name: Localised<string>;
  /** Names in the project's primary language joined with `/`, e.g. `Root/Subjects/Science`. */
  path: string;
  /** Defined order among siblings. */
  position: number;
}

interface TaxonomyRow {
  project_id: string;
  key: string;
  parent_key: string | null;
  name: string;
  path: string;
  position: number;
}

const statements = preparedFor((db) => ({
  insert: db.prepare(
    'INSERT INTO taxonomy_nodes (project_id, key, parent_key, name, path, position) VALUES (?, ?, ?, ?, ?, ?)',
  ),
  get: db.prepare<[string, string], TaxonomyRow>(
    'SELECT * FROM taxonomy_nodes WHERE project_id = ? AND key = ?',
  ),
  byPath: db.prepare<[string, string], TaxonomyRow>(
    'SELECT * FROM taxonomy_nodes WHERE project_id = ? AND path = ? COLLATE NOCASE ORDER BY key LIMIT 1',
  ),
  children: db.prepare<[string, string], TaxonomyRow>(
    'SELECT * FROM taxonomy_nodes WHERE project_id = ? AND parent_key = ? ORDER BY position, key',
  ),
  roots: db.prepare<[string], TaxonomyRow>(
    'SELECT * FROM taxonomy_nodes WHERE project_id = ? AND parent_key IS NULL ORDER BY position, key',
  ),
  hasChildren: db.prepare<[string, string], { n: number }>(
    'SELECT EXISTS (SELECT 1 FROM taxonomy_nodes WHERE project_id = ? AND parent_key = ?) AS n',
  ),
}));

function toRecord(row: TaxonomyRow): TaxonomyRecord {
  return {
    projectId: row.project_id,
    key: row.key,
    parentKey: row.parent_key,
    name: parseJsonColumn<Localised<string>>(row.name),
    path: row.path,
    position: row.position,
  };
}

/** Stores a taxonomy node; its parent must be stored first. */
export function insertTaxonomyNode(db: Db, node: TaxonomyRecord): void {
  statements(db).insert.run(
    node.projectId,
    node.key,
    node.parentKey,
    JSON.stringify(node.name),
    node.path,
    node.position,
  );
}

/** The taxonomy node with this key, or undefined. */
export function getTaxonomyNode(db: Db, projectId: string, key: string): TaxonomyRecord | undefined {
  const row = statements(db).get.get(projectId, key);
  return row ? toRecord(row) : undefined;
}

/** The node whose primary-language path equals `path` (ignoring case), or undefined. */
export function getTaxonomyNodeByPath(db: Db, projectId: string, path: string): TaxonomyRecord | undefined {
  const row = statements(db).byPath.get(projectId, path);
  return row ? toRecord(row) : undefined;
}

/** The children of a node in their defined order. */
export function getTaxonomyChildren(db: Db, projectId: string, parentKey: string): TaxonomyRecord[] {
  return statements(db).children.all(projectId, parentKey).map(toRecord);
}

/** The top-level nodes of a project's taxonomy (normally just `0`). */
export function getTaxonomyRoots(db: Db, projectId: string): TaxonomyRecord[] {
  return statements(db).roots.all(projectId).map(toRecord);
}

/** Whether a node has children. */
export function taxonomyHasChildren(db: Db, projectId: string, key: string): boolean {
  return statements(db).hasChildren.get(projectId, key)!.n === 1;
}
