import type { JsonObject } from '../contract.js';
import type { Db } from './open.js';
import { parseJsonColumn, preparedFor } from './statements.js';

/** A content type as served by D2 (contract §1.5). */
export interface ContentTypeResource extends JsonObject {
  id: string;
  projectId: string;
  dataFormat: string;
  defaultLanguage: string;
  supportedLanguages: string[];
  entryTitleField: string;
}

const statements = preparedFor((db) => ({
  insert: db.prepare<[string, string, string]>(
    'INSERT INTO content_types (project_id, id, data) VALUES (?, ?, ?)',
  ),
  get: db.prepare<[string, string], { data: string }>(
    'SELECT data FROM content_types WHERE project_id = ? AND id = ?',
  ),
  list: db.prepare<[string], { data: string }>(
    'SELECT data FROM content_types WHERE project_id = ? ORDER BY id',
  ),
}));

/** Stores a content type document under its project. */
export function insertContentType(db: Db, contentType: ContentTypeResource): void {
  statements(db).insert.run(contentType.projectId, contentType.id, JSON.stringify(contentType));
}

/** The content type `id` of `projectId` (ids are case-sensitive), or undefined. */
export function getContentType(db: Db, projectId: string, id: string): ContentTypeResource | undefined {
  const row = statements(db).get.get(projectId, id);
  return row ? parseJsonColumn<ContentTypeResource>(row.data) : undefined;
}

/** Every content type of a project, by id. */
export function listContentTypes(db: Db, projectId: string): ContentTypeResource[] {
  return statements(db)
    .list.all(projectId)
    .map((row) => parseJsonColumn<ContentTypeResource>(row.data));
}

/** Content types and components, as `definition_versions.kind` (migration 006) names them. */
export type DefinitionKind = 'contentType' | 'component';

/** One stored version of a content type or component definition (migration 006). */
export interface DefinitionVersionRecord {
  projectId: string;
  kind: DefinitionKind;
  id: string;
  major: number;
  minor: number;
  isLatest: boolean;
  isPublished: boolean;
  /** The definition JSON (§1.5), including its `version` block. */
  data: JsonObject;
}

/** Which version of a definition to read: the newest, the published one or an exact number. */
export type DefinitionVersionSelector = 'latest' | 'published' | { major: number; minor: number };

interface DefinitionVersionRow {
  project_id: string;
  kind: DefinitionKind;
  id: string;
  major: number;
  minor: number;
  is_latest: number;
  is_published: number;
  data: string;
}

const definitionStatements = preparedFor((db) => ({
  latest: db.prepare<[string, string, string], DefinitionVersionRow>(
    'SELECT * FROM definition_versions WHERE project_id = ? AND kind = ? AND id = ? AND is_latest = 1',
  ),
  published: db.prepare<[string, string, string], DefinitionVersionRow>(
    'SELECT * FROM definition_versions WHERE project_id = ? AND kind = ? AND id = ? AND is_published = 1',
  ),
  exact: db.prepare<[string, string, string, number, number], DefinitionVersionRow>(
    'SELECT * FROM definition_versions WHERE project_id = ? AND kind = ? AND id = ? AND major = ? AND minor = ?',
  ),
  listLatest: db.prepare<[string, string], DefinitionVersionRow>(
    'SELECT * FROM definition_versions WHERE project_id = ? AND kind = ? AND is_latest = 1 ORDER BY id',
  ),
  listPublished: db.prepare<[string, string], DefinitionVersionRow>(
    'SELECT * FROM definition_versions WHERE project_id = ? AND kind = ? AND is_published = 1 ORDER BY id',
  ),
  idIgnoringCase: db.prepare<[string, string, string], { id: string }>(
    'SELECT id FROM definition_versions WHERE project_id = ? AND kind = ? AND id = ? COLLATE NOCASE LIMIT 1',
  ),
  insert: db.prepare(
    `INSERT INTO definition_versions (project_id, kind, id, major, minor, is_latest, is_published, data)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ),
  clearLatest: db.prepare<[string, string, string]>(
    'UPDATE definition_versions SET is_latest = 0 WHERE project_id = ? AND kind = ? AND id = ? AND is_latest = 1',
  ),
  clearPublished: db.prepare<[string, string, string]>(
    'UPDATE definition_versions SET is_published = 0 WHERE project_id = ? AND kind = ? AND id = ? AND is_published = 1',
  ),
  deleteAll: db.prepare<[string, string, string]>(
    'DELETE FROM definition_versions WHERE project_id = ? AND kind = ? AND id = ?',
  ),
  upsertContentType: db.prepare<[string, string, string]>(
    `INSERT INTO content_types (project_id, id, data) VALUES (?, ?, ?)
     ON CONFLICT (project_id, id) DO UPDATE SET data = excluded.data`,
  ),
  deleteContentType: db.prepare<[string, string]>(
    'DELETE FROM content_types WHERE project_id = ? AND id = ?',
  ),
}));

function toDefinitionVersion(row: DefinitionVersionRow): DefinitionVersionRecord {
  return {
    projectId: row.project_id,
    kind: row.kind,
    id: row.id,
    major: row.major,
    minor: row.minor,
    isLatest: row.is_latest === 1,
    isPublished: row.is_published === 1,
    data: parseJsonColumn<JsonObject>(row.data),
  };
}

/**
 * One version of a content type or component: the latest, the published one or an exact
 * `major.minor`; undefined when there is no such version. Seeded content types have a
 * version row too (a trigger of migration 006 adds it).
 */
export function getDefinitionVersion(
  db: Db,
  projectId: string,
  kind: DefinitionKind,
  id: string,
  selector: DefinitionVersionSelector,
): DefinitionVersionRecord | undefined {
  const s = definitionStatements(db);
  const row =
    selector === 'latest'
      ? s.latest.get(projectId, kind, id)
      : selector === 'published'
        ? s.published.get(projectId, kind, id)
        : s.exact.get(projectId, kind, id, selector.major, selector.minor);
  return row ? toDefinitionVersion(row) : undefined;
}

/** The latest (or published) version of every content type or component of a project, by id. */
export function listDefinitionVersions(
  db: Db,
  projectId: string,
  kind: DefinitionKind,
  status: 'latest' | 'published',
): DefinitionVersionRecord[] {
  const s = definitionStatements(db);
  return (status === 'latest' ? s.listLatest : s.listPublished).all(projectId, kind).map(toDefinitionVersion);
}

/** The stored spelling of a definition id that equals `id` ignoring case, if any. */
export function findDefinitionIdIgnoringCase(
  db: Db,
  projectId: string,
  kind: DefinitionKind,
  id: string,
): string | undefined {
  return definitionStatements(db).idIgnoringCase.get(projectId, kind, id)?.id;
}

/**
 * Stores a new version. When it is the latest (or published) one, the flag moves to it from
 * the version that had it, so each definition keeps one latest and one published version.
 */
export function insertDefinitionVersion(db: Db, version: DefinitionVersionRecord): void {
  const s = definitionStatements(db);
  if (version.isLatest) s.clearLatest.run(version.projectId, version.kind, version.id);
  if (version.isPublished) s.clearPublished.run(version.projectId, version.kind, version.id);
  s.insert.run(
    version.projectId,
    version.kind,
    version.id,
    version.major,
    version.minor,
    version.isLatest ? 1 : 0,
    version.isPublished ? 1 : 0,
    JSON.stringify(version.data),
  );
}

/** Removes every version of a definition. */
export function deleteDefinitionVersions(db: Db, projectId: string, kind: DefinitionKind, id: string): void {
  definitionStatements(db).deleteAll.run(projectId, kind, id);
}

/**
 * Makes `contentType` the definition delivery serves (D2) for its id, replacing the one
 * served before.
 */
export function putPublishedContentType(db: Db, contentType: ContentTypeResource): void {
  definitionStatements(db).upsertContentType.run(
    contentType.projectId,
    contentType.id,
    JSON.stringify(contentType),
  );
}

/** Stops delivery serving a content type. */
export function deletePublishedContentType(db: Db, projectId: string, id: string): void {
  definitionStatements(db).deleteContentType.run(projectId, id);
}
