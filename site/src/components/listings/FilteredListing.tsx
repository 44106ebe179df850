import { type FilterItem, SearchBox, SearchForm, type SearchView, useWords } from '@canopy/web';
import { SearchFilters } from '../SearchFilters.js';
import { ListingResults } from './ListingResults.js';
import type { ListingWords } from './listing-words.js';

/** Id of the listing's results, where "Skip to results" leads. */
const RESULTS_ID = 'listing-results';

/** Props of {@link FilteredListing}. */
export interface FilteredListingProps {
  view: SearchView;
  /** What the listing calls its cards, its headings and its search (`COURSE_WORDS`). */
  words: ListingWords;
  /** No picture above the listing: its first card's picture loads at once (see `ListingResults`). */
  leadPicture?: boolean;
}

/**
 * A listing a visitor can search and filter (courses, people): a GET form with the search
 * box, the listing's filters beside the cards (folded on phones, see {@link SearchFilters}).
 * Without JavaScript the form's button applies the term and the ticked filters; with it,
 * ticking a filter or pausing in the box updates the list and the address at once.
 */
export function FilteredListing({ view, words, leadPicture }: FilteredListingProps) {
  const text = useWords();
  const hasFilters = Object.values(view.facet.filters).some((filter) => filter.renderable !== false);
  const filtered = Boolean(view.term) || hasSelection(view);
  const results = (
    // Out of the tab order, yet "Skip to results" moves keyboard focus here, not just the view.
    <div className="search-main listing-main" id={RESULTS_ID} tabIndex={-1}>
      <ListingResults
        view={view}
        heading={text(filtered && words.matching ? words.matching : words.all)}
        words={words}
        leadPicture={leadPicture}
        empty={words.empty ? <p className="listing-empty">{text(words.empty)}</p> : undefined}
      />
    </div>
  );
  return (
    <section className="section-listing listing-search" aria-labelledby="listing-heading">
      <SearchForm view={view} className="listing-form" label={words.search ? text(words.search) : undefined}>
        <SearchBox view={view} label={words.searchLabel ? text(words.searchLabel) : undefined} />
      </SearchForm>
      {hasFilters ? (
        <div className="search-layout">
          <SearchFilters view={view} label={text(words.filter ?? 'Filter results')} resultsId={RESULTS_ID} />
          {results}
        </div>
      ) : (
        results
      )}
    </section>
  );
}

function hasSelection(view: SearchView): boolean {
  const any = (items: readonly FilterItem[]): boolean =>
    items.some((item) => item.isSelected || any(item.children ?? []));
  return Object.values(view.facet.filters).some((filter) => any(filter.items));
}
