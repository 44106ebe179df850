import {
  Link,
  type RouteComponentProps,
  selectMenuItems,
  useSearchParams,
  useSiteSelector,
} from '@canopy/web';
import { textField, titleOf } from '../content/fields.js';
import { PageHeader } from './PageHeader.js';
import { SearchForm } from './SearchForm.js';

/**
 * The search page. Searching itself comes with the search feature; until then the page keeps
 * its address and form (a GET to `/search?term=…`) and points to the sections to browse.
 */
export function SearchPage({ entry }: RouteComponentProps) {
  const [searchParams] = useSearchParams();
  const sections = useSiteSelector(selectMenuItems).filter((item) => item.path !== '/search');
  const term = searchParams.get('term')?.trim() ?? '';
  return (
    <div className="search-page">
      <PageHeader title={entry ? titleOf(entry) : 'Search'} lead={textField(entry, 'introduction')} />
      <SearchForm defaultTerm={term} />
      {term ? (
        <p className="notice" role="status">
          Search results are not available yet. Until they are, browse the sections below.
        </p>
      ) : null}
      {sections.length ? (
        <section aria-labelledby="browse-sections">
          <h2 id="browse-sections">Browse the site</h2>
          <ul className="link-list link-list-columns">
            {sections.map((item) => (
              <li key={item.path}>
                <Link to={item.path}>{item.title}</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
