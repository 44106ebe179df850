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
