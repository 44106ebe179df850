import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Tuning of on-the-fly compression (see `SiteServerOptions.compression`). */
export interface CompressionOptions {
  /** Bodies smaller than this many bytes go out as they are (default 1024). */
  thresholdBytes?: number;
  /** Brotli quality for answers compressed per request, 0–11 (default 4: fast, most of the gain). */
  brotliQuality?: number;
}

/**
 * Registers per-request compression (brotli or gzip, by the browser's `Accept-Encoding`) on
 * the site server for pages, JSON and proxied delivery answers. Answers that already carry a
 * `Content-Encoding` (the precompressed static files), partial content, incompressible types
 * (images, video) and bodies under the threshold are left alone; streamed pages stay
 * streamed. `Vary: Accept-Encoding` is added to every compressed answer. Pages set their own
 * weak ETag before this runs (`page-etag.ts`), so both encodings of a page share it.
 *
 * @example
 * await registerCompression(app, { brotliQuality: 5 });
 */
export async function registerCompression(
  app: FastifyInstance,
  options: false | CompressionOptions | undefined,
): Promise<void> {
  if (options === false) return;
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: options?.thresholdBytes ?? 1024,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: options?.brotliQuality ?? 4 } },
  });
}
