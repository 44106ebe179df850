import type { Entry } from '@canopy/web';

/**
 * The latest stories without those featured: the search already leaves them out, and this
 * keeps a repeat off the page even when the two lists were loaded apart (an editor featured a
 * story after the latest list was read).
 */
export function latestWithoutFeatured<T extends Entry>(
  latest: readonly T[],
  featured: readonly string[],
): T[] {
  const skip = new Set(featured);
  return latest.filter((entry) => !skip.has(entry.sys.id));
}
