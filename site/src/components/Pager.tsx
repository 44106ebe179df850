import { Link, useWords, useWordsMessage } from '@canopy/web';
import { pageSearch } from '../content/paging.js';

/** Props of {@link Pager}. */
export interface PagerProps {
  page: number;
  pageCount: number;
  /** The listing's other query parameters (e.g. `?when=past`), kept on every page. */
  search?: string;
}

/**
 * Previous and next links between the pages of a listing. Plain links with the page in the
 * query string, so they work without JavaScript and every page has an address. The landmark's
 * name ("Pages") says what they lead between, in every language.
 */
export function Pager({ page, pageCount, search }: PagerProps) {
  const text = useWords();
  const message = useWordsMessage();
  if (pageCount < 2) return null;
  return (
    <nav aria-label={text('Pages')} className="pager">
      <ul>
        {page > 1 ? (
          <li className="pager-previous">
            <Link to={{ search: pageSearch(page - 1, search) }} rel="prev">
              {text('Previous')}
            </Link>
          </li>
        ) : null}
        <li className="pager-status" aria-current="page">
          {message('Page {page} of {pages}', {
            page,
            pages: pageCount,
          })}
        </li>
        {page < pageCount ? (
          <li className="pager-next">
            <Link to={{ search: pageSearch(page + 1, search) }} rel="next">
              {text('Next')}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
