import type { Db } from './open.js';
import { parseJsonColumn, preparedFor } from './statements.js';

/** A role as stored (contract §4.2): only the parts permission evaluation reads. */
export interface RoleForEvaluation {
  enabled?: boolean;
  permissions?: Record<string, unknown>;
  assignments?: { users?: string[]; groups?: string[]; apiKeys?: string[] };
}

const statements = preparedFor((db) => ({
  list: db.prepare<[string], { data: string }>('SELECT data FROM roles WHERE project_id = ? ORDER BY name'),
  all: db.prepare<[], { data: string }>('SELECT data FROM roles'),
  upsert: db.prepare(
    `INSERT INTO roles (project_id, id, name, data) VALUES (?, ?, ?, ?)
     ON CONFLICT (project_id, id) DO UPDATE SET name = excluded.name, data = excluded.data`,
  ),
  insertOrIgnore: db.prepare('INSERT OR IGNORE INTO roles (project_id, id, name, data) VALUES (?, ?, ?, ?)'),
}));

/** Every role of a project, parsed (permission evaluation reads them all; there are few). */
export function listRoleRecords(
  db: Db,
  projectId: string,
): (RoleForEvaluation & { id: string; name: string })[] {
  return statements(db)
    .list.all(projectId)
    .map((row) => parseJsonColumn<RoleForEvaluation & { id: string; name: string }>(row.data));
}

/** Every role of every project, parsed (for platform-wide questions such as which groups hold power). */
export function listAllRoleRecords(db: Db): RoleForEvaluation[] {
  return statements(db)
    .all.all()
    .map((row) => parseJsonColumn<RoleForEvaluation>(row.data));
}

/** Inserts or replaces a role (the JSON must hold `id` and `name`). */
export function putRoleRecord(db: Db, projectId: string, role: { id: string; name: string }): void {
  statements(db).upsert.run(projectId, role.id, role.name, JSON.stringify(role));
}

/** Inserts a role unless one with its id or name exists; returns whether it was added. */
export function insertRoleIfMissing(db: Db, projectId: string, role: { id: string; name: string }): boolean {
  return statements(db).insertOrIgnore.run(projectId, role.id, role.name, JSON.stringify(role)).changes > 0;
}

const management = preparedFor((db) => ({
  get: db.prepare<[string, string], { data: string }>(
    'SELECT data FROM roles WHERE project_id = ? AND id = ?',
  ),
  byName: db.prepare<[string, string], { id: string }>(
    'SELECT id FROM roles WHERE project_id = ? AND name = ? COLLATE NOCASE',
  ),
  count: db.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM roles WHERE project_id = ?'),
  page: db.prepare<[string, number, number], { data: string }>(
    'SELECT data FROM roles WHERE project_id = ? ORDER BY name COLLATE NOCASE, id LIMIT ? OFFSET ?',
  ),
  remove: db.prepare<[string, string]>('DELETE FROM roles WHERE project_id = ? AND id = ?'),
}));

/** One role of a project as stored (the full JSON Role), or undefined. */
export function getRoleRecord<T extends { id: string; name: string }>(
  db: Db,
  projectId: string,
  id: string,
): T | undefined {
  const row = management(db).get.get(projectId, id);
  return row ? parseJsonColumn<T>(row.data) : undefined;
}

/** The id of the project's role called `name` (ignoring case), or undefined. */
export function findRoleIdByName(db: Db, projectId: string, name: string): string | undefined {
  return management(db).byName.get(projectId, name)?.id;
}

/** One page of a project's roles, by name, and how many there are in all. */
export function listRolePage<T>(
  db: Db,
  projectId: string,
  offset: number,
  limit: number,
): { total: number; items: T[] } {
  const s = management(db);
  const total = s.count.get(projectId)!.n;
  const items =
    total > offset ? s.page.all(projectId, limit, offset).map((row) => parseJsonColumn<T>(row.data)) : [];
  return { total, items };
}

/** Deletes a role; returns whether it existed. */
export function deleteRoleRecord(db: Db, projectId: string, id: string): boolean {
  return management(db).remove.run(projectId, id).changes > 0;
}
