import type { Db } from '../db/db-handle.js';
import { indexEntryVersion } from './indexer.js';
import type { EntryJson } from './types.js';

/**
 * Small builders that put projects and stored entry versions into a database and index them,
 * for the search tests and the measurement script (the real writers live elsewhere).
 */

/** Inserts a `projects` row. */
export function insertProject(db: Db, id: string, primaryLanguage = 'en-GB'): void {
  db.prepare('INSERT INTO projects (id, name, primary_language) VALUES (?, ?, ?)').run(
    id,
    id,
    primaryLanguage,
  );
}

/** What {@link insertEntryVersion} needs beyond the entry itself. */
export interface VersionRow {
  projectId: string;
  entry: EntryJson;
  /** Defaults: a single version that is both latest and published. */
  isLatest?: boolean;
  isPublished?: boolean;
}

/** Inserts an `entry_versions` row for `entry`, indexes it and returns its doc number. */
export function insertEntryVersion(db: Db, row: VersionRow): number {
  const { entry } = row;
  const isLatest = row.isLatest ?? true;
  const isPublished = row.isPublished ?? true;
  const version = (entry.sys as { version?: { versionNo?: string } }).version;
  const result = db
    .prepare(
      `INSERT INTO entry_versions
         (project_id, entry_id, language, is_latest, is_published, content_type_id, data_format, version_no, entry_title, data)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      row.projectId,
      entry.sys.id,
      entry.sys.language ?? 'en-GB',
      isLatest ? 1 : 0,
      isPublished ? 1 : 0,
      entry.sys.contentTypeId ?? 'article',
      entry.sys.dataFormat ?? 'entry',
      version?.versionNo ?? '1.0',
      typeof entry.entryTitle === 'string' ? entry.entryTitle : '',
      JSON.stringify(entry),
    );
  const doc = Number(result.lastInsertRowid);
  indexEntryVersion(db, doc, entry);
  return doc;
}

let idCounter = 0;

/** A GUID-shaped id that is unique within the process. */
export function nextId(): string {
  idCounter += 1;
  return `00000000-0000-4000-8000-${idCounter.toString(16).padStart(12, '0')}`;
}

/**
 * An entry with a minimal `sys` (id, project, content type, language, entry format) plus the
 * given fields; `entryTitle` defaults to the `title` field.
 */
export function makeEntry(
  fields: Record<string, unknown>,
  sys: Partial<EntryJson['sys']> & Record<string, unknown> = {},
  projectId = 'proj',
): EntryJson {
  const fullSys = {
    id: nextId(),
    projectId,
    contentTypeId: 'article',
    dataFormat: 'entry',
    language: 'en-GB',
    ...sys,
  };
  return { entryTitle: typeof fields.title === 'string' ? fields.title : '', ...fields, sys: fullSys };
}
