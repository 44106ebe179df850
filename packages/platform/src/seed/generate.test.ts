import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { nodePaths, seedProblems } from './demo/check.js';
import { EVENT_CATEGORIES, NEWS_CATEGORIES } from './demo/content-types.js';
import { generateContent, MAX_BODY_WORDS, MIN_BODY_WORDS } from './generate.js';
import type { SeedContent, SeedEntry } from './types.js';

const KINDS = ['course', 'newsArticle', 'event', 'person'];

/** Hash of everything the content holds, with deferred file contents built. */
function fingerprint(content: SeedContent): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify({ ...content, entries: undefined, nodes: undefined }));
  for (const entry of content.entries) {
    const file = entry.asset?.content;
    hash.update(JSON.stringify(entry));
    if (file) hash.update(typeof file === 'function' ? file() : file);
  }
  for (const node of content.nodes) hash.update(JSON.stringify(node));
  return hash.digest('hex');
}

const fields = (entry: SeedEntry) => entry.variations['en-GB']!.fields;

describe('generateContent', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    const a = fingerprint(generateContent({ count: 500, seed: 42 }));
    expect(fingerprint(generateContent({ count: 500, seed: 42 }))).toBe(a);
    expect(fingerprint(generateContent({ count: 500, seed: 43 }))).not.toBe(a);
  });

  it('yields the same items on every pass over its lazy iterables', () => {
    const content = generateContent({ count: 50, seed: 3 });
    expect(Array.isArray(content.entries)).toBe(false);
    expect(Array.isArray(content.nodes)).toBe(false);
    // JSON, because the deferred file builders are fresh closures on every pass.
    expect(JSON.stringify([...content.entries])).toBe(JSON.stringify([...content.entries]));
    expect([...content.nodes]).toEqual([...content.nodes]);
  });

  it('produces exactly `count` content entries, spread over the four kinds, plus a few images', () => {
    for (const count of [0, 1, 7, 10, 1234]) {
      const entries = [...generateContent({ count }).entries];
      expect(
        entries.filter((e) => KINDS.includes(e.contentTypeId)),
        String(count),
      ).toHaveLength(count);
      const images = entries.filter((e) => e.contentTypeId === 'image');
      expect(images.length).toBeGreaterThan(0);
      expect(images.length).toBeLessThanOrEqual(20);
      expect(entries).toHaveLength(count + images.length);
    }
    const counts: Record<string, number> = {};
    for (const entry of generateContent({ count: 1000 }).entries) {
      counts[entry.contentTypeId] = (counts[entry.contentTypeId] ?? 0) + 1;
    }
    expect(counts).toMatchObject({ newsArticle: 400, course: 200, event: 200, person: 200 });
  });

  it('passes every consistency check (links, fields, nodes, taxonomy)', () => {
    expect(seedProblems(generateContent({ count: 2000, seed: 9 }))).toEqual([]);
    expect(seedProblems(generateContent({ count: 3, seed: 9 }))).toEqual([]);
  });

  it('only links back to entries listed earlier', () => {
    const seen = new Set<string>();
    for (const entry of generateContent({ count: 1000, seed: 2 }).entries) {
      for (const [, id] of JSON.stringify(entry.variations).matchAll(/"sys":\{"id":"([^"]+)"/g)) {
        expect(seen.has(id!)).toBe(true);
      }
      seen.add(entry.id);
    }
  });

  it('hangs one node per entry under its section, parents first, with unique slugs', () => {
    const count = 3000;
    const content = generateContent({ count, seed: 5, projectId: 'bench' });
    const nodes = [...content.nodes];
    expect(nodes).toHaveLength(count + 5);
    const seen = new Set<string>();
    for (const node of nodes) {
      if (node.parentId !== null) expect(seen.has(node.parentId)).toBe(true);
      seen.add(node.id);
    }
    const paths = [...nodePaths(content).values()].map((p) => p['en-GB']!);
    expect(new Set(paths).size).toBe(paths.length);
    const sections = new Set(paths.map((p) => p.split('/')[1]));
    expect(sections).toEqual(new Set(['', 'courses', 'news', 'events', 'people']));
    const slugs = nodes.map((n) => n.slug['en-GB']);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(content.project.id).toBe('bench');
  });

  it('writes realistic text and values from small sets, so aggregations have buckets', () => {
    const entries = [...generateContent({ count: 2000, seed: 11 }).entries].filter(
      (e) => e.dataFormat === 'entry',
    );
    for (const entry of entries) {
      const f = fields(entry);
      const body = (f.body ?? f.description ?? f.bio) as string;
      const words = body
        .replace(/<[^>]+>/g, ' ')
        .split(/\s+/)
        .filter(Boolean).length;
      expect(words).toBeGreaterThanOrEqual(MIN_BODY_WORDS);
      expect(words).toBeLessThanOrEqual(MAX_BODY_WORDS);
    }
    const values = (type: string, field: string) =>
      new Set(entries.filter((e) => e.contentTypeId === type).map((e) => fields(e)[field]));
    expect(
      [...values('newsArticle', 'category')].every((c) =>
        (NEWS_CATEGORIES as readonly unknown[]).includes(c),
      ),
    ).toBe(true);
    expect(
      [...values('event', 'category')].every((c) => (EVENT_CATEGORIES as readonly unknown[]).includes(c)),
    ).toBe(true);
    expect(values('course', 'studyLevel').size).toBe(3);
    expect(values('course', 'studyMode').size).toBe(3);
    const years = [...values('newsArticle', 'publishDate')].map((d) => (d as string).slice(0, 4));
    expect(new Set(years).size).toBeGreaterThanOrEqual(3);
    for (const event of entries.filter((e) => e.contentTypeId === 'event')) {
      const { lat, lon } = fields(event).location as { lat: number; lon: number };
      expect(lat > 49.9 && lat < 58.7 && lon > -8.2 && lon < 1.8).toBe(true);
    }
  });

  it('builds its image files on demand as SVG', () => {
    const images = [...generateContent({ count: 0 }).entries];
    for (const image of images) {
      const content = image.asset!.content;
      expect(typeof content).toBe('function');
      const svg = (content as () => string)();
      expect(svg.startsWith('<svg')).toBe(true);
      expect(svg).toContain(`width="${image.asset!.width}"`);
    }
  });

  it('rejects a count that is not a whole number', () => {
    expect(() => generateContent({ count: -1 })).toThrow(RangeError);
    expect(() => generateContent({ count: 2.5 })).toThrow(RangeError);
  });
});
