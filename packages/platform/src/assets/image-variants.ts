import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { type VariantRequest, variantKey } from './variant-params.js';

// Variants are cached on disk, so sharp's own memory cache would only hold the same pixels twice.
sharp.cache(false);

/** Image types a variant can be made from. */
export const VARIANT_SOURCE_TYPES: ReadonlySet<string> = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/avif',
  'image/gif',
  'image/tiff',
  'image/svg+xml',
]);

/**
 * Largest source picture read, in pixels (width × height): a decompression bomb is refused
 * before it is decoded in full. 50 megapixels covers any camera a site would upload from.
 */
export const MAX_SOURCE_PIXELS = 50_000_000;

/** A variant file ready to send. */
export interface VariantFile {
  path: string;
  contentType: string;
  size: number;
  /** The ETag: the source's hash and the variant's key, so it changes with either. */
  etag: string;
}

/** The variant could not be made from the stored file (it is damaged or too large). */
export class VariantSourceError extends Error {}

const CONTENT_TYPES = {
  webp: 'image/webp',
  avif: 'image/avif',
  jpeg: 'image/jpeg',
  png: 'image/png',
} as const;
type OutputFormat = keyof typeof CONTENT_TYPES;

/**
 * Resized and re-encoded copies of library images, made with sharp on first request and kept
 * in `dir` under the source's SHA-256 and the variant's key: a replaced image has a new hash,
 * so a stale copy is never served and nothing needs purging. Concurrent requests for the same
 * variant share one encoding. A picture is never enlarged (asking for more than it has gives
 * its own size), and turned upright from its EXIF orientation.
 *
 * @example
 * const variants = new ImageVariants('/data/assets/variants');
 * const file = await variants.variant('/data/assets/ab12….jpg', { sha256, mimeType: 'image/jpeg' }, { width: 640, format: 'webp' });
 */
export class ImageVariants {
  private readonly pending = new Map<string, Promise<VariantFile>>();

  constructor(private readonly dir: string) {}

  /** The variant file, made now unless a copy is on disk. */
  variant(sourcePath: string, source: { sha256: string; mimeType: string }, request: VariantRequest) {
    const format = outputFormat(source.mimeType, request.format);
    const name = `${source.sha256}-${variantKey({ ...request, format })}.${format}`;
    const path = join(this.dir, name);
    const file: Omit<VariantFile, 'size'> = {
      path,
      contentType: CONTENT_TYPES[format],
      etag: `"${source.sha256}-${variantKey({ ...request, format })}"`,
    };
    let made = this.pending.get(name);
    if (!made) {
      made = this.make(sourcePath, path, format, request, file).finally(() => this.pending.delete(name));
      this.pending.set(name, made);
    }
    return made;
  }

  private async make(
    sourcePath: string,
    path: string,
    format: OutputFormat,
    request: VariantRequest,
    file: Omit<VariantFile, 'size'>,
  ): Promise<VariantFile> {
    const existing = await stat(path).catch(() => null);
    if (existing) return { ...file, size: existing.size };
    await mkdir(this.dir, { recursive: true });
    // Written beside its final name and renamed, so a crash or a concurrent reader never sees half a file.
    const temporary = `${path}.${process.pid}.${Date.now()}.tmp`;
    try {
      let image = sharp(sourcePath, { limitInputPixels: MAX_SOURCE_PIXELS, failOn: 'error' }).rotate();
      if (request.width !== undefined || request.height !== undefined) {
        image = image.resize({
          width: request.width,
          height: request.height,
          fit: request.fit ?? 'inside',
          withoutEnlargement: true,
        });
      }
      const quality = request.quality !== undefined ? { quality: request.quality } : {};
      await image.toFormat(format, quality).toFile(temporary);
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw new VariantSourceError(error instanceof Error ? error.message : String(error));
    }
    return { ...file, size: (await stat(path)).size };
  }
}

/** What a variant is encoded as: the asked format, else the source's own (SVG and others as PNG). */
function outputFormat(mimeType: string, asked: VariantRequest['format']): OutputFormat {
  if (asked) return asked;
  switch (mimeType.toLowerCase()) {
    case 'image/jpeg':
      return 'jpeg';
    case 'image/webp':
      return 'webp';
    case 'image/avif':
      return 'avif';
    default:
      return 'png';
  }
}
