/**
 * The browser's half of the search slice's inline trimming (`trimInlineSearch` is the
 * server's): filter items written compactly are put back as the server had them. It comes
 * with the search slice's code, so no page without search carries it.
 */

/** A JSON object of the inline state. */
type Json = Record<string, unknown>;

/** The member of a filter that holds its items written compactly (instead of `items`). */
export const COMPACT_ITEMS = '$items';

/**
 * A filter's items as the inline state writes them: `list` holds each item without the members
 * that follow from where it is (see {@link restoreInlineSearch}); `type` is the top level's
 * type and `root` the taxonomy path above the top level, when they are shared.
 */
export interface CompactItems {
  list: Json[];
  type?: string;
  root?: string;
}

/** The key of a result's member that is the same member of an earlier result (by its index). */
export const SAME_AS_HIT = '$sameAsHit';

/** What an item's count is when the compact form leaves it out: its bucket, else 0. */
export function bucketCount(buckets: Record<string, number>, key: string): number {
  return buckets[key] ?? buckets[key.toLowerCase()] ?? 0;
}

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The search slice of an inline state as the server had it: a result's member written as
 * {@link SAME_AS_HIT} is the same member of the earlier result it names, and every filter written with
 * {@link COMPACT_ITEMS} gets its `items` back. A member left out of an item is put back from
 * where the item is: its key is its parent's key and its place (`0/1/3` → `0/1/3/2`), its type
 * and taxonomy path its parent's (`…/Marine Biology` under `…/Life and Environmental Sciences`),
 * `isSelected` false, `aggregate` its bucket's count (0 without one) when the filter has buckets;
 * a member written as `null` was absent. The slice is changed in place and returned; a slice
 * without compact items (`?redux=true`) comes back as it is.
 *
 * @example
 * restoreInlineSearch({ facets: { courses: { filters: { subject: { buckets: { '0/1/3/1': 3 }, $items: { root: 'Root/Subjects', type: 'taxonomy', list: [{ key: '0/1/3', title: 'Life', children: [{ title: 'Marine Biology' }] }] } } } } } });
 * // …subject.items[0].children[0]: { key: '0/1/3/1', type: 'taxonomy', title: 'Marine Biology', path: 'Root/Subjects/Life/Marine Biology', isSelected: false, aggregate: 3 }
 */
export function restoreInlineSearch<T>(slice: T): T {
  if (!isRecord(slice)) return slice;
  for (const group of [slice.facets, slice.listings]) {
    if (!isRecord(group)) continue;
    for (const facet of Object.values(group)) {
      if (!isRecord(facet)) continue;
      if (isRecord(facet.entries) && Array.isArray(facet.entries.items)) restoreHits(facet.entries.items);
      if (!isRecord(facet.filters)) continue;
      for (const filter of Object.values(facet.filters)) {
        if (!isRecord(filter) || !isRecord(filter[COMPACT_ITEMS])) continue;
        const compact = filter[COMPACT_ITEMS] as unknown as CompactItems;
        const buckets = isRecord(filter.buckets) ? (filter.buckets as Record<string, number>) : null;
        filter.items = restoreItems(compact.list, null, compact.root ?? null, compact.type ?? null, buckets);
        delete filter[COMPACT_ITEMS];
      }
    }
  }
  return slice;
}

/** Each result's members written as {@link SAME_AS_HIT} made the earlier result's member again. */
function restoreHits(items: unknown[]): void {
  for (const entry of items) {
    if (!isRecord(entry)) continue;
    for (const [member, value] of Object.entries(entry)) {
      if (!isRecord(value) || typeof value[SAME_AS_HIT] !== 'number' || Object.keys(value).length !== 1)
        continue;
      const earlier = items[value[SAME_AS_HIT]];
      if (isRecord(earlier)) entry[member] = earlier[member];
    }
  }
}

function restoreItems(
  list: readonly Json[],
  parentKey: string | null,
  parentPath: string | null,
  type: string | null,
  buckets: Record<string, number> | null,
): Json[] {
  return list.map((compact, index) => {
    const item: Json = { ...compact };
    if (!('key' in item) && parentKey !== null) item.key = `${parentKey}/${index + 1}`;
    if (!('type' in item) && type !== null) item.type = type;
    if (!('path' in item) && parentPath !== null && typeof item.title === 'string')
      item.path = `${parentPath}/${item.title}`;
    if (!('isSelected' in item)) item.isSelected = false;
    if (!('aggregate' in item) && buckets && typeof item.key === 'string')
      item.aggregate = bucketCount(buckets, item.key);
    for (const member of ['type', 'path', 'isSelected', 'aggregate'])
      if (item[member] === null) delete item[member];
    if (Array.isArray(item.children))
      item.children = restoreItems(
        item.children as Json[],
        typeof item.key === 'string' ? item.key : null,
        typeof item.path === 'string' ? item.path : null,
        typeof item.type === 'string' ? item.type : null,
        buckets,
      );
    return item;
  });
}
