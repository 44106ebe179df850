import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody, row } from '../../test-support/expectations.js';
import { type RunningPlatform, startDemoPlatform } from '../../test-support/platform-fixture.js';
import { ASSET_CACHE_CONTROL } from './routes.js';

// Resized and re-encoded images from the image library: a seeded SVG, and a seeded file
// replaced by a 1600 × 900 JPEG as an editor uploading a photo would.

let platform: RunningPlatform;
let svg: { uri: string; sha256: string };
let photo: { uri: string };
let damaged: { uri: string };
let text: { uri: string };

const variantsDir = () => join(platform.dataDir, 'assets', 'variants');
const variantFiles = () => {
  try {
    return readdirSync(variantsDir());
  } catch {
    return [];
  }
};

/** Replaces the stored file behind `uri` with `bytes` of `mimeType`, as a re-upload would. */
function replaceFile(uri: string, bytes: Buffer, mimeType: string) {
  const { file_name } = row<{ file_name: string }>(
    platform.db,
    'SELECT file_name FROM asset_files WHERE uri = ?',
    uri,
  );
  writeFileSync(join(platform.dataDir, 'assets', file_name), bytes);
  platform.db
    .prepare('UPDATE asset_files SET mime_type = ?, size = ?, sha256 = ? WHERE uri = ?')
    .run(mimeType, bytes.length, `${'a'.repeat(60)}${uri.length.toString(16).padStart(4, '0')}`, uri);
}

async function image(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${platform.origin}${path}`, { headers });
  const body = Buffer.from(await response.arrayBuffer());
  const meta = response.status === 200 ? await sharp(body).metadata() : null;
  return { response, body, meta };
}

beforeAll(async () => {
  platform = await startDemoPlatform();
  const svgs = platform.db
    .prepare("SELECT uri, sha256 FROM asset_files WHERE mime_type = 'image/svg+xml' ORDER BY uri LIMIT 3")
    .all() as { uri: string; sha256: string }[];
  [svg, photo, damaged] = svgs as [typeof svg, typeof photo, typeof damaged];
  text = row(platform.db, "SELECT uri FROM asset_files WHERE mime_type = 'text/plain' LIMIT 1");
  const jpeg = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#1d6f8a' } })
    .jpeg()
    .toBuffer();
  replaceFile(photo.uri, jpeg, 'image/jpeg');
  replaceFile(damaged.uri, Buffer.from('not really a jpeg at all'), 'image/jpeg');
}, 60_000);

afterAll(async () => {
  await platform?.close();
});

describe('image variants', () => {
  it('renders an SVG at the asked width and format, with caching headers and its own ETag', async () => {
    const { response, meta } = await image(`${svg.uri}?w=300&f=webp`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(meta).toMatchObject({ format: 'webp', width: 300 });
    expect(response.headers.get('cache-control')).toBe(ASSET_CACHE_CONTROL);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const etag = response.headers.get('etag');
    expect(etag).toMatch(new RegExp(`^"${svg.sha256}-w300-f-webp"$`));
    const again = await fetch(`${platform.origin}${svg.uri}?f=webp&w=300`, {
      headers: { 'if-none-match': etag ?? '' },
    });
    expect(again.status).toBe(304);
  });

  it('resizes a photo, keeps its format by default and never enlarges it', async () => {
    const smaller = await image(`${photo.uri}?w=640`);
    expect(smaller.response.headers.get('content-type')).toBe('image/jpeg');
    expect(smaller.meta).toMatchObject({ format: 'jpeg', width: 640, height: 360 });
    const larger = await image(`${photo.uri}?w=4000`);
    expect(larger.meta).toMatchObject({ width: 1600, height: 900 });
    const square = await image(`${photo.uri}?w=320&h=320&fit=cover&f=avif&q=40`);
    expect(square.response.headers.get('content-type')).toBe('image/avif');
    expect(square.meta).toMatchObject({ format: 'heif', width: 320, height: 320 });
    const png = await image(`${photo.uri}?h=90&f=png`);
    expect(png.meta).toMatchObject({ format: 'png', height: 90 });
    // The width follows from the aspect ratio; sharp's shrink-on-load may round it up a pixel.
    expect(png.meta?.width).toBeGreaterThanOrEqual(160);
    expect(png.meta?.width).toBeLessThanOrEqual(161);
  });

  it('answers HEAD with the length and no body', async () => {
    const response = await fetch(`${platform.origin}${photo.uri}?w=200`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(Number(response.headers.get('content-length'))).toBeGreaterThan(0);
    expect((await response.arrayBuffer()).byteLength).toBe(0);
  });

  it('makes a variant once, however many ask at the same time, and keeps it on disk', async () => {
    const before = variantFiles().length;
    const answers = await Promise.all(Array.from({ length: 8 }, () => image(`${photo.uri}?w=480&f=webp`)));
    for (const { response, meta } of answers) {
      expect(response.status).toBe(200);
      expect(meta).toMatchObject({ width: 480, format: 'webp' });
    }
    const files = variantFiles();
    expect(files.length).toBe(before + 1);
    expect(files.some((name) => name.endsWith('.tmp'))).toBe(false);
  });

  it('serves the original when the query asks for no variant', async () => {
    const response = await fetch(`${platform.origin}${svg.uri}?v=2`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
  });

  it.each([
    ['w=0', /w must be a whole number from 1 to 4096/],
    ['w=5000', /w must be a whole number from 1 to 4096/],
    ['q=200', /q must be a whole number from 1 to 100/],
    ['f=tiff', /f must be one of webp, avif, jpeg, png/],
    ['fit=zoom', /fit must be one of/],
    ['w=10&w=20', /w is given more than once/],
  ])('refuses %s with a 400 and writes nothing', async (query, message) => {
    const before = variantFiles().length;
    const response = await fetch(`${platform.origin}${photo.uri}?${query}`);
    expect(response.status).toBe(400);
    expectErrorBody(await response.json(), message);
    expect(variantFiles().length).toBe(before);
  });

  it('refuses variants of files that are not images', async () => {
    const response = await fetch(`${platform.origin}${text.uri}?w=100`);
    expect(response.status).toBe(400);
    expectErrorBody(await response.json(), /Only images have variants/);
  });

  it('answers 422 for a damaged image, and keeps serving others', async () => {
    const response = await fetch(`${platform.origin}${damaged.uri}?w=100`);
    expect(response.status).toBe(422);
    expectErrorBody(await response.json(), /could not be resized/);
    expect(variantFiles().some((name) => name.endsWith('.tmp'))).toBe(false);
    expect((await image(`${photo.uri}?w=100`)).meta).toMatchObject({ width: 100 });
  });

  it('answers 404 for a variant of a missing image', async () => {
    expect((await fetch(`${platform.origin}/image-library/nothing-here.jpg?w=100`)).status).toBe(404);
  });
});
