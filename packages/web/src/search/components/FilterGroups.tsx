import { useId } from 'react';
import { useWords } from '../../i18n/use-words.js';
import { useWordsMessage } from '../../i18n/use-words-message.js';
import type { FilterItem } from '../config.js';
import { type FilterChoice, filterChoices } from '../filter-choices.js';
import type { SearchView } from '../hooks.js';
import type { FilterState } from '../search-state.js';
import { useSiteAddress } from './site-address.js';

/** Props of {@link FilterGroups}. */
export interface FilterGroupsProps {
  view: SearchView;
  /** Text of the submit button shown without JavaScript (default "Apply filters", in the page's language). */
  applyText?: string;
}

/**
 * The facet's filters inside the {@link SearchForm}: a fieldset each, checkboxes (radios
 * for single-select filters, a nested list for a taxonomy tree) named by filter and valued
 * by item, so a form submit without JavaScript selects the same values a click does.
 * Filters with `renderable: false` are not shown. Items whose count says choosing them finds
 * nothing are left out (selected ones stay, to be cleared; see {@link filterChoices}), and a
 * filter left with no item is not shown. Titles (the configuration's and the items') are
 * shown in the page's language when its words have them (`useWords`).
 */
export function FilterGroups({ view, applyText }: FilterGroupsProps) {
  const address = useSiteAddress();
  const text = useWords();
  const filters = Object.entries(view.facet.filters).filter(([, filter]) => filter.renderable !== false);
  if (filters.length === 0) return null;
  const anySelected = filters.some(([, filter]) => hasSelection(filter.items));
  return (
    <div className="search-filters">
      {filters.map(([key, filter]) => (
        <FilterGroup key={key} filterKey={key} filter={filter} view={view} />
      ))}
      <noscript>
        <button type="submit" className="search-apply" form={view.formId}>
          {applyText ?? text('Apply filters')}
        </button>
      </noscript>
      {anySelected ? (
        <a
          className="search-clear"
          href={address(view.hrefFor({ filters: {}, pageIndex: 0 }))}
          onClick={(event) => {
            event.preventDefault();
            view.clearFilters();
          }}
        >
          {text('Clear all filters')}
        </a>
      ) : null}
    </div>
  );
}

function hasSelection(items: readonly FilterItem[]): boolean {
  return items.some((item) => item.isSelected || hasSelection(item.children ?? []));
}

function FilterGroup({
  filterKey,
  filter,
  view,
}: {
  filterKey: string;
  filter: FilterState;
  view: SearchView;
}) {
  const id = useId();
  const address = useSiteAddress();
  const text = useWords();
  const titled = filter.items.filter((item) => item.title);
  const choices = filterChoices(filter);
  if (choices.length === 0 && !(titled.length === 0 && filter.isLoading) && !filter.isError) return null;
  return (
    <fieldset className="search-filter" aria-busy={filter.isLoading || undefined}>
      <legend>{text(filter.title)}</legend>
      {filter.isError ? (
        <p className="search-filter-error">{text('These choices could not be loaded.')}</p>
      ) : titled.length === 0 && filter.isLoading ? (
        <p className="search-filter-loading">{text('Loading choices…')}</p>
      ) : (
        <ItemList choices={choices} filterKey={filterKey} filter={filter} view={view} idPrefix={id} />
      )}
      {hasSelection(filter.items) && !filter.isSingleSelect ? (
        <a
          className="search-filter-clear"
          href={address(
            view.hrefFor({ filters: { ...selectedFilters(view), [filterKey]: [] }, pageIndex: 0 }),
          )}
          onClick={(event) => {
            event.preventDefault();
            view.clearFilters(filterKey);
          }}
        >
          {text('Clear')}
          <span className="visually-hidden"> {text(filter.title)}</span>
        </a>
      ) : null}
    </fieldset>
  );
}

function selectedFilters(view: SearchView): Record<string, string[]> {
  const filters: Record<string, string[]> = {};
  for (const [key, filter] of Object.entries(view.facet.filters)) {
    const keys: string[] = [];
    const collect = (items: readonly FilterItem[]) => {
      for (const item of items) {
        if (item.isSelected) keys.push(item.key);
        collect(item.children ?? []);
      }
    };
    collect(filter.items);
    if (keys.length) filters[key] = keys;
  }
  return filters;
}

function ItemList({
  choices,
  filterKey,
  filter,
  view,
  idPrefix,
}: {
  choices: readonly FilterChoice[];
  filterKey: string;
  filter: FilterState;
  view: SearchView;
  idPrefix: string;
}) {
  const text = useWords();
  const message = useWordsMessage();
  return (
    <ul className="search-filter-items">
      {choices.map(({ item, count, children }) => {
        // Named by key, not position: a choice left out must not give its id to another.
        const id = `${idPrefix}-${idPart(item.key)}`;
        if (children) {
          // A taxonomy branch: its leaves are the choices, the branch names the group.
          return (
            <li key={item.key} className="search-filter-branch">
              <span className="search-filter-branch-title" id={id}>
                {text(item.title ?? '')}
              </span>
              <ItemList choices={children} filterKey={filterKey} filter={filter} view={view} idPrefix={id} />
            </li>
          );
        }
        return (
          <li key={item.key}>
            <input
              id={id}
              type={filter.isSingleSelect ? 'radio' : 'checkbox'}
              name={filterKey}
              form={view.formId}
              value={item.key}
              checked={Boolean(item.isSelected)}
              onChange={() => view.toggleFilter(filterKey, item.key)}
            />
            <label htmlFor={id}>
              {text(item.title ?? '')}
              {count === null ? null : (
                <span className="search-count">{` ${message('({count, number})', { count })}`}</span>
              )}
            </label>
          </li>
        );
      })}
    </ul>
  );
}

/** A filter item's key as part of an element id (ids must not hold spaces). */
function idPart(key: string): string {
  return key.replace(/[^\w-]/g, (char) => `_${char.charCodeAt(0).toString(16)}`);
}
