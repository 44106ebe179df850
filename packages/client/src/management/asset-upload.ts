/**
 * Asset file uploads read the file from disk, so they work only in Node.js (contract §7.8).
 * `node:fs/promises` is imported on first use through a computed specifier: bundlers leave it
 * alone, so browser bundles of the client never contain or try to resolve a Node built-in.
 */

/** Whether the code runs in a Node.js process. */
export function isNodeProcess(): boolean {
  const process = (globalThis as { process?: { versions?: { node?: unknown } } }).process;
  return typeof process?.versions?.node === 'string';
}

/** The last segment of a file path, with either separator. */
export function fileNameOf(filePath: string): string {
  return filePath.split(/[\\/]/).pop() || 'file';
}

/**
 * Media types of common web files by extension. A maintained library (`mime`, `mime-types`)
 * would know more, but @canopy/client has no runtime dependencies; the platform stores and
 * serves the type it is sent, so the types a site uploads are what matters here.
 */
const MEDIA_TYPES: Readonly<Record<string, string>> = {
  avif: 'image/avif',
  bmp: 'image/bmp',
  gif: 'image/gif',
  ico: 'image/vnd.microsoft.icon',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  png: 'image/png',
  svg: 'image/svg+xml',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  webp: 'image/webp',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  mp4: 'video/mp4',
  ogv: 'video/ogg',
  webm: 'video/webm',
  m4a: 'audio/mp4',
  mp3: 'audio/mpeg',
  oga: 'audio/ogg',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
  css: 'text/css',
  csv: 'text/csv',
  htm: 'text/html',
  html: 'text/html',
  ics: 'text/calendar',
  js: 'text/javascript',
  md: 'text/markdown',
  txt: 'text/plain',
  vtt: 'text/vtt',
  xml: 'application/xml',
  json: 'application/json',
  pdf: 'application/pdf',
  rtf: 'application/rtf',
  zip: 'application/zip',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  woff: 'font/woff',
  woff2: 'font/woff2',
};

/**
 * The media type of a file from its name's extension (case-insensitive), or
 * `application/octet-stream` when the extension is missing or not a common web type.
 *
 * @example
 * mediaTypeOf('/photos/Bridge.JPG'); // 'image/jpeg'
 * mediaTypeOf('notes.txt'); // 'text/plain'
 */
export function mediaTypeOf(filePath: string): string {
  const name = fileNameOf(filePath);
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  return MEDIA_TYPES[extension] ?? 'application/octet-stream';
}

const FS_MODULE = 'node:fs/promises';

/**
 * The multipart body of an upload: one part named `file` carrying the file's name and media
 * type, as the official Node client sends it.
 */
export async function assetFormData(filePath: string): Promise<FormData> {
  const fs = (await import(/* @vite-ignore */ /* webpackIgnore: true */ FS_MODULE)) as {
    readFile(path: string): Promise<Uint8Array>;
  };
  const bytes = await fs.readFile(filePath);
  const form = new FormData();
  // Copy into a plain ArrayBuffer-backed view: Blob parts may not be shared-memory views.
  form.append(
    'file',
    new Blob([new Uint8Array(bytes)], { type: mediaTypeOf(filePath) }),
    fileNameOf(filePath),
  );
  return form;
}
