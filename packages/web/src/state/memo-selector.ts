/**
 * A selector over other selectors that computes its result again only when one of their
 * results changed (compared by identity), else returns the same object: what `useSiteSelector`
 * needs of a selector that builds a new array. It keeps one result, as a store's selectors are
 * asked about one state at a time.
 *
 * Reselect's `createSelector` does the same with a cache for many argument sets, and costs about
 * 1 kB gzip: the selectors every page's layout reads (menu, breadcrumbs) use this instead, so
 * reselect only loads with the code that needs it (search).
 *
 * @example
 * const selectMenuItems = memoSelector([selectNavigationRoot], (root) => menuItems(root));
 */
export function memoSelector<const Selectors extends readonly ((state: never) => unknown)[], Result>(
  inputs: Selectors,
  combine: (...values: SelectedValues<Selectors>) => Result,
): (state: Parameters<Selectors[number]>[0]) => Result {
  let last: { values: readonly unknown[]; result: Result } | null = null;
  return (state) => {
    const values = inputs.map((select) => (select as (state: unknown) => unknown)(state));
    if (last && values.every((value, index) => value === last?.values[index])) return last.result;
    const result = combine(...(values as SelectedValues<Selectors>));
    last = { values, result };
    return result;
  };
}

/** What each of a list of selectors returns, in order. */
export type SelectedValues<Selectors extends readonly ((state: never) => unknown)[]> = {
  [K in keyof Selectors]: Selectors[K] extends (state: never) => infer Value ? Value : never;
};
