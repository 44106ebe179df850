import {
  FacetTabs,
  LoadMore,
  Pager,
  ResultCount,
  type RouteComponentProps,
  SearchBox,
  SearchForm,
  SearchStatus,
  SortSelect,
  useFacets,
  useWords,
} from '@canopy/web';
import { textField, titleOf } from '../content/fields.js';
import { SORT_LABELS } from '../search.js';
import { PageHeader } from './PageHeader.js';
import { SearchAdvice } from './SearchAdvice.js';
import { SearchFilters } from './SearchFilters.js';
import { SearchNoResults } from './SearchNoResults.js';
import { SearchResultList } from './SearchResults.js';

/**
 * The search page (`/search/{facet}`): the search box, the "Study" and "Everything" tabs with
 * their facets and counts, the facet's filters (folded on phones, after a "Skip to results"
 * link), sorting, featured courses, results and pages. The server renders it complete;
 * without JavaScript the form and links do the same.
 */
export function SearchPage({ entry }: RouteComponentProps) {
  const view = useFacets();
  const text = useWords();
  const title = entry ? titleOf(entry) : text('Search');
  if (!view) return <PageHeader title={title} />;
  const paging = view.facet.queryParams.loadMorePaging ? <LoadMore view={view} /> : <Pager view={view} />;
  return (
    <div className="search-page">
      <PageHeader title={title} lead={textField(entry, 'introduction')} />
      <SearchForm view={view} className="search-page-form" label={text('Search the site')}>
        <SearchBox view={view} label={text('Search for courses, news, events and people')} />
      </SearchForm>
      <FacetTabs view={view} />
      <div className="search-layout">
        <SearchFilters view={view} label={text('Filter results')} resultsId="search-results" />
        <section
          className="search-main"
          id="search-results"
          aria-labelledby="search-results-heading"
          tabIndex={-1}
        >
          <h2 id="search-results-heading" className="visually-hidden">
            {text(view.facet.title)}
          </h2>
          <div className="search-toolbar">
            <ResultCount view={view} />
            <SortSelect view={view} labels={SORT_LABELS} />
          </div>
          <SearchAdvice view={view} />
          <SearchStatus view={view} noResults={<SearchNoResults view={view} />}>
            {view.featured.length > 0 ? (
              <section className="search-featured" aria-labelledby="search-featured-heading">
                <h3 id="search-featured-heading">{text('Featured courses')}</h3>
                <SearchResultList entries={view.featured} />
              </section>
            ) : null}
            <SearchResultList entries={view.results} label={text(view.facet.title)} />
          </SearchStatus>
          {view.isError ? null : paging}
        </section>
      </div>
    </div>
  );
}
