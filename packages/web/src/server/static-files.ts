import { stat } from 'node:fs/promises';
import { extname, relative as relativePath, resolve, sep } from 'node:path';
import '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PRECOMPRESSED_EXTENSIONS } from '../build/precompress.js';

const MIME_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.webmanifest': 'application/manifest+json',
};

/** Content type of a file by extension. */
export function mimeType(path: string): string {
  return MIME_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Caching of a built file: hashed assets (`assets/…`) never change under their name, so
 * browsers and CDNs may keep them for a year; other public files for an hour.
 */
export function staticCacheControl(relativePath: string): string {
  return relativePath.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600';
}

/**
 * The file a URL path names inside `root`, or `null` when it would leave the folder, names a
 * hidden file (the build manifest lives in `.vite/`), or is malformed.
 *
 * @example
 * resolveStaticPath('/srv/dist/client', 'assets/app-1a2b.js'); // '/srv/dist/client/assets/app-1a2b.js'
 * resolveStaticPath('/srv/dist/client', '../server/entry.js'); // null
 */
export function resolveStaticPath(root: string, relative: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(relative);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const segments = decoded.split('/');
  if (segments.some((segment) => segment === '..' || segment.startsWith('.'))) return null;
  const base = resolve(root);
  const file = resolve(base, ...segments.filter(Boolean));
  return file.startsWith(base + sep) ? file : null;
}

/**
 * Options of `@fastify/static` as the site server registers it: no routes of its own (the
 * site's `/static/*` route calls `reply.sendFile` after its own checks), the build's brotli and
 * gzip copies served when the browser accepts them, ETag and Last-Modified for revalidation,
 * dotfiles refused, and Cache-Control set by {@link serveStatic}.
 */
export const STATIC_PLUGIN_OPTIONS = {
  serve: false,
  preCompressed: true,
  dotfiles: 'deny',
  cacheControl: false,
  etag: true,
  lastModified: true,
  acceptRanges: true,
} as const;

/**
 * Serves one built file from `root`, or a 404, through `@fastify/static` (registered with
 * {@link STATIC_PLUGIN_OPTIONS}). For text files the build compressed (`precompressDirectory`),
 * the copy the browser accepts is sent (brotli before gzip) with `Vary: Accept-Encoding`, so
 * nothing is compressed per request. Paths that leave the folder or name hidden files (the
 * build manifest lives in `.vite/`) are a 404 before the library sees them.
 */
export async function serveStatic(
  root: string,
  relative: string,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const file = resolveStaticPath(root, relative);
  const info = file ? await stat(file).catch(() => null) : null;
  if (!file || !info?.isFile()) {
    return reply.code(404).header('content-type', 'text/plain; charset=utf-8').send('Not Found');
  }
  if (PRECOMPRESSED_EXTENSIONS.has(extname(file).toLowerCase())) reply.header('vary', 'accept-encoding');
  reply.header('cache-control', staticCacheControl(relative)).header('content-type', mimeType(file));
  // Handed over relative to `root`, as the library resolves and checks it again itself.
  return reply.sendFile(relativePath(resolve(root), file).split(sep).join('/'), resolve(root));
}

/**
 * The `onSend` hook of the static route: the file's type by this server's table, which says
 * `text/javascript` for scripts (RFC 9239) where the library's says `application/javascript`,
 * also for the brotli and gzip copies.
 */
export async function staticContentType(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (reply.statusCode === 200 || reply.statusCode === 206) {
    reply.header('content-type', mimeType(request.url.split('?')[0] ?? ''));
  }
  return payload;
}
