import { type MouseEvent, useEffect, useRef } from 'react';
import { useWords } from '../../i18n/use-words.js';
import { useWordsMessage } from '../../i18n/use-words-message.js';
import type { SearchView } from '../hooks.js';
import { useSiteAddress } from './site-address.js';

/** Props of {@link Pager}. */
export interface PagerProps {
  view: SearchView;
  /** Element id to scroll to after a page change (default `search-results`). */
  scrollTo?: string;
  /** Page links either side of the current page. */
  around?: number;
}

/** Left-clicks without modifier keys are handled in place; others open links as usual. */
function plainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * Page links (they work without JavaScript): previous, numbers around the current page with
 * the first and last, next. With JavaScript a page change scrolls to the results and moves
 * the focus there (the element named by `scrollTo`).
 */
export function Pager({ view, scrollTo = 'search-results', around = 2 }: PagerProps) {
  const address = useSiteAddress();
  const text = useWords();
  const message = useWordsMessage();
  const { pageIndex, pageCount } = view.facet.pagingInfo;
  if (pageCount <= 1) return null;
  const hash = scrollTo ? `#${scrollTo}` : '';
  const go = (page: number) => {
    view.goToPage(page, { hash });
    // Keyboard and screen reader users continue at the top of the new page of results.
    const target = scrollTo ? document.getElementById(scrollTo) : null;
    if (target && target.tabIndex < 0 && !target.hasAttribute('tabindex'))
      target.setAttribute('tabindex', '-1');
    target?.focus({ preventScroll: true });
  };
  const pages = new Set<number>([0, pageCount - 1]);
  for (let page = pageIndex - around; page <= pageIndex + around; page++)
    if (page >= 0 && page < pageCount) pages.add(page);
  const sorted = [...pages].sort((a, b) => a - b);
  const link = (page: number, words: string, rel?: string) => (
    <a
      href={address(view.hrefFor({ pageIndex: page, hash }))}
      rel={rel}
      onClick={(event) => {
        if (!plainClick(event)) return;
        event.preventDefault();
        go(page);
      }}
    >
      {words}
    </a>
  );
  return (
    <nav className="search-pager" aria-label={text('Pages of results')}>
      <ul>
        {pageIndex > 0 ? (
          <li className="search-pager-previous">{link(pageIndex - 1, text('Previous'), 'prev')}</li>
        ) : null}
        {sorted.map((page, index) => (
          <li key={page}>
            {index > 0 && page - (sorted[index - 1] ?? page) > 1 ? (
              <span className="search-pager-gap" aria-hidden="true">
                …{' '}
              </span>
            ) : null}
            {page === pageIndex ? (
              <span aria-current="page">
                <span className="visually-hidden">{`${text('Page')} `}</span>
                {page + 1}
              </span>
            ) : (
              <a
                href={address(view.hrefFor({ pageIndex: page, hash }))}
                aria-label={message('Page {page}', { page: page + 1 })}
                onClick={(event) => {
                  if (!plainClick(event)) return;
                  event.preventDefault();
                  go(page);
                }}
              >
                {page + 1}
              </a>
            )}
          </li>
        ))}
        {pageIndex < pageCount - 1 ? (
          <li className="search-pager-next">{link(pageIndex + 1, text('Next'), 'next')}</li>
        ) : null}
      </ul>
    </nav>
  );
}

/** Props of {@link LoadMore}. */
export interface LoadMoreProps {
  view: SearchView;
  /** The link's words (default "Load more", in the page's language). */
  text?: string;
  /**
   * Id of the list that holds the results: once the next page arrives, the focus moves to
   * the first link of its first new item, so keyboard and screen reader users read on there.
   */
  listId?: string;
}

/**
 * "Load more" for load-more paging: the next page is added below the shown ones and the
 * address names the last page shown (so reloading, back and forward show the same list).
 * It is a link to that address, so without JavaScript it still leads on: the server shows
 * every page up to it.
 */
export function LoadMore({ view, text: linkText, listId }: LoadMoreProps) {
  const address = useSiteAddress();
  const text = useWords();
  const { pageIndex, pageCount } = view.facet.pagingInfo;
  const shown = view.results.length;
  const pending = useRef<number | null>(null);
  useEffect(() => {
    const before = pending.current;
    if (before === null || view.isLoading || shown <= before) return;
    pending.current = null;
    const item = listId ? document.getElementById(listId)?.children.item(before) : null;
    item?.querySelector<HTMLElement>('a[href], button, [tabindex]')?.focus();
  }, [shown, view.isLoading, listId]);
  if (pageIndex >= pageCount - 1) return null;
  return (
    <p className="search-load-more">
      <a
        href={address(view.hrefFor({ pageIndex: pageIndex + 1 }))}
        aria-disabled={view.isLoading || undefined}
        onClick={(event) => {
          if (!plainClick(event)) return;
          event.preventDefault();
          if (view.isLoading) return;
          pending.current = shown;
          view.goToPage(pageIndex + 1);
        }}
      >
        {view.isLoading ? text('Loading…') : (linkText ?? text('Load more'))}
      </a>
    </p>
  );
}
