/**
 * Rules for the public URIs of asset files (`/image-library/…`, `/video-library/…`,
 * `/asset-library/…`), shared by the seeder (which refuses bad URIs) and the file server
 * (which refuses bad requests before touching the database or the disk).
 */

/** The path prefixes asset files are served under (contract §9 reverse-proxy paths). */
export const ASSET_ROOTS = ['/image-library/', '/video-library/', '/asset-library/'] as const;

/**
 * Why a decoded asset URI is unacceptable, or undefined when it is fine: it must start with
 * an asset root, have a file name, and contain no empty, `.` or `..` segments, backslashes,
 * control characters (NUL included), `?` or `#`.
 *
 * @example
 * assetUriProblem('/image-library/a/b.svg'); // undefined
 * assetUriProblem('/image-library/../secret'); // 'The path may not contain "." or ".." segments'
 */
export function assetUriProblem(uri: string): string | undefined {
  if (!ASSET_ROOTS.some((root) => uri.startsWith(root))) {
    return `The path must start with one of ${ASSET_ROOTS.join(', ')}`;
  }
  // Control characters (NUL in particular) and backslashes are never part of a stored URI.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(uri)) return 'The path contains characters that are not allowed';
  if (/[?#]/.test(uri)) return 'The path may not contain "?" or "#"';
  const segments = uri.slice(1).split('/');
  if (segments.some((segment) => segment === '.' || segment === '..')) {
    return 'The path may not contain "." or ".." segments';
  }
  if (segments.some((segment) => segment === '')) return 'The path may not contain empty segments';
  if (segments.length < 2) return 'The path names no file';
  return undefined;
}

// Extensions for stored files by MIME type; files are stored under their content hash, and
// the extension only helps a human who looks into the folder.
const extensions: Record<string, string> = {
  'image/svg+xml': '.svg',
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/gif': '.gif',
  'image/webp': '.webp',
  'image/avif': '.avif',
  'video/mp4': '.mp4',
  'video/webm': '.webm',
  'application/pdf': '.pdf',
  'text/plain': '.txt',
  'text/csv': '.csv',
  'application/json': '.json',
};

/**
 * The generated name under which a file with this content hash and type is stored. Names
 * depend only on the bytes, so identical files are stored once and no caller-supplied text
 * ever reaches the file system.
 *
 * @example
 * storedFileName('ab12…', 'image/svg+xml'); // 'ab12….svg'
 */
export function storedFileName(sha256: string, mimeType: string): string {
  return `${sha256}${extensions[mimeType.toLowerCase()] ?? '.bin'}`;
}

/** What {@link storedFileName} produces; anything else in the database is rejected on read. */
export const STORED_FILE_NAME_PATTERN = /^[0-9a-f]{64}\.[a-z0-9]{2,5}$/;
