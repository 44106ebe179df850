import type { TagDocument, TagGroupDocument } from '../management/administration/tags.js';
import { type EntryVersionRecord, type EntryVersionRow, toEntryVersionRecord } from './entries.js';
import type { Db } from './open.js';
import { parseJsonColumn, preparedFor } from './statements.js';

const statements = preparedFor((db) => ({
  group: db.prepare<[string, string], { data: string }>(
    'SELECT data FROM tag_groups WHERE project_id = ? AND id = ?',
  ),
  groups: db.prepare<[string], { data: string }>('SELECT data FROM tag_groups WHERE project_id = ?'),
  tagCounts: db.prepare<[string], { group_id: string; n: number }>(
    'SELECT group_id, COUNT(*) AS n FROM tags WHERE project_id = ? GROUP BY group_id',
  ),
  tagCount: db.prepare<[string, string], { n: number }>(
    'SELECT COUNT(*) AS n FROM tags WHERE project_id = ? AND group_id = ?',
  ),
  insertGroup: db.prepare<[string, string, string, string]>(
    'INSERT INTO tag_groups (project_id, id, name, data) VALUES (?, ?, ?, ?)',
  ),
  updateGroup: db.prepare<[string, string, string, string]>(
    'UPDATE tag_groups SET name = ?, data = ? WHERE project_id = ? AND id = ?',
  ),
  deleteGroup: db.prepare<[string, string]>('DELETE FROM tag_groups WHERE project_id = ? AND id = ?'),
  tag: db.prepare<[string, string], { data: string }>(
    'SELECT data FROM tags WHERE project_id = ? AND id = ?',
  ),
  tags: db.prepare<[string], { data: string }>('SELECT data FROM tags WHERE project_id = ?'),
  tagsOfGroup: db.prepare<[string, string], { data: string }>(
    'SELECT data FROM tags WHERE project_id = ? AND group_id = ?',
  ),
  tagByValue: db.prepare<[string, string, string], { id: string }>(
    'SELECT id FROM tags WHERE project_id = ? AND group_id = ? AND value = ? COLLATE NOCASE',
  ),
  insertTag: db.prepare<[string, string, string, string, string]>(
    'INSERT INTO tags (project_id, id, group_id, value, data) VALUES (?, ?, ?, ?, ?)',
  ),
  updateTag: db.prepare<[string, string, string, string, string]>(
    'UPDATE tags SET group_id = ?, value = ?, data = ? WHERE project_id = ? AND id = ?',
  ),
  deleteTag: db.prepare<[string, string]>('DELETE FROM tags WHERE project_id = ? AND id = ?'),
  // Tag values are `{ sys: { id } }` objects, which the search index holds under paths ending
  // in `sys.id` (e.g. `topics.sys.id`), with their text cut to 64 characters; the (path, text)
  // index finds the candidates without reading every stored entry. Callers confirm each hit
  // by parsing, since other links end in `sys.id` too. The unary + keeps the planner from
  // walking the project's entries by index instead of looking the few hits up by doc.
  referencing: db.prepare<{ projectId: string; id: string }, EntryVersionRow>(
    `SELECT * FROM entry_versions
      WHERE +project_id = @projectId AND doc IN (
        SELECT doc FROM search_values
         WHERE path IN (SELECT id FROM search_paths WHERE path LIKE '%sys.id')
           AND text = substr(@id, 1, 64))
      ORDER BY entry_title COLLATE NOCASE, entry_id, language`,
  ),
}));

/** A tag group of a project, or undefined. */
export function getTagGroup(db: Db, projectId: string, id: string): TagGroupDocument | undefined {
  const row = statements(db).group.get(projectId, id);
  return row ? parseJsonColumn<TagGroupDocument>(row.data) : undefined;
}

/** Every tag group of a project (unordered). */
export function listTagGroups(db: Db, projectId: string): TagGroupDocument[] {
  return statements(db)
    .groups.all(projectId)
    .map((row) => parseJsonColumn<TagGroupDocument>(row.data));
}

/** How many tags each group of a project holds, by group id (groups without tags are absent). */
export function tagCountsByGroup(db: Db, projectId: string): Map<string, number> {
  return new Map(
    statements(db)
      .tagCounts.all(projectId)
      .map((row) => [row.group_id, row.n]),
  );
}

/** How many tags one group holds. */
export function countTagsOfGroup(db: Db, projectId: string, groupId: string): number {
  return statements(db).tagCount.get(projectId, groupId)!.n;
}

/** Stores a new tag group. */
export function insertTagGroup(db: Db, projectId: string, group: TagGroupDocument): void {
  statements(db).insertGroup.run(projectId, group.id, group.name, JSON.stringify(group));
}

/** Replaces a stored tag group (same id). */
export function updateTagGroup(db: Db, projectId: string, group: TagGroupDocument): void {
  statements(db).updateGroup.run(group.name, JSON.stringify(group), projectId, group.id);
}

/** Deletes a tag group (the schema refuses while it holds tags); returns whether it existed. */
export function deleteTagGroup(db: Db, projectId: string, id: string): boolean {
  return statements(db).deleteGroup.run(projectId, id).changes > 0;
}

/** A tag of a project, or undefined. */
export function getTag(db: Db, projectId: string, id: string): TagDocument | undefined {
  const row = statements(db).tag.get(projectId, id);
  return row ? parseJsonColumn<TagDocument>(row.data) : undefined;
}

/** Every tag of a project, or of one of its groups (unordered). */
export function listTags(db: Db, projectId: string, groupId?: string): TagDocument[] {
  const s = statements(db);
  const rows = groupId === undefined ? s.tags.all(projectId) : s.tagsOfGroup.all(projectId, groupId);
  return rows.map((row) => parseJsonColumn<TagDocument>(row.data));
}

/** The id of the tag of a group with `value` (ignoring case), or undefined. */
export function findTagIdByValue(
  db: Db,
  projectId: string,
  groupId: string,
  value: string,
): string | undefined {
  return statements(db).tagByValue.get(projectId, groupId, value)?.id;
}

/** Stores a new tag. */
export function insertTag(db: Db, projectId: string, tag: TagDocument): void {
  statements(db).insertTag.run(projectId, tag.id, tag.groupId, tag.value, JSON.stringify(tag));
}

/** Replaces a stored tag (same id). */
export function updateTag(db: Db, projectId: string, tag: TagDocument): void {
  statements(db).updateTag.run(tag.groupId, tag.value, JSON.stringify(tag), projectId, tag.id);
}

/** Deletes a tag; returns whether it existed. */
export function deleteTag(db: Db, projectId: string, id: string): boolean {
  return statements(db).deleteTag.run(projectId, id).changes > 0;
}

/**
 * Every stored entry version of a project (latest and published alike) with a value under a
 * `….sys.id` path equal to `id` — candidates for tag usage, found through the search index,
 * to be confirmed by parsing. Ordered by title.
 */
export function entryVersionsReferencing(db: Db, projectId: string, id: string): EntryVersionRecord[] {
  return statements(db).referencing.all({ projectId, id }).map(toEntryVersionRecord);
}
