import { useId } from 'react';
import { useWords } from '../../i18n/use-words.js';
import type { SearchView } from '../hooks.js';

/** Props of {@link SortSelect}. */
export interface SortSelectProps {
  view: SearchView;
  /** Visible names of the facet's `dynamicOrderBy` keys (`''` is relevance), in the default language: shown in the page's (`useWords`). */
  labels: Readonly<Record<string, string>>;
  /** The field's label (default "Sort by", in the page's language). */
  label?: string;
}

/**
 * The sort order (`name="orderBy"`) among the facet's `dynamicOrderBy` keys, the first being
 * the default (`''` as a key means relevance, which only makes sense first). Changing it
 * re-sorts at once with JavaScript; without, the form's button applies it.
 */
export function SortSelect({ view, labels, label }: SortSelectProps) {
  const id = useId();
  const text = useWords();
  const options = view.facet.queryParams.dynamicOrderBy ?? [];
  if (options.length < 2) return null;
  // The first key is the default: it travels as an empty value, so its address has no orderBy.
  const current = view.facet.orderBy && view.facet.orderBy !== options[0] ? view.facet.orderBy : '';
  return (
    <div className="search-sort">
      <label htmlFor={id}>{label ?? text('Sort by')}</label>
      <select
        id={id}
        name="orderBy"
        form={view.formId}
        value={current}
        onChange={(event) => view.setSort(event.target.value || null)}
      >
        {options.map((key, index) => (
          <option key={key} value={index === 0 ? '' : key}>
            {text(labels[key] ?? key)}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" form={view.formId}>
          {text('Sort')}
        </button>
      </noscript>
    </div>
  );
}
