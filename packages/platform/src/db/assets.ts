import type { Db } from './open.js';
import { preparedFor } from './statements.js';

/** The file behind an asset entry, as served at its public URI. */
export interface AssetFileRecord {
  /** Public URI such as `/image-library/courses/biology.svg` (decoded, starts with `/`). */
  uri: string;
  projectId: string;
  entryId: string;
  /** Generated file name inside `<data dir>/assets`; never derived from user input. */
  fileName: string;
  mimeType: string;
  size: number;
  /** Hex SHA-256 of the bytes (the ETag). */
  sha256: string;
}

interface AssetRow {
  uri: string;
  project_id: string;
  entry_id: string;
  file_name: string;
  mime_type: string;
  size: number;
  sha256: string;
}

const statements = preparedFor((db) => ({
  insert: db.prepare(
    'INSERT INTO asset_files (uri, project_id, entry_id, file_name, mime_type, size, sha256) VALUES (?, ?, ?, ?, ?, ?, ?)',
  ),
  get: db.prepare<[string], AssetRow>('SELECT * FROM asset_files WHERE uri = ?'),
  fileNamesOfProject: db.prepare<[string], { file_name: string }>(
    'SELECT DISTINCT file_name FROM asset_files WHERE project_id = ?',
  ),
  fileNameUsers: db.prepare<[string], { n: number }>(
    'SELECT COUNT(*) AS n FROM asset_files WHERE file_name = ?',
  ),
}));

/** Records the file behind an asset entry. Fails if the URI is taken. */
export function insertAssetFile(db: Db, file: AssetFileRecord): void {
  statements(db).insert.run(
    file.uri,
    file.projectId,
    file.entryId,
    file.fileName,
    file.mimeType,
    file.size,
    file.sha256,
  );
}

/** The file served at `uri`, or undefined. */
export function getAssetFile(db: Db, uri: string): AssetFileRecord | undefined {
  const row = statements(db).get.get(uri);
  return row
    ? {
        uri: row.uri,
        projectId: row.project_id,
        entryId: row.entry_id,
        fileName: row.file_name,
        mimeType: row.mime_type,
        size: row.size,
        sha256: row.sha256,
      }
    : undefined;
}

/** The stored file names a project's assets use. */
export function projectAssetFileNames(db: Db, projectId: string): string[] {
  return statements(db)
    .fileNamesOfProject.all(projectId)
    .map((row) => row.file_name);
}

/** How many asset rows (of any project) use a stored file; files are shared by content hash. */
export function assetFileUsers(db: Db, fileName: string): number {
  return statements(db).fileNameUsers.get(fileName)!.n;
}
