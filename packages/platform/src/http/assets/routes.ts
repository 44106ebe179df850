import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ImageVariants, VARIANT_SOURCE_TYPES, VariantSourceError } from '../../assets/image-variants.js';
import { ASSET_ROOTS, assetUriProblem, STORED_FILE_NAME_PATTERN } from '../../assets/uri.js';
import { parseVariant, type VariantRequest } from '../../assets/variant-params.js';
import { type AssetFileRecord, getAssetFile } from '../../db/assets.js';
import type { Db } from '../../db/open.js';
import { sendError } from '../errors.js';
import { parseRange } from './range.js';

/** Options of {@link registerAssetRoutes}. */
export interface AssetRoutesOptions {
  db: Db;
  /** `<data dir>/assets`. */
  assetsDir: string;
  /** Where resized images are kept (default `<assetsDir>/variants`). */
  variantsDir?: string;
}

/**
 * Asset URIs are not content-hashed (an editor can replace the file behind
 * `/image-library/logo.svg`), so responses may be cached for an hour and then revalidated
 * with the ETag (the file's SHA-256) rather than cached as immutable.
 */
export const ASSET_CACHE_CONTROL = 'public, max-age=3600';

/** A CSP for SVG files: they render as documents when opened directly, so no scripts, no fetches. */
export const SVG_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

/**
 * Serves asset files at their public URIs (`/image-library/*`, `/video-library/*`,
 * `/asset-library/*`), GET and HEAD, without authentication (assets are public, like the
 * hosted platform's). The URI is decoded once and checked before any lookup: encoded slashes
 * or backslashes, dot segments, NUL and other control characters are a 400. Files are found
 * through the database only, under generated names, so no request can name a file outside
 * the assets folder; the resolved path is checked to be inside it anyway.
 *
 * An image URL with `w`, `h`, `f`, `q` or `fit` in its query is answered with a resized or
 * re-encoded variant (see `parseVariant`, `ImageVariants`); a bad value is a 400.
 */
export function registerAssetRoutes(server: FastifyInstance, options: AssetRoutesOptions): void {
  const root = resolve(options.assetsDir);
  const variants = new ImageVariants(options.variantsDir ?? join(root, 'variants'));
  for (const prefix of ASSET_ROOTS) {
    server.route({
      method: ['GET', 'HEAD'],
      url: `${prefix}*`,
      handler: (request, reply) => serveAsset(options.db, root, variants, request, reply),
    });
  }
}

async function serveAsset(
  db: Db,
  root: string,
  variants: ImageVariants,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const [rawPath = '', rawQuery = ''] = (request.raw.url ?? '').split('?', 2);
  const variant = parseVariant(new URLSearchParams(rawQuery));
  if (variant && 'problem' in variant)
    return sendError(reply, 400, `The image variant is not acceptable: ${variant.problem}`);
  if (/%(2f|5c|00)/i.test(rawPath))
    return sendError(reply, 400, 'The asset path contains an encoded slash or NUL');
  let uri: string;
  try {
    uri = decodeURIComponent(rawPath);
  } catch {
    return sendError(reply, 400, 'The asset path contains a malformed percent-encoding');
  }
  // Route matching ignores case; the stored URI keeps the library prefix in lower case.
  const prefix = ASSET_ROOTS.find((candidate) => uri.toLowerCase().startsWith(candidate));
  if (prefix) uri = prefix + uri.slice(prefix.length);
  const problem = assetUriProblem(uri);
  if (problem) return sendError(reply, 400, `The asset path is not acceptable: ${problem}`);

  const file = getAssetFile(db, uri);
  if (!file) return sendError(reply, 404, 'The asset could not be found', { uri });
  const path = filePath(root, file);
  if (!path) {
    request.log.error({ uri }, 'Asset row names a file outside the assets folder');
    return sendError(reply, 404, 'The asset could not be found', { uri });
  }
  let size: number;
  try {
    size = (await stat(path)).size;
  } catch {
    request.log.warn({ uri }, 'Asset file is missing from the assets folder');
    return sendError(reply, 404, 'The asset could not be found', { uri });
  }
  if (variant) return serveVariant(variants, path, file, variant, request, reply);

  const etag = `"${file.sha256}"`;
  reply
    .header('content-type', contentType(file.mimeType))
    .header('etag', etag)
    .header('cache-control', ASSET_CACHE_CONTROL)
    .header('x-content-type-options', 'nosniff')
    .header('accept-ranges', 'bytes');
  if (file.mimeType.toLowerCase() === 'image/svg+xml') {
    reply.header('content-security-policy', SVG_CONTENT_SECURITY_POLICY);
  }
  if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();

  const range = parseRange(request.headers.range, size);
  if (range === 'unsatisfiable') {
    reply.header('content-range', `bytes */${size}`);
    return sendError(reply, 416, `The requested range is outside the file, which has ${size} bytes`);
  }
  const start = range?.start ?? 0;
  const end = range?.end ?? size - 1;
  if (range) reply.code(206).header('content-range', `bytes ${start}-${end}/${size}`);
  reply.header('content-length', String(size === 0 ? 0 : end - start + 1));
  if (request.method === 'HEAD' || size === 0) return reply.send();
  return reply.send(createReadStream(path, { start, end }));
}

async function serveVariant(
  variants: ImageVariants,
  path: string,
  file: AssetFileRecord,
  variant: VariantRequest,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (!VARIANT_SOURCE_TYPES.has(file.mimeType.toLowerCase())) {
    return sendError(reply, 400, `Only images have variants; ${file.uri} is ${file.mimeType}`);
  }
  let made: Awaited<ReturnType<ImageVariants['variant']>>;
  try {
    made = await variants.variant(path, file, variant);
  } catch (error) {
    if (!(error instanceof VariantSourceError)) throw error;
    request.log.warn({ uri: file.uri, error: error.message }, 'Could not make an image variant');
    return sendError(reply, 422, 'The image could not be resized: the stored file is damaged or too large');
  }
  reply
    .header('content-type', made.contentType)
    .header('etag', made.etag)
    .header('cache-control', ASSET_CACHE_CONTROL)
    .header('x-content-type-options', 'nosniff');
  if (matchesEtag(request.headers['if-none-match'], made.etag)) return reply.code(304).send();
  reply.header('content-length', String(made.size));
  if (request.method === 'HEAD') return reply.send();
  return reply.send(createReadStream(made.path));
}

function filePath(root: string, file: AssetFileRecord): string | undefined {
  if (!STORED_FILE_NAME_PATTERN.test(file.fileName)) return undefined;
  const path = resolve(root, file.fileName);
  return path.startsWith(root + sep) ? path : undefined;
}

function contentType(mimeType: string): string {
  const lower = mimeType.toLowerCase();
  const textual = lower.startsWith('text/') || lower === 'image/svg+xml' || lower === 'application/json';
  return textual && !lower.includes('charset') ? `${mimeType}; charset=utf-8` : mimeType;
}

/** Whether an If-None-Match header matches the ETag (`*`, a list, weak forms included). */
export function matchesEtag(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const value = Array.isArray(header) ? header.join(',') : header;
  return value.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}
