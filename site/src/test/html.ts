// Small readers of rendered HTML for assertions (no DOM here: jsdom is not installed).
import { expect } from 'vitest';

/** The heading levels of the HTML, in document order. */
export function headingLevels(html: string): number[] {
  return [...html.matchAll(/<h([1-6])[\s>]/g)].map((match) => Number(match[1]));
}

/** The page has one h1, it comes first, and no heading skips a level on the way down. */
export function expectHeadingOutline(html: string): void {
  const levels = headingLevels(html);
  expect(
    levels.filter((level) => level === 1),
    'one h1',
  ).toHaveLength(1);
  expect(levels[0], 'the h1 comes first').toBe(1);
  levels.forEach((level, index) => {
    const previous = levels[index - 1];
    if (previous !== undefined)
      expect(level, `heading ${index} after h${previous}`).toBeLessThanOrEqual(previous + 1);
  });
}

/** The attributes of every `<img>`, in document order. */
export function images(html: string): Record<string, string>[] {
  return [...html.matchAll(/<img\s([^>]*?)\/?>/g)].map((match) => {
    const attributes: Record<string, string> = {};
    for (const attribute of (match[1] ?? '').matchAll(/([\w-]+)="([^"]*)"/g)) {
      // HTML attribute names are case-insensitive; React writes some in camel case (fetchPriority).
      attributes[(attribute[1] as string).toLowerCase()] = attribute[2] as string;
    }
    return attributes;
  });
}

/** The attributes of the first element with this tag and class (or tag alone), in any order. */
export function element(html: string, tag: string, className?: string): Record<string, string> | null {
  for (const match of html.matchAll(new RegExp(`<${tag}\\s([^>]*?)\\/?>`, 'g'))) {
    const attributes: Record<string, string> = {};
    for (const attribute of (match[1] ?? '').matchAll(/([\w-]+)="([^"]*)"/g)) {
      attributes[(attribute[1] as string).toLowerCase()] = attribute[2] as string;
    }
    if (!className || attributes.class === className) return attributes;
  }
  return null;
}

/** Every image has a size (no layout shift) and an alt attribute; only the first may load eagerly. */
export function expectStableImages(html: string, { hero }: { hero: boolean }): void {
  const found = images(html);
  for (const img of found) {
    expect(img.src, 'through the reverse proxy').toMatch(/^\/image-library\//);
    expect(Number(img.width), `width of ${img.src}`).toBeGreaterThan(0);
    expect(Number(img.height), `height of ${img.src}`).toBeGreaterThan(0);
    expect(img, `alt of ${img.src}`).toHaveProperty('alt');
  }
  found.forEach((img, index) => {
    if (hero && index === 0) {
      expect(img.loading, 'the hero loads at once').toBeUndefined();
      expect(img.fetchpriority).toBe('high');
    } else {
      expect(img.loading, `${img.src} loads lazily`).toBe('lazy');
    }
  });
}
