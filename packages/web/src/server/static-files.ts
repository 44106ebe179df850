import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { negotiate } from '@fastify/accept-negotiator';
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

/** Encodings the build writes copies for, in the server's order of preference. */
const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/**
 * Serves one built file from `root`, or a 404. For text files the build compressed
 * (`precompressDirectory`), the copy the browser accepts is sent (brotli before gzip, by the
 * `Accept-Encoding` weights) with `Vary: Accept-Encoding`, so nothing is compressed per request.
 */
export async function serveStatic(
  root: string,
  relative: string,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const file = resolveStaticPath(root, relative);
  const info = file ? await stat(file).catch(() => null) : null;
  if (!file || !info?.isFile()) {
    return reply.code(404).header('content-type', 'text/plain; charset=utf-8').send('Not Found');
  }
  let sent = file;
  let size = info.size;
  if (PRECOMPRESSED_EXTENSIONS.has(extname(file).toLowerCase())) {
    reply.header('vary', 'accept-encoding');
    const accepted = request.headers['accept-encoding'];
    const encoding = typeof accepted === 'string' ? negotiate(accepted, ['br', 'gzip']) : null;
    const variant = PRECOMPRESSED.find((candidate) => candidate.encoding === encoding);
    const copy = variant ? await stat(`${file}${variant.suffix}`).catch(() => null) : null;
    if (variant && copy?.isFile()) {
      sent = `${file}${variant.suffix}`;
      size = copy.size;
      reply.header('content-encoding', variant.encoding);
    }
  }
  reply
    .header('content-type', mimeType(file))
    .header('content-length', size)
    .header('cache-control', staticCacheControl(relative))
    .header('last-modified', info.mtime.toUTCString());
  if (request.method === 'HEAD') return reply.send();
  return reply.send(createReadStream(sent));
}
