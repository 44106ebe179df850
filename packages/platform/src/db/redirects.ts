import type { RedirectDocument } from '../management/administration/redirects.js';
import type { Db } from './open.js';
import { parseJsonColumn, preparedFor } from './statements.js';

const statements = preparedFor((db) => ({
  get: db.prepare<[string, string], { data: string }>(
    'SELECT data FROM redirects WHERE project_id = ? AND id = ?',
  ),
  count: db.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM redirects WHERE project_id = ?'),
  // Oldest first: the order redirects were added in is the order an editor expects to see.
  page: db.prepare<[string, number, number], { data: string }>(
    'SELECT data FROM redirects WHERE project_id = ? ORDER BY rowid LIMIT ? OFFSET ?',
  ),
  byMatch: db.prepare<[string, string, string, string], { id: string }>(
    `SELECT id FROM redirects
      WHERE project_id = ? AND source_domain = ? COLLATE NOCASE AND match_type = ? AND match_value = ?`,
  ),
  insert: db.prepare<[string, string, string, string, string, string]>(
    'INSERT INTO redirects (project_id, id, source_domain, match_type, match_value, data) VALUES (?, ?, ?, ?, ?, ?)',
  ),
  update: db.prepare<[string, string, string, string, string, string]>(
    `UPDATE redirects SET source_domain = ?, match_type = ?, match_value = ?, data = ?
      WHERE project_id = ? AND id = ?`,
  ),
  remove: db.prepare<[string, string]>('DELETE FROM redirects WHERE project_id = ? AND id = ?'),
}));

/** One redirect of a project, or undefined. */
export function getRedirect(db: Db, projectId: string, id: string): RedirectDocument | undefined {
  const row = statements(db).get.get(projectId, id);
  return row ? parseJsonColumn<RedirectDocument>(row.data) : undefined;
}

/** One page of a project's redirects, oldest first, and how many there are in all. */
export function listRedirectPage(
  db: Db,
  projectId: string,
  offset: number,
  limit: number,
): { total: number; items: RedirectDocument[] } {
  const s = statements(db);
  const total = s.count.get(projectId)!.n;
  const items =
    total > offset
      ? s.page.all(projectId, limit, offset).map((row) => parseJsonColumn<RedirectDocument>(row.data))
      : [];
  return { total, items };
}

/** The id of the redirect with the same domain (ignoring case) and match, or undefined. */
export function findRedirectByMatch(
  db: Db,
  projectId: string,
  redirect: Pick<RedirectDocument, 'sourceDomain' | 'match'>,
): string | undefined {
  return statements(db).byMatch.get(
    projectId,
    redirect.sourceDomain,
    redirect.match.type,
    redirect.match.value,
  )?.id;
}

/** Stores a new redirect. */
export function insertRedirect(db: Db, projectId: string, redirect: RedirectDocument): void {
  statements(db).insert.run(
    projectId,
    redirect.id,
    redirect.sourceDomain,
    redirect.match.type,
    redirect.match.value,
    JSON.stringify(redirect),
  );
}

/** Replaces a stored redirect (same id). */
export function updateRedirect(db: Db, projectId: string, redirect: RedirectDocument): void {
  statements(db).update.run(
    redirect.sourceDomain,
    redirect.match.type,
    redirect.match.value,
    JSON.stringify(redirect),
    projectId,
    redirect.id,
  );
}

/** Deletes a redirect; returns whether it existed. */
export function deleteRedirect(db: Db, projectId: string, id: string): boolean {
  return statements(db).remove.run(projectId, id).changes > 0;
}
