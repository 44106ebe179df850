import type { StoredEntry } from '../../contract.js';
import type { Db } from '../../db/open.js';
import { parseJsonColumn, preparedFor } from '../../db/statements.js';

/**
 * Storage of the recycle bin and of superseded versions (migration 005). Writers call these
 * inside their transaction.
 */

/** An entry variation in the recycle bin. */
export interface RecycledVariation {
  projectId: string;
  entryId: string;
  language: string;
  contentTypeId: string;
  dataFormat: string;
  latest: StoredEntry;
  /** The published version when it differed from the latest one. */
  published?: StoredEntry;
  deleted: string;
  deletedBy: string;
}

interface BinRow {
  project_id: string;
  entry_id: string;
  language: string;
  content_type_id: string;
  data_format: string;
  latest_data: string;
  published_data: string | null;
  deleted: string;
  deleted_by: string;
}

const statements = preparedFor((db) => ({
  put: db.prepare(
    `INSERT OR REPLACE INTO entry_recycle_bin
       (project_id, entry_id, language, content_type_id, data_format, latest_data, published_data, deleted, deleted_by)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ),
  get: db.prepare<[string, string, string], BinRow>(
    'SELECT * FROM entry_recycle_bin WHERE project_id = ? AND entry_id = ? AND language = ?',
  ),
  ofEntry: db.prepare<[string, string], BinRow>(
    'SELECT * FROM entry_recycle_bin WHERE project_id = ? AND entry_id = ? ORDER BY language',
  ),
  ofProject: db.prepare<[string], BinRow>(
    'SELECT * FROM entry_recycle_bin WHERE project_id = ? ORDER BY entry_id, language',
  ),
  remove: db.prepare<[string, string, string]>(
    'DELETE FROM entry_recycle_bin WHERE project_id = ? AND entry_id = ? AND language = ?',
  ),
  mentioning: db.prepare<[string, string, string], BinRow>(
    `SELECT * FROM entry_recycle_bin
     WHERE project_id = ? AND entry_id <> ? AND instr(latest_data, '"id":"' || ? || '"') > 0`,
  ),
  archive: db.prepare(
    'INSERT OR REPLACE INTO entry_version_history (project_id, entry_id, language, version_no, data) VALUES (?, ?, ?, ?, ?)',
  ),
  historic: db.prepare<[string, string, string, string], { data: string }>(
    'SELECT data FROM entry_version_history WHERE project_id = ? AND entry_id = ? AND language = ? AND version_no = ?',
  ),
  forgetHistory: db.prepare<[string, string, string]>(
    'DELETE FROM entry_version_history WHERE project_id = ? AND entry_id = ? AND language = ?',
  ),
}));

function toVariation(row: BinRow): RecycledVariation {
  const variation: RecycledVariation = {
    projectId: row.project_id,
    entryId: row.entry_id,
    language: row.language,
    contentTypeId: row.content_type_id,
    dataFormat: row.data_format,
    latest: parseJsonColumn<StoredEntry>(row.latest_data),
    deleted: row.deleted,
    deletedBy: row.deleted_by,
  };
  if (row.published_data !== null) variation.published = parseJsonColumn<StoredEntry>(row.published_data);
  return variation;
}

/** Puts a variation into the recycle bin (replacing an older copy of it). */
export function putInRecycleBin(db: Db, variation: RecycledVariation): void {
  statements(db).put.run(
    variation.projectId,
    variation.entryId,
    variation.language,
    variation.contentTypeId,
    variation.dataFormat,
    JSON.stringify(variation.latest),
    variation.published ? JSON.stringify(variation.published) : null,
    variation.deleted,
    variation.deletedBy,
  );
}

/** One recycled variation, or undefined. */
export function getRecycledVariation(
  db: Db,
  projectId: string,
  entryId: string,
  language: string,
): RecycledVariation | undefined {
  const row = statements(db).get.get(projectId, entryId, language);
  return row ? toVariation(row) : undefined;
}

/** The recycled variations of one entry, by language. */
export function recycledVariationsOf(db: Db, projectId: string, entryId: string): RecycledVariation[] {
  return statements(db).ofEntry.all(projectId, entryId).map(toVariation);
}

/** Everything in a project's recycle bin. */
export function listRecycleBin(db: Db, projectId: string): RecycledVariation[] {
  return statements(db).ofProject.all(projectId).map(toVariation);
}

/** Removes a variation from the recycle bin for good. */
export function removeFromRecycleBin(db: Db, projectId: string, entryId: string, language: string): void {
  statements(db).remove.run(projectId, entryId, language);
}

/** Recycled variations of other entries whose latest JSON mentions `targetId` (usage candidates). */
export function recycledMentioning(db: Db, projectId: string, targetId: string): RecycledVariation[] {
  return statements(db).mentioning.all(projectId, targetId, targetId).map(toVariation);
}

/** Keeps a version that is about to stop being the latest or the published one. */
export function archiveVersion(db: Db, projectId: string, entry: StoredEntry): void {
  statements(db).archive.run(
    projectId,
    entry.sys.id,
    entry.sys.language,
    entry.sys.version.versionNo,
    JSON.stringify(entry),
  );
}

/** A superseded version by number, or undefined. */
export function getArchivedVersion(
  db: Db,
  projectId: string,
  entryId: string,
  language: string,
  versionNo: string,
): StoredEntry | undefined {
  const row = statements(db).historic.get(projectId, entryId, language, versionNo);
  return row ? parseJsonColumn<StoredEntry>(row.data) : undefined;
}

/** Forgets every superseded version of a variation (permanent deletion). */
export function forgetArchivedVersions(db: Db, projectId: string, entryId: string, language: string): void {
  statements(db).forgetHistory.run(projectId, entryId, language);
}
