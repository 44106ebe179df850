import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { ASSET_ROOTS, assetUriProblem } from '../../assets/uri.js';
import { ASSETS_DIR } from '../../config.js';
import type { JsonObject } from '../../contract.js';
import { getAssetFile, insertAssetFile } from '../../db/assets.js';
import type { Db } from '../../db/open.js';
import { preparedFor } from '../../db/statements.js';
import { AssetStore } from '../../seed/asset-store.js';
import { isPlainObject } from '../../seed/links.js';
import { invalid } from './errors.js';

/**
 * Asset files of the management API (contract §7.8): `POST P/assets` stores uploaded files
 * and hands out `fileId`s; an asset entry written with `sysAssetFile: { fileId,
 * parentNodePath? }` takes the file over and gets its public URI (`/image-library/…`,
 * `/video-library/…` or `/asset-library/…`), from which the asset routes then serve it.
 */

/** A file uploaded and not necessarily attached yet. */
export interface AssetUpload {
  fileId: string;
  /** Stored name in `<data dir>/assets` (content hash + extension). */
  fileName: string;
  /** The uploaded name, cleaned: letters, digits, `.`, `-` and `_`. */
  originalName: string;
  mimeType: string;
  size: number;
  sha256: string;
}

/** An uploaded file's bytes and what the client called it. */
export interface UploadedFile {
  name: string;
  /** The part's content type; `application/octet-stream` when the client did not know. */
  type: string;
  bytes: Uint8Array;
}

/** Where an asset entry's file is served and what `sys.properties` says about it. */
export interface AssetPlacement {
  uri: string;
  properties: JsonObject;
  isImage: boolean;
}

/** The most files one upload request may carry. */
export const MAX_FILES_PER_UPLOAD = 20;

const MIME_BY_EXTENSION: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  mp4: 'video/mp4',
  webm: 'video/webm',
  pdf: 'application/pdf',
  txt: 'text/plain',
  csv: 'text/csv',
  json: 'application/json',
};

const statements = preparedFor((db) => ({
  insert: db.prepare(
    `INSERT INTO asset_uploads (project_id, file_id, file_name, original_name, mime_type, size, sha256, created)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ),
  get: db.prepare<
    [string, string],
    {
      file_id: string;
      file_name: string;
      original_name: string;
      mime_type: string;
      size: number;
      sha256: string;
    }
  >('SELECT * FROM asset_uploads WHERE project_id = ? AND file_id = ?'),
}));

/**
 * The MIME type of an uploaded file: from its extension when known, else the part's own type,
 * else `application/octet-stream` (the Node client sends every part as octet-stream).
 *
 * @example
 * mimeTypeOf('bridge.JPG', 'application/octet-stream'); // 'image/jpeg'
 */
export function mimeTypeOf(name: string, partType: string): string {
  const extension = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '';
  const known = MIME_BY_EXTENSION[extension];
  if (known) return known;
  const type = partType.split(';')[0]!.trim().toLowerCase();
  return /^[a-z]+\/[a-z0-9.+-]+$/.test(type) && type !== '' ? type : 'application/octet-stream';
}

/**
 * A file name safe for a URI segment: the last path segment of what the client sent, with
 * anything but letters, digits, `.`, `-` and `_` turned into `-`, at most 100 characters.
 *
 * @example
 * cleanFileName('C:\\photos\\Bridge at dusk.jpg'); // 'Bridge-at-dusk.jpg'
 */
export function cleanFileName(name: string): string {
  const last = name.split(/[\\/]/).pop() ?? '';
  const cleaned = last
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[.-]+/, '')
    .slice(-100);
  return cleaned === '' || /^\.+$/.test(cleaned) ? 'file' : cleaned;
}

/**
 * Stores uploaded files under `<data dir>/assets` and records them, returning their
 * `fileId`s in order. The bytes are written first (content-addressed, so a retry rewrites
 * nothing), then the records in one transaction.
 */
export function storeUploads(
  db: Db,
  dataDir: string,
  projectId: string,
  files: readonly UploadedFile[],
  now: string,
): string[] {
  const store = new AssetStore(join(dataDir, ASSETS_DIR));
  const uploads = files.map((file): AssetUpload => {
    const mimeType = mimeTypeOf(file.name, file.type);
    const stored = store.store({ uri: '', mimeType, content: file.bytes });
    const originalName = cleanFileName(file.name);
    const extension = originalName.includes('.')
      ? originalName.slice(originalName.lastIndexOf('.')).toLowerCase()
      : '';
    return {
      fileId: `${randomUUID()}${/^\.[a-z0-9]{1,5}$/.test(extension) ? extension : ''}`,
      fileName: stored.fileName,
      originalName,
      mimeType,
      size: stored.size,
      sha256: stored.sha256,
    };
  });
  db.transaction(() => {
    for (const upload of uploads) {
      statements(db).insert.run(
        projectId,
        upload.fileId,
        upload.fileName,
        upload.originalName,
        upload.mimeType,
        upload.size,
        upload.sha256,
        now,
      );
    }
  })();
  return uploads.map((upload) => upload.fileId);
}

/** An upload of the project by `fileId`, or undefined. */
export function getUpload(db: Db, projectId: string, fileId: string): AssetUpload | undefined {
  const row = statements(db).get.get(projectId, fileId);
  return row
    ? {
        fileId: row.file_id,
        fileName: row.file_name,
        originalName: row.original_name,
        mimeType: row.mime_type,
        size: row.size,
        sha256: row.sha256,
      }
    : undefined;
}

/** The `sysAssetFile` of an entry body, resolved to its upload (422 when malformed or unknown). */
export function uploadOf(db: Db, projectId: string, value: unknown, action: string): AssetUpload {
  const fileId = isPlainObject(value) ? value.fileId : undefined;
  if (typeof fileId !== 'string' || fileId === '' || fileId.length > 200) {
    throw invalid(action, 'sysAssetFile.fileId', 'sysAssetFile.fileId must name a file uploaded to P/assets');
  }
  const upload = getUpload(db, projectId, fileId);
  if (!upload) throw invalid(action, 'sysAssetFile.fileId', `No uploaded file has the id '${fileId}'`);
  return upload;
}

/** The asset library folder a file goes to: `parentNodePath` under the library of its kind. */
export function assetFolder(mimeType: string, parentNodePath: unknown, action: string): string {
  const root = mimeType.startsWith('image/')
    ? '/image-library'
    : mimeType.startsWith('video/')
      ? '/video-library'
      : '/asset-library';
  if (parentNodePath === undefined || parentNodePath === null || parentNodePath === '')
    return `${root}/uploads`;
  if (typeof parentNodePath !== 'string' || parentNodePath.length > 500) {
    throw invalid(
      action,
      'sysAssetFile.parentNodePath',
      'sysAssetFile.parentNodePath must be a path such as /uploads/images',
    );
  }
  const path = `/${parentNodePath.replace(/^\/+|\/+$/g, '')}`;
  return ASSET_ROOTS.some((library) => `${path}/`.startsWith(library))
    ? path.replace(/\/$/, '')
    : `${root}${path}`;
}

/**
 * Attaches an upload to an asset entry: records the file at a free URI in `folder` — the
 * upload's name, numbered `-2`, `-3`, … when taken. A URI is never given new bytes, so a
 * published version keeps serving its file while a draft on top of it has another (the same
 * bytes under the same name for the same entry reuse the URI). Call inside the entry write's
 * transaction.
 */
export function placeAsset(
  db: Db,
  projectId: string,
  entryId: string,
  upload: AssetUpload,
  folder: string,
  action: string,
): AssetPlacement {
  let uri = `${folder}/${upload.originalName}`;
  const problem = assetUriProblem(uri);
  if (problem)
    throw invalid(
      action,
      'sysAssetFile.parentNodePath',
      `The asset path '${uri.slice(0, 200)}' is not acceptable: ${problem}`,
    );
  const existing = getAssetFile(db, uri);
  if (!(existing?.entryId === entryId && existing.sha256 === upload.sha256)) {
    const dot = upload.originalName.lastIndexOf('.');
    const stem = dot > 0 ? upload.originalName.slice(0, dot) : upload.originalName;
    const extension = dot > 0 ? upload.originalName.slice(dot) : '';
    for (let n = 2; getAssetFile(db, uri); n++) uri = `${folder}/${stem}-${n}${extension}`;
    insertAssetFile(db, {
      uri,
      projectId,
      entryId,
      fileName: upload.fileName,
      mimeType: upload.mimeType,
      size: upload.size,
      sha256: upload.sha256,
    });
  }
  const slash = uri.lastIndexOf('/');
  return {
    uri,
    isImage: upload.mimeType.startsWith('image/'),
    properties: {
      filename: uri.slice(slash + 1),
      fileSize: upload.size,
      fileId: upload.fileId,
      filePath: uri.slice(0, slash + 1),
    },
  };
}
