import type { FilterItem } from './config.js';
import type { FilterState } from './search-state.js';

/** One choice a filter shows: the item, the count beside it (if it means anything) and, for a taxonomy branch, its shown children. */
export interface FilterChoice {
  item: FilterItem;
  /**
   * How many results choosing it finds, or how many of the results have it when it is
   * selected; `null` when the count is unknown or would not say that (it is then not shown).
   */
  count: number | null;
  /** A taxonomy branch's shown leaves (the branch itself is only their heading). */
  children?: FilterChoice[];
}

/** What {@link filterChoices} reads of a filter. */
export type FilterChoiceInput = Pick<FilterState, 'items' | 'logicOperator' | 'isSingleSelect'>;

/**
 * The items a filter shows, and the counts beside them. An item whose count says choosing it
 * finds nothing is left out, so a search that narrows the results never shows a column of
 * "(0)"; a selected item always stays, so it can be cleared.
 *
 * A count says what choosing an item finds when the item has its own `where` (it is counted
 * as if chosen), when nothing of its filter is selected yet, or when the filter's values must
 * all match (`and`): the search's aggregation then counts the results that have the value.
 * Once an item of an `or` filter (or a single-select one) is selected, the other items'
 * aggregation counts only results that already have a selected value, so their 0 does not
 * mean that choosing them finds nothing: they are shown, without a count. So are the items of
 * a `not` filter, whose choice removes results rather than finding them.
 *
 * @example
 * filterChoices({ items: [{ key: 'a', title: 'A', aggregate: 2 }, { key: 'b', title: 'B', aggregate: 0 }] });
 * // [{ item: { key: 'a', … }, count: 2 }]
 */
export function filterChoices(filter: FilterChoiceInput): FilterChoice[] {
  const anySelected = selectedItems(filter.items).length > 0;
  const logic = filter.logicOperator ?? 'or';
  const countsAsIfChosen = (item: FilterItem): boolean => {
    if (logic === 'not') return false;
    if (item.where?.length) return true;
    return !anySelected || (logic === 'and' && !filter.isSingleSelect);
  };
  const choose = (items: readonly FilterItem[]): FilterChoice[] =>
    items.flatMap((item): FilterChoice[] => {
      if (!item.title) return [];
      const titledChildren = (item.children ?? []).filter((child) => child.title);
      if (titledChildren.length > 0) {
        const children = choose(titledChildren);
        return children.length > 0 ? [{ item, count: null, children }] : [];
      }
      const aggregate = typeof item.aggregate === 'number' ? item.aggregate : null;
      if (item.isSelected) return [{ item, count: aggregate }];
      if (!countsAsIfChosen(item)) return [{ item, count: null }];
      if (aggregate === 0) return [];
      return [{ item, count: aggregate }];
    });
  return choose(filter.items);
}

/**
 * The selected items, taxonomy leaves included. (filter-selections.ts has the same, but
 * importing it would bring the search slice into every page that shows filters.)
 */
function selectedItems(items: readonly FilterItem[]): FilterItem[] {
  return items.flatMap((item) => [...(item.isSelected ? [item] : []), ...selectedItems(item.children ?? [])]);
}

/** How many items of these filters are selected (taxonomy leaves included), for "Filters (2 selected)". */
export function selectedChoiceCount(filters: readonly Pick<FilterState, 'items' | 'renderable'>[]): number {
  return filters
    .filter((filter) => filter.renderable !== false)
    .reduce((sum, filter) => sum + selectedItems(filter.items).filter((item) => item.title).length, 0);
}
