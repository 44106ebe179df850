import { useId } from 'react';
import type { SearchView } from '../hooks.js';

/** Props of {@link SortSelect}. */
export interface SortSelectProps {
  view: SearchView;
  /** Visible names of the facet's `dynamicOrderBy` keys (`''` is relevance). */
  labels: Readonly<Record<string, string>>;
  label?: string;
}

/**
 * The sort order (`name="orderBy"`) among the facet's `dynamicOrderBy` keys. Changing it
 * re-sorts at once with JavaScript; without, the form's button applies it.
 */
export function SortSelect({ view, labels, label = 'Sort by' }: SortSelectProps) {
  const id = useId();
  const options = view.facet.queryParams.dynamicOrderBy ?? [];
  if (options.length < 2) return null;
  const current = view.facet.orderBy ?? options[0] ?? '';
  return (
    <div className="search-sort">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name="orderBy"
        form={view.formId}
        value={current}
        onChange={(event) => view.setSort(event.target.value || null)}
      >
        {options.map((key) => (
          <option key={key} value={key}>
            {labels[key] ?? key}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" form={view.formId}>
          Sort
        </button>
      </noscript>
    </div>
  );
}
