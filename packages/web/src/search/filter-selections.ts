import type { ExpressionJson } from '@canopy/client';
import type { FilterItem } from './config.js';
import type { FilterSelection } from './query-builder.js';
import { defaultValues, selectedKeys } from './search-slice.js';
import type { FacetState } from './search-state.js';

/** The selected items of a filter, taxonomy children included. */
export function selectedItems(items: readonly FilterItem[]): FilterItem[] {
  return items.flatMap((item) => [...(item.isSelected ? [item] : []), ...selectedItems(item.children ?? [])]);
}

/**
 * The selected values and matching rules of a facet's filters. With `withDefaults`, a filter
 * with nothing selected counts as its `defaultKey`, as the address that leaves it out means
 * (a facet the visitor has not opened yet has selected nothing); with `defaultsOnly`, every
 * filter counts as its default, whatever is selected.
 */
export function filterSelections(
  facet: Pick<FacetState, 'filters'>,
  options: { withDefaults?: boolean; defaultsOnly?: boolean } = {},
): Record<string, FilterSelection> {
  const selections: Record<string, FilterSelection> = {};
  for (const [key, filter] of Object.entries(facet.filters)) {
    let items = options.defaultsOnly ? [] : selectedItems(filter.items);
    let values = options.defaultsOnly ? [] : selectedKeys(filter);
    if ((options.withDefaults || options.defaultsOnly) && values.length === 0) {
      values = defaultValues(filter);
      items = filter.items.filter((item) => values.includes(item.key));
    }
    const itemWhere: Record<string, readonly ExpressionJson[]> = {};
    for (const item of items) if (item.where?.length) itemWhere[item.key] = item.where;
    selections[key] = {
      fieldId: filter.fieldId,
      fieldOperator: filter.fieldOperator,
      logicOperator: filter.logicOperator,
      customWhere: filter.customWhere,
      values,
      ...(Object.keys(itemWhere).length > 0 ? { itemWhere } : {}),
      // Hidden filters show no counts, so their aggregation would go unread.
      ...(filter.renderable === false ? { aggregate: false } : {}),
    };
  }
  return selections;
}
