import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Tuning of on-the-fly compression (see `SiteServerOptions.compression`). */
export interface CompressionOptions {
  /** Bodies smaller than this many bytes go out as they are (default 1024). */
  thresholdBytes?: number;
  /** Brotli quality for answers compressed per request, 0–11 (default {@link DEFAULT_BROTLI_QUALITY}). */
  brotliQuality?: number;
  /**
   * Whole bodies (a page rendered in one pass, JSON) up to this many bytes are compressed in
   * one synchronous call; larger ones, and streams, go through a compression stream on
   * libuv's thread pool (default {@link DEFAULT_SYNC_COMPRESSION_BYTES}; 0 streams everything).
   */
  syncThresholdBytes?: number;
}

/**
 * Bodies up to 64 KiB are compressed in one call on the event loop. A compression stream
 * hands each chunk to the thread pool and back, and that round trip cost more than the
 * compression itself: measured on the search page (29 KB, gzip), 4–5 ms from `send` to the
 * last byte through the stream against 2 ms in one call (docs/BENCHMARKS.md, "Search").
 * The thread pool only pays off with idle cores, and a site runs one worker per core.
 * (`@fastify/compress` would pick 8 KiB on a 2-core host and 4 KiB on wider ones.)
 */
export const DEFAULT_SYNC_COMPRESSION_BYTES = 64 * 1024;

/**
 * Brotli quality 3 for answers compressed as they are sent. Measured on the demo home page
 * (30 kB of HTML): quality 3 takes 0.34 ms and gives 6.8 kB, quality 4 0.76 ms and 6.4 kB. Under
 * load, compressing pages was the largest part of the site's CPU time (docs/BENCHMARKS.md,
 * "Scale-out"), so the 6 % in bytes buys more than twice the pages per core.
 */
export const DEFAULT_BROTLI_QUALITY = 3;

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
    syncThreshold: options?.syncThresholdBytes ?? DEFAULT_SYNC_COMPRESSION_BYTES,
    brotliOptions: {
      params: { [constants.BROTLI_PARAM_QUALITY]: options?.brotliQuality ?? DEFAULT_BROTLI_QUALITY },
    },
  });
}
