import { createSelector } from '@reduxjs/toolkit';
import type { SearchState } from './search-state.js';
import { searchHref, selectSearch } from './selectors.js';

/** Where the same search finds something when the current facet finds nothing. */
export interface ResultsElsewhere {
  /** The facet that has results. */
  facet: string;
  /** What to call it: its tab's title when it is the tab's default facet ("Everything"), else its own. */
  title: string;
  /** How many results it has for the term. */
  count: number;
  /** The same search on that facet (term and the facet's own filters kept), first page: a plain link. */
  href: string;
}

/**
 * The facet to point a visitor to when the current one has nothing for their term: of the
 * other facets with a count above zero, the one with the most results, those of other tabs
 * first on a tie (the "Everything" tab when the "Study" tab's courses have nothing), then in
 * configuration order. `null` outside the search page, without a term, or when no other facet
 * has results. The counts are the facets' tab counts for the term (see `loadFacetCounts`), so
 * this says nothing about filters the visitor chose.
 *
 * @example
 * resultsElsewhere(search); // { facet: 'all', title: 'Everything', count: 11, href: '/search/all?term=open+day' }
 */
export function resultsElsewhere(search: SearchState): ResultsElsewhere | null {
  if (search.context !== 'facets' || !search.term) return null;
  const current = search.facets[search.currentFacet];
  if (!current) return null;
  let best: (ResultsElsewhere & { otherTab: boolean }) | null = null;
  for (const [key, facet] of Object.entries(search.facets)) {
    if (key === search.currentFacet || facet.count === null || facet.count <= 0) continue;
    const otherTab = facet.tabId !== current.tabId;
    const better =
      best === null || facet.count > best.count || (facet.count === best.count && otherTab && !best.otherTab);
    if (!better) continue;
    const tab = search.tabs.find((candidate) => candidate.id === facet.tabId);
    best = {
      facet: key,
      title: tab && tab.defaultFacet === key ? tab.title : facet.title,
      count: facet.count,
      href: searchHref(search, { context: 'facets', facet: key }, { pageIndex: 0, hash: '' }),
      otherTab,
    };
  }
  if (!best) return null;
  const { otherTab: _otherTab, ...found } = best;
  return found;
}

/** {@link resultsElsewhere} of the store's search state, memoised on the search slice. */
export const selectResultsElsewhere = createSelector([selectSearch], (search) =>
  search ? resultsElsewhere(search) : null,
);
