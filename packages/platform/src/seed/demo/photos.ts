import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { SeedAssetFile, SeedContent, SeedEntry } from '../types.js';
import { createRandom } from './random.js';

/** Width of a demo photo in pixels: what a camera or a stock library hands an editor. */
export const DEMO_PHOTO_WIDTH = 2400;

/**
 * Changes whenever the drawing of a photo does, so cached files of an older drawing are not
 * reused (the cache key also holds the picture's SVG and the version of libvips).
 */
const PHOTO_VERSION = 'grain-2';

/** Encoder quality of the photos: a typical camera or export setting. */
const JPEG_QUALITY = 82;

/** Side of the square grain tile laid over each picture. */
const GRAIN_TILE = 256;

/** Options of {@link withDemoPhotos}. */
export interface DemoPhotoOptions {
  /**
   * Where finished photos are kept between runs, by content hash (default: a folder in the
   * system's temporary directory). Drawing the demo's photos takes seconds; reading them back
   * takes milliseconds.
   */
  cacheDir?: string;
}

/**
 * The demo content with its landscape pictures (course, news, event and page banners) as
 * photo-sized JPEG originals instead of small SVG drawings: each drawing rendered
 * {@link DEMO_PHOTO_WIDTH} pixels wide under a film grain, so it weighs what a photograph does
 * (about half a megabyte) and the image library's resized variants make the difference they make
 * on a real site. The portraits stay SVG silhouettes. Deterministic: the same content gives
 * the same bytes (with the same sharp), which are cached on disk.
 *
 * @example
 * const content = await withDemoPhotos(demoContent());
 * loadSeedContent(db, content, { dataDir });
 */
export async function withDemoPhotos(
  content: SeedContent,
  options: DemoPhotoOptions = {},
): Promise<SeedContent> {
  const cacheDir = options.cacheDir ?? join(tmpdir(), 'canopy-demo-photos');
  mkdirSync(cacheDir, { recursive: true });
  const entries = [...content.entries];
  const banners = entries.flatMap((entry, index) => (isBanner(entry) ? [index] : []));
  // Two at a time: sharp works on threads of its own, and seeding shares the machine.
  for (let from = 0; from < banners.length; from += 2) {
    await Promise.all(
      banners.slice(from, from + 2).map(async (index) => {
        const entry = entries[index] as SeedEntry & { asset: SeedAssetFile };
        entries[index] = { ...entry, asset: await photoOf(entry.asset, cacheDir) };
      }),
    );
  }
  return { ...content, entries };
}

/** A landscape SVG drawing of the image library (the portraits are square). */
function isBanner(entry: SeedEntry): entry is SeedEntry & { asset: SeedAssetFile } {
  const asset = entry.asset;
  return (
    entry.contentTypeId === 'image' &&
    asset?.mimeType === 'image/svg+xml' &&
    typeof asset.width === 'number' &&
    typeof asset.height === 'number' &&
    asset.width > asset.height
  );
}

async function photoOf(asset: SeedAssetFile, cacheDir: string): Promise<SeedAssetFile> {
  const svg = typeof asset.content === 'function' ? asset.content() : asset.content;
  const width = DEMO_PHOTO_WIDTH;
  const height = Math.round((DEMO_PHOTO_WIDTH * (asset.height ?? 1)) / (asset.width ?? 1));
  const key = createHash('sha256')
    .update(`${PHOTO_VERSION}\n${sharp.versions.vips}\n${width}x${height}\n`)
    .update(svg)
    .digest('hex');
  const cached = join(cacheDir, `${key}.jpg`);
  let jpeg: Buffer;
  try {
    jpeg = readFileSync(cached);
  } catch {
    jpeg = await sharp(Buffer.from(svg))
      .resize(width, height)
      .composite([{ input: await grainTile(), tile: true, blend: 'soft-light' }])
      .jpeg({ quality: JPEG_QUALITY })
      .toBuffer();
    // Written whole under a temporary name, then renamed: a parallel seed never reads half a file.
    const partial = `${cached}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    writeFileSync(partial, jpeg);
    renameSync(partial, cached);
  }
  return {
    uri: asset.uri.replace(/\.svg$/, '.jpg'),
    mimeType: 'image/jpeg',
    content: jpeg,
    width,
    height,
  };
}

let grain: Promise<Buffer> | null = null;

/**
 * A tile of grey noise (sums of three uniform draws, so roughly Gaussian) from a fixed seed:
 * laid over a drawing with soft light it gives the texture a photograph has, which is also
 * what makes a photograph weigh what it does as a JPEG.
 */
function grainTile(): Promise<Buffer> {
  grain ??= (() => {
    const random = createRandom(2400);
    const pixels = Buffer.alloc(GRAIN_TILE * GRAIN_TILE);
    for (let i = 0; i < pixels.length; i++) {
      const noise = random.next() + random.next() + random.next() - 1.5;
      pixels[i] = Math.max(0, Math.min(255, Math.round(128 + noise * 30)));
    }
    return sharp(pixels, { raw: { width: GRAIN_TILE, height: GRAIN_TILE, channels: 1 } })
      .toColourspace('srgb')
      .png()
      .toBuffer();
  })();
  return grain;
}
