import type { ReactNode } from 'react';
import type { SearchView } from '../hooks.js';
import { useSiteAddress } from './site-address.js';

/** Props of {@link ResultCount}. */
export interface ResultCountProps {
  view: SearchView;
  /** Words for the things counted (default `result`/`results`). */
  noun?: [singular: string, plural: string];
}

/**
 * How many results there are, in a live region so screen readers hear every update; while
 * a search runs it says so, after an error it says that.
 */
export function ResultCount({ view, noun = ['result', 'results'] }: ResultCountProps) {
  const { totalCount, pageIndex, pageSize } = view.facet.pagingInfo;
  let text: string;
  if (view.isLoading) text = 'Searching…';
  else if (view.isError) text = 'Search is not available right now.';
  else {
    const words = `${totalCount.toLocaleString('en-GB')} ${totalCount === 1 ? noun[0] : noun[1]}`;
    const forTerm = view.term ? ` for “${view.term}”` : '';
    // Load-more paging shows its loaded pages from the first of them.
    const firstPage = view.facet.queryParams.loadMorePaging
      ? (view.facet.pagingInfo.pagesLoaded[0] ?? pageIndex)
      : pageIndex;
    const first = firstPage * pageSize + 1;
    const last = Math.min(totalCount, first + view.results.length - 1);
    const range =
      totalCount > view.results.length && view.results.length > 0 ? `, showing ${first}–${last}` : '';
    text = `${words}${forTerm}${range}`;
  }
  return (
    <p className="search-result-count" role="status" aria-live="polite">
      {text}
    </p>
  );
}

/** Props of {@link SearchStatus}. */
export interface SearchStatusProps {
  view: SearchView;
  /** Shown when the search found nothing. */
  noResults?: ReactNode;
  /** Shown when the search failed. */
  error?: ReactNode;
  children?: ReactNode;
}

/**
 * The results area: an error message with a way to try again, the no-results message, or the
 * children (the results), marked busy while a search runs.
 */
export function SearchStatus({ view, noResults, error, children }: SearchStatusProps) {
  const address = useSiteAddress();
  if (view.isError) {
    return (
      <div className="search-error" role="alert">
        {error ?? (
          <>
            <p>Sorry, search is not working right now.</p>
            <p>
              <a href={address(view.hrefFor())}>Try again</a>
            </p>
          </>
        )}
      </div>
    );
  }
  if (!view.isLoading && view.results.length === 0 && view.featured.length === 0) {
    return (
      <div className="search-no-results">
        {noResults ?? <p>Nothing matches your search. Try other words or fewer filters.</p>}
      </div>
    );
  }
  return (
    <div className="search-results-area" aria-busy={view.isLoading || undefined}>
      {children}
    </div>
  );
}
