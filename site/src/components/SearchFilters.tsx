import { FilterGroups, type SearchView, selectedChoiceCount, useWords, useWordsMessage } from '@canopy/web';

/** Props of {@link SearchFilters}. */
export interface SearchFiltersProps {
  view: SearchView;
  /** Name of the filters' landmark: "Filter results", "Filter courses". */
  label: string;
  /** Id of the results, where "Skip to results" leads (an element that takes focus). */
  resultsId: string;
}

/**
 * The filters of a search or listing, beside the results on wide screens and above them,
 * folded behind "Filters (2 selected)", on phones. The fold is a `<details>`, so it opens
 * without JavaScript too; the style sheet shows its content and hides its summary from 48 rem
 * up, so wide screens see the filters at once, with no script and no shift once it runs. A
 * "Skip to results" link comes first, so keyboard users need not tab through every filter.
 */
export function SearchFilters({ view, label, resultsId }: SearchFiltersProps) {
  const text = useWords();
  const message = useWordsMessage();
  const filters = Object.values(view.facet.filters);
  if (!filters.some((filter) => filter.renderable !== false)) return null;
  const selected = selectedChoiceCount(filters);
  return (
    <aside className="search-sidebar" aria-label={label}>
      <a className="skip-to-results" href={`#${resultsId}`}>
        {text('Skip to results')}
      </a>
      <details className="search-filters-fold">
        <summary>
          {selected > 0
            ? message('Filters ({count, number} selected)', { count: selected })
            : text('Filters')}
        </summary>
        <FilterGroups view={view} />
      </details>
    </aside>
  );
}
