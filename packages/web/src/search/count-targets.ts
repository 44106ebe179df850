import type { CountTarget } from './facet-counts.js';
import { filterSelections } from './filter-selections.js';
import { baseExpressions, type FilterSelection, filterExpression } from './query-builder.js';
import type { FacetState, SearchState } from './search-state.js';
import { expressionJson, signatureOf } from './where-residual.js';

/** What the counts depend on besides the state. */
export interface CountCall {
  versionStatus: 'published' | 'latest';
  language?: string | null;
}

/** A count target and the key its count is kept under (a short hash of what it counts). */
export interface KeyedTarget extends CountTarget {
  key: string;
}

/** The id of the count of one item of a facet's filter. */
export function itemCountId(facet: string, filter: string, item: string): string {
  return JSON.stringify([facet, filter, item]);
}

/** The content types a facet's entries search covers, or `null` when it cannot say. */
function typesOf(facet: FacetState): string[] | null {
  const params = facet.queryParams;
  if (params.webpageTemplates?.length || params.assetTypes?.length) return null;
  const ids = (params.contentTypeIds ?? []).filter((id) => id.replace(/^!/, '').length > 0);
  const included = ids.filter((id) => !id.startsWith('!'));
  return included.length > 0 ? included : null;
}

function target(
  id: string,
  state: SearchState,
  facet: FacetState,
  filters: Record<string, FilterSelection>,
  call: CountCall,
): KeyedTarget {
  const input = {
    queryParams: facet.queryParams,
    term: facet.queryParams.useSearchTerm === false ? '' : state.term,
    filters,
    versionStatus: call.versionStatus,
    language: call.language,
  };
  const where = baseExpressions(input).map(expressionJson);
  for (const filter of Object.values(filters)) {
    const expression = filterExpression(filter);
    if (expression) where.push(expressionJson(expression));
  }
  const contentTypeIds = typesOf(facet);
  return { id, contentTypeIds, where, key: hashText(JSON.stringify([contentTypeIds, signatureOf(where)])) };
}

/** The count target of one facet as it stands: term, own filters (defaults when none is chosen). */
export function facetCountTarget(
  state: SearchState,
  key: string,
  call: CountCall,
  options: { defaultsOnly?: boolean } = {},
): KeyedTarget | null {
  const facet = state.facets[key];
  if (!facet || facet.customApi) return null;
  return target(key, state, facet, filterSelections(facet, { withDefaults: true, ...options }), call);
}

/**
 * Everything the search page counts: every facet of the platform (its term and its own
 * filters; the current one as it stands by default) and, for the current facet, each item of its shown filters that has its own where
 * clause (the count if the visitor chose that item, the facet's other filters kept). Items of
 * field filters get their counts from the search's aggregations instead. Facets with a custom
 * API are not here: what their API searches is unknown to the site, and counting them would
 * take a call to that API each.
 */
export function countTargets(state: SearchState, call: CountCall): KeyedTarget[] {
  const targets: KeyedTarget[] = [];
  for (const key of Object.keys(state.facets)) {
    // The current facet counts its own results; it is asked as it stands by default, so the
    // counts of a term are one and the same query from every facet and filter choice, which
    // the delivery caches (the server's and the browser's) answer again.
    const facetTarget = facetCountTarget(state, key, call, { defaultsOnly: key === state.currentFacet });
    if (facetTarget) targets.push(facetTarget);
  }
  const current = state.facets[state.currentFacet];
  if (!current || current.customApi) return targets;
  const selections = filterSelections(current, { withDefaults: true });
  for (const [filterKey, filter] of Object.entries(current.filters)) {
    if (filter.renderable === false) continue;
    for (const item of filter.items) {
      if (!item.where?.length) continue;
      const only: FilterSelection = {
        ...(selections[filterKey] as FilterSelection),
        values: [item.key],
        itemWhere: { [item.key]: item.where },
      };
      const id = itemCountId(state.currentFacet, filterKey, item.key);
      targets.push(target(id, state, current, { ...selections, [filterKey]: only }, call));
    }
  }
  return targets;
}

/**
 * A short, stable hash of a text (cyrb53): count keys travel in the page's inline state, so
 * they are kept small.
 */
export function hashText(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}
