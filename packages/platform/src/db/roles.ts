import type { RoleForEvaluation } from '../auth/permissions.js';
import type { Db } from './open.js';
import { parseJsonColumn, preparedFor } from './statements.js';

const statements = preparedFor((db) => ({
  list: db.prepare<[string], { data: string }>('SELECT data FROM roles WHERE project_id = ? ORDER BY name'),
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

/** Inserts or replaces a role (the JSON must hold `id` and `name`). */
export function putRoleRecord(db: Db, projectId: string, role: { id: string; name: string }): void {
  statements(db).upsert.run(projectId, role.id, role.name, JSON.stringify(role));
}

/** Inserts a role unless one with its id or name exists; returns whether it was added. */
export function insertRoleIfMissing(db: Db, projectId: string, role: { id: string; name: string }): boolean {
  return statements(db).insertOrIgnore.run(projectId, role.id, role.name, JSON.stringify(role)).changes > 0;
}
