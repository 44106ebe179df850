import type { ReactNode } from 'react';
import { useWords } from '../../i18n/use-words.js';
import { useWordsMessage } from '../../i18n/use-words-message.js';
import type { SearchView } from '../hooks.js';
import { useSiteAddress } from './site-address.js';

/** Props of {@link ResultCount}. */
export interface ResultCountProps {
  view: SearchView;
  /**
   * The count of the things counted, the default language's message as a catalogue has it
   * (default `'{count, plural, one {# result} other {# results}}'`, the framework's: "0
   * results" in English, "Dim canlyniadau" in Welsh): `'{count, plural, one {# course} other {# courses}}'` in a site's.
   */
  countMessage?: string;
}

const RESULT_COUNT = '{count, plural, one {# result} other {# results}}';

/**
 * How many results there are, in a live region so screen readers hear every update; while
 * a search runs it says so, after an error it says that.
 */
export function ResultCount({ view, countMessage = RESULT_COUNT }: ResultCountProps) {
  const text = useWords();
  const message = useWordsMessage();
  const { totalCount, pageIndex, pageSize } = view.facet.pagingInfo;
  let status: string;
  if (view.isLoading) status = text('Searching…');
  else if (view.isError) status = text('Search is not available right now.');
  else {
    const words = message(countMessage, { count: totalCount });
    const forTerm = view.term ? ` ${message('for “{term}”', { term: view.term })}` : '';
    // Load-more paging shows its loaded pages from the first of them.
    const firstPage = view.facet.queryParams.loadMorePaging
      ? (view.facet.pagingInfo.pagesLoaded[0] ?? pageIndex)
      : pageIndex;
    const first = firstPage * pageSize + 1;
    const last = Math.min(totalCount, first + view.results.length - 1);
    const range =
      totalCount > view.results.length && view.results.length > 0
        ? `, ${message('showing {first, number}–{last, number}', { first, last })}`
        : '';
    status = `${words}${forTerm}${range}`;
  }
  return (
    <p className="search-result-count" role="status" aria-live="polite">
      {status}
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
  const text = useWords();
  if (view.isError) {
    return (
      <div className="search-error" role="alert">
        {error ?? (
          <>
            <p>{text('Sorry, search is not working right now.')}</p>
            <p>
              <a href={address(view.hrefFor())}>{text('Try again')}</a>
            </p>
          </>
        )}
      </div>
    );
  }
  if (!view.isLoading && view.results.length === 0 && view.featured.length === 0) {
    return (
      <div className="search-no-results">
        {noResults ?? <p>{text('Nothing matches your search. Try other words or fewer filters.')}</p>}
      </div>
    );
  }
  return (
    <div className="search-results-area" aria-busy={view.isLoading || undefined}>
      {children}
    </div>
  );
}
