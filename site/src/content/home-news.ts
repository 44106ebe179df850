import type { Entry } from '@canopy/web';

// The home page shows two lists of stories: "In the news" (the articles the editors feature on
// the home page entry) and "Latest news" (the newest articles, searched with the page). A story
// in both would show twice, so the search leaves the featured ones out and its three slots
// fill with the next newest.

/** Ids of the articles the home page features (`featuredNews`), resolved or not. */
export function featuredNewsIds(entry: Entry | null | undefined): string[] {
  const value = entry?.featuredNews;
  if (!Array.isArray(value)) return [];
  const ids = value
    .map((item) => (item && typeof item === 'object' ? (item as Entry).sys?.id : undefined))
    .filter((id): id is string => typeof id === 'string' && id.length > 0);
  return [...new Set(ids)];
}

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
