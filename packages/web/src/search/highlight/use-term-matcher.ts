import { useMemo } from 'react';
import { useSiteSelector } from '../../state/hooks.js';
import type { SiteState } from '../../state/store-types.js';
import type { FacetState } from '../search-state.js';
import { selectSearch } from '../selectors.js';
import { type TermMatcher, termMatcher } from './matcher.js';

/** The facet of the search page, or the listing, on screen. */
function currentFacet(state: SiteState): FacetState | undefined {
  const search = selectSearch(state);
  if (!search) return undefined;
  return search.context === 'listings'
    ? search.listings[search.currentListing]
    : search.facets[search.currentFacet];
}

/** The term that searched what is on screen: none when its facet ignores the term (`useSearchTerm: false`). */
function selectTerm(state: SiteState): string {
  if (currentFacet(state)?.queryParams.useSearchTerm === false) return '';
  return selectSearch(state)?.term ?? '';
}

/** Whether the facet or listing on screen searches fuzzily. */
function selectFuzzy(state: SiteState): boolean {
  return currentFacet(state)?.queryParams.fuzzySearch ?? false;
}

/** The page's language, whose words a search on it matches (null: the site's default). */
function selectLanguage(state: SiteState): string | null {
  return state.routing.language ?? null;
}

/**
 * The current search term read for highlighting (`termMatcher`), with the fuzziness of the
 * current facet or listing and the page's language (a Welsh page's search matches Welsh
 * mutations), so marks follow what the platform matched; null without a term or when the
 * facet or listing on screen does not search for it.
 *
 * @example
 * const matcher = useTermMatcher();
 * <Highlight text={title} matcher={matcher} />
 */
export function useTermMatcher(): TermMatcher | null {
  const term = useSiteSelector(selectTerm);
  const fuzzy = useSiteSelector(selectFuzzy);
  const language = useSiteSelector(selectLanguage);
  return useMemo(() => {
    const matcher = termMatcher(term, { fuzzy, language });
    return matcher.parts.length > 0 ? matcher : null;
  }, [term, fuzzy, language]);
}
