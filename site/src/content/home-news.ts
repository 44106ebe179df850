import type { Entry } from '@canopy/web';

// The home page shows two lists of stories: "In the news" (the articles the editors feature on
// the home page entry) and "Latest news" (the newest articles, searched with the page). A story
// in both would show twice, so the search leaves the featured ones out and its three slots
// fill with the next newest. (Every page's first load carries this module, with the mappings:
// it holds only what the search needs.)

/** Ids of the articles the home page features (`featuredNews`), resolved or not. */
export function featuredNewsIds(entry: Entry | null | undefined): string[] {
  const value = entry?.featuredNews;
  return Array.isArray(value)
    ? value.map((item) => item?.sys?.id).filter((id): id is string => typeof id === 'string' && id !== '')
    : [];
}
