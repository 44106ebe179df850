import type { ProjectResource } from '../contract.js';
import type { Db } from './open.js';
import { parseJsonColumn, preparedFor } from './statements.js';

interface ProjectRow {
  id: string;
  name: string;
  description: string;
  primary_language: string;
  supported_languages: string;
  delivery_sys_exclusions: string;
  color: string | null;
}

const statements = preparedFor((db) => ({
  insert: db.prepare(
    `INSERT INTO projects (id, name, description, primary_language, supported_languages, delivery_sys_exclusions, color)
     VALUES (@id, @name, @description, @primaryLanguage, @supportedLanguages, @deliverySysExclusions, @color)`,
  ),
  get: db.prepare<[string], ProjectRow>('SELECT * FROM projects WHERE id = ?'),
  list: db.prepare<[], ProjectRow>('SELECT * FROM projects ORDER BY id'),
  delete: db.prepare<[string]>('DELETE FROM projects WHERE id = ?'),
}));

function toProject(row: ProjectRow): ProjectResource {
  const project: ProjectResource = {
    id: row.id,
    name: row.name,
    description: row.description,
    primaryLanguage: row.primary_language,
    supportedLanguages: parseJsonColumn<string[]>(row.supported_languages),
    deliverySysExclusions: parseJsonColumn<string[]>(row.delivery_sys_exclusions),
  };
  if (row.color !== null) project.color = row.color;
  return project;
}

/** The named parameters of the insert and update statements. */
function rowParams(project: ProjectResource): Record<string, string | null> {
  return {
    id: project.id,
    name: project.name,
    description: project.description,
    primaryLanguage: project.primaryLanguage,
    supportedLanguages: JSON.stringify(project.supportedLanguages),
    deliverySysExclusions: JSON.stringify(project.deliverySysExclusions),
    color: project.color ?? null,
  };
}

/** Stores a project (contract §1.4). Fails if the id is taken. */
export function insertProject(db: Db, project: ProjectResource): void {
  statements(db).insert.run(rowParams(project));
}

/** The project with this id (case-sensitive), or undefined. */
export function getProject(db: Db, id: string): ProjectResource | undefined {
  const row = statements(db).get.get(id);
  return row ? toProject(row) : undefined;
}

/** Every project, by id. */
export function listProjects(db: Db): ProjectResource[] {
  return statements(db).list.all().map(toProject);
}

/**
 * Deletes a project's rows; the schema's cascades remove its content types, entries, nodes,
 * taxonomy, asset file rows and tokens. Search index rows and asset files on disk are the
 * caller's business (see `deleteProjectContent` in `seed/load.ts`).
 */
export function deleteProjectRow(db: Db, id: string): void {
  statements(db).delete.run(id);
}

const managementStatements = preparedFor((db) => ({
  update: db.prepare(
    `UPDATE projects SET name = @name, description = @description, primary_language = @primaryLanguage,
       supported_languages = @supportedLanguages, delivery_sys_exclusions = @deliverySysExclusions, color = @color
     WHERE id = @id`,
  ),
  idIgnoringCase: db.prepare<[string], { id: string }>(
    'SELECT id FROM projects WHERE id = ? COLLATE NOCASE LIMIT 1',
  ),
  hasEntries: db.prepare<[string], { found: number }>(
    'SELECT EXISTS (SELECT 1 FROM entry_versions WHERE project_id = ?) AS found',
  ),
}));

/** Rewrites a project's row (contract §4.5); its id stays. */
export function updateProjectRow(db: Db, project: ProjectResource): void {
  managementStatements(db).update.run(rowParams(project));
}

/** The stored spelling of a project id equal to `id` ignoring case, if any. */
export function findProjectIdIgnoringCase(db: Db, id: string): string | undefined {
  return managementStatements(db).idIgnoringCase.get(id)?.id;
}

/** Whether a project has any entry (or asset) stored. */
export function projectHasEntries(db: Db, id: string): boolean {
  return managementStatements(db).hasEntries.get(id)!.found === 1;
}
