import type { Db } from './open.js';
import { preparedFor } from './statements.js';

/**
 * Who may read an entry through the delivery API: `false` for everyone, `true` for any
 * signed-in visitor, a list of group ids or names for members of any of them (the same
 * shape as a site route's `requireLogin`).
 */
export type EntryRequireLogin = boolean | readonly string[];

/** The most groups one entry may name. */
export const MAX_REQUIRED_GROUPS = 50;

/** The longest group id or name accepted in a restriction. */
export const MAX_GROUP_KEY_LENGTH = 200;

/** The `group_key` that means "any signed-in visitor". */
export const ANY_SIGNED_IN = '';

/** The key a group id or name is matched by: ids and names compare without letter case. */
export function groupKey(idOrName: string): string {
  return idOrName.trim().toLowerCase();
}

const statements = preparedFor((db) => ({
  any: db.prepare<[string], { one: number }>(
    'SELECT 1 AS one FROM entry_access WHERE project_id = ? LIMIT 1',
  ),
  ofEntry: db.prepare<[string, string], { group_key: string; group_label: string }>(
    'SELECT group_key, group_label FROM entry_access WHERE project_id = ? AND entry_id = ? ORDER BY rowid',
  ),
  some: db.prepare<[string, number], { entry_id: string; group_key: string }>(
    'SELECT entry_id, group_key FROM entry_access WHERE project_id = ? LIMIT ?',
  ),
  clear: db.prepare<[string, string]>('DELETE FROM entry_access WHERE project_id = ? AND entry_id = ?'),
  insert: db.prepare<[string, string, string, string]>(
    'INSERT OR IGNORE INTO entry_access (project_id, entry_id, group_key, group_label) VALUES (?, ?, ?, ?)',
  ),
}));

/** Whether any entry of the project is restricted (the fast path for public projects). */
export function projectHasRestrictedEntries(db: Db, projectId: string): boolean {
  return statements(db).any.get(projectId) !== undefined;
}

/**
 * The group keys an entry requires: `undefined` when it is public, `['']` when any signed-in
 * visitor may read it, else the lower-cased group ids or names.
 */
export function entryAccessKeys(db: Db, projectId: string, entryId: string): string[] | undefined {
  const rows = statements(db).ofEntry.all(projectId, entryId);
  return rows.length === 0 ? undefined : rows.map((row) => row.group_key);
}

/**
 * Every restricted entry of a project with its group keys, when there are at most `limit`
 * restriction rows; `undefined` when there are more (look entries up one by one instead).
 */
export function projectAccessKeys(
  db: Db,
  projectId: string,
  limit: number,
): Map<string, string[]> | undefined {
  const rows = statements(db).some.all(projectId, limit + 1);
  if (rows.length > limit) return undefined;
  const byEntry = new Map<string, string[]>();
  for (const row of rows) {
    const keys = byEntry.get(row.entry_id);
    if (keys) keys.push(row.group_key);
    else byEntry.set(row.entry_id, [row.group_key]);
  }
  return byEntry;
}

/** An entry's restriction as an editor set it (group ids and names as written). */
export function getEntryRequireLogin(db: Db, projectId: string, entryId: string): EntryRequireLogin {
  const rows = statements(db).ofEntry.all(projectId, entryId);
  if (rows.length === 0) return false;
  const groups = rows.filter((row) => row.group_key !== ANY_SIGNED_IN).map((row) => row.group_label);
  return groups.length === 0 ? true : groups;
}

/**
 * Replaces an entry's restriction (`false` makes it public again). Group names are kept as
 * written and matched without letter case; duplicates collapse.
 */
export function setEntryRequireLogin(
  db: Db,
  projectId: string,
  entryId: string,
  requireLogin: EntryRequireLogin,
): void {
  const prepared = statements(db);
  prepared.clear.run(projectId, entryId);
  if (requireLogin === false) return;
  const groups = requireLogin === true ? [] : requireLogin.map((group) => group.trim());
  if (groups.length === 0) {
    prepared.insert.run(projectId, entryId, ANY_SIGNED_IN, '');
    return;
  }
  for (const group of groups) prepared.insert.run(projectId, entryId, groupKey(group), group);
}

/**
 * SQL that is true for a row whose `column` (an entry id) the visitor may NOT read, or `null`
 * when nothing is hidden from them. `visitorKeys` is `null` for an anonymous visitor, else the
 * keys of their groups (with {@link ANY_SIGNED_IN}); `bind` returns a placeholder for a value.
 *
 * @example
 * const hidden = hiddenEntriesSql('d.entry_id', project, ['', 'members'], (value) => params.add(value));
 * // `d.entry_id IN (SELECT entry_id FROM entry_access WHERE … EXCEPT …)`
 */
export function hiddenEntriesSql(
  column: string,
  projectId: string,
  visitorKeys: readonly string[] | null,
  bind: (value: string) => string,
): string {
  const restricted = `SELECT entry_id FROM entry_access WHERE project_id = ${bind(projectId)}`;
  if (visitorKeys === null) return `${column} IN (${restricted})`;
  const admitted = `SELECT entry_id FROM entry_access WHERE project_id = ${bind(projectId)} AND group_key IN (SELECT value FROM json_each(${bind(JSON.stringify(visitorKeys))}))`;
  return `${column} IN (${restricted} EXCEPT ${admitted})`;
}
