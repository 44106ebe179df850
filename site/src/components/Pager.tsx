import { Link } from '@canopy/web';

/** Props of {@link Pager}. */
export interface PagerProps {
  page: number;
  pageCount: number;
}

/** The query string of a page: none for the first, so it has one address. */
export const pageSearch = (page: number) => (page > 1 ? `?page=${page}` : '');

/**
 * Previous and next links between the pages of a listing. Plain links with the page in the
 * query string, so they work without JavaScript and every page has an address.
 */
export function Pager({ page, pageCount }: PagerProps) {
  if (pageCount < 2) return null;
  return (
    <nav aria-label="Pages" className="pager">
      <ul>
        {page > 1 ? (
          <li className="pager-previous">
            <Link to={{ search: pageSearch(page - 1) }} rel="prev">
              Previous<span className="visually-hidden"> page</span>
            </Link>
          </li>
        ) : null}
        <li className="pager-status" aria-current="page">{`Page ${page} of ${pageCount}`}</li>
        {page < pageCount ? (
          <li className="pager-next">
            <Link to={{ search: pageSearch(page + 1) }} rel="next">
              Next<span className="visually-hidden"> page</span>
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
