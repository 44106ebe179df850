import type { SiteState } from './site-state.js';

/** The slices of the page on screen: the routing state and the slices its route injected. */
export type PageSlices = Partial<SiteState> & { routing: SiteState['routing'] };

/** Slices that belong to the visit, not to one page: never rolled back or held with a page. */
const VISIT_SLICES = new Set(['navigation', 'version', 'user', 'consent']);

/**
 * The part of a state that makes up its page: routing and the slices routes injected (search),
 * not the visit's own slices nor the site's `reducers` (`siteSlices`), which may hold what the
 * visitor did since. Kept when a page is left (`PageSnapshots`), and held on screen while the
 * next page loads (`shownPageStore`).
 */
export function pageSlicesOf(state: SiteState, siteSlices: readonly string[]): PageSlices {
  const page: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(state)) {
    if (!VISIT_SLICES.has(key) && !siteSlices.includes(key)) page[key] = value;
  }
  return page as PageSlices;
}
