import { type SiteState, selectSearch } from '@canopy/web';
import { listsPastEvents } from './events.js';

// Apart from events.ts on purpose: the search selector it reads would otherwise come into the
// first load of every page through the event constants (the search configuration, the home
// and course pages import those), where only the search page's results need it.

/**
 * Whether the search page or listing shown lists past events (for `useSiteSelector`): the
 * results of a search know it without a clock.
 */
export function selectListsPastEvents(state: SiteState): boolean {
  const search = selectSearch(state);
  if (!search) return false;
  const facet =
    search.context === 'facets'
      ? search.facets[search.currentFacet]
      : search.context === 'listings'
        ? search.listings[search.currentListing]
        : undefined;
  return facet ? listsPastEvents({ facet }) : false;
}
