import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { SeedContent } from '../types.js';
import { demoContent } from './index.js';
import { DEMO_PHOTO_WIDTH, withDemoPhotos } from './photos.js';

const cacheDir = mkdtempSync(join(tmpdir(), 'canopy-photos-test-'));
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

const demo = demoContent({ today: '2026-09-01' });
const demoEntries = [...demo.entries];
const images = demoEntries.filter((entry) => entry.contentTypeId === 'image');
const banner = images.find((entry) => entry.asset?.uri === '/image-library/pages/home.svg');
const portrait = images.find((entry) => entry.asset?.uri.startsWith('/image-library/people/'));
// Two pictures and one other entry: drawing all forty banners would take the test seconds.
const small: SeedContent = {
  ...demo,
  entries: [banner!, portrait!, demoEntries.find((entry) => entry.contentTypeId === 'course')!],
};

const bytesOf = (content: SeedContent, index: number) => {
  const file = [...content.entries][index]?.asset?.content;
  if (!(file instanceof Uint8Array)) throw new Error('expected bytes');
  return Buffer.from(file);
};

describe('withDemoPhotos', () => {
  it('turns the landscape drawings into photo-sized JPEGs and leaves the rest alone', async () => {
    const content = await withDemoPhotos(small, { cacheDir });
    const [photo, silhouette, course] = [...content.entries];
    expect(photo?.asset).toMatchObject({
      uri: '/image-library/pages/home.jpg',
      mimeType: 'image/jpeg',
      width: DEMO_PHOTO_WIDTH,
      height: 1350,
    });
    const jpeg = bytesOf(content, 0);
    const metadata = await sharp(jpeg).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 2400, height: 1350 });
    // The grain makes it weigh what a photograph does, not what a flat drawing compresses to.
    expect(jpeg.length).toBeGreaterThan(300_000);
    expect(silhouette).toBe(portrait);
    expect(course).toBe([...small.entries][2]);
    // The entry keeps its id and fields: links to it still resolve.
    expect(photo?.id).toBe(banner?.id);
    expect(photo?.variations).toEqual(banner?.variations);
    expect([...small.entries][0]?.asset?.mimeType).toBe('image/svg+xml');
  }, 60_000);

  it('draws the same bytes every time, from the cache when it has them', async () => {
    const first = bytesOf(await withDemoPhotos(small, { cacheDir }), 0);
    const cached = readdirSync(cacheDir).filter((name) => name.endsWith('.jpg'));
    expect(cached).toHaveLength(1);
    const fresh = mkdtempSync(join(tmpdir(), 'canopy-photos-fresh-'));
    try {
      expect(bytesOf(await withDemoPhotos(small, { cacheDir: fresh }), 0).equals(first)).toBe(true);
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
    // What the cache holds is what is seeded (here a marker, to show it is read, not redrawn).
    writeFileSync(join(cacheDir, cached[0]!), 'cached');
    expect(bytesOf(await withDemoPhotos(small, { cacheDir }), 0).toString()).toBe('cached');
  }, 60_000);
});
