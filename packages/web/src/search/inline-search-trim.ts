import { termMatcher } from './highlight/matcher.js';
import { bestTextIndex, plainText } from './highlight/snippet.js';
import { bucketCount, COMPACT_ITEMS, type CompactItems, SAME_AS_HIT } from './inline-search-restore.js';
import type { FacetState, SearchState } from './search-state.js';

/** A JSON object of the inline state. */
type Json = Record<string, unknown>;

/** What {@link trimInlineSearch} reads of the page's whole state. */
export interface InlineSearchSource {
  search?: SearchState | null;
  routing: { language?: string | null };
}

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A page's lean state (see `leanState`) with its search slice lighter for the browser:
 *
 * - each filter's items written compactly under {@link COMPACT_ITEMS} (a taxonomy tree
 *   repeated its keys, type and paths in every item, and every item's count was its bucket's
 *   count a second time), which `restoreInlineSearch` puts back as they were;
 * - of each result, the fields its facet names in `queryParams.snippetFields` left out when
 *   the page does not show them: they are the text a snippet is taken from only when it
 *   matches more of the term than the result's `entryDescription` (`bestSnippet` prefers the
 *   summary on a tie), so a result whose snippet is its summary renders the same without them.
 *
 * `?redux=true` answers the whole state; this is only for the inline state. The state is not
 * changed; what is trimmed is copied.
 *
 * @example
 * trimInlineSearch(leanState(state, initial), state).search.facets.courses.filters.subject;
 * // { buckets, $items: { type: 'taxonomy', root: 'Root/Subjects', list: [{ key: '0/1/1', title: 'Arts', children: [{ title: 'History' }] }] } }
 */
export function trimInlineSearch(lean: Json, source: InlineSearchSource): Json {
  const search = lean.search;
  const whole = source.search;
  if (!isRecord(search) || !whole) return lean;
  const trimmed: Json = { ...search };
  for (const group of ['facets', 'listings'] as const) {
    const facets = search[group];
    if (!isRecord(facets)) continue;
    const copy: Json = {};
    for (const [key, facet] of Object.entries(facets)) {
      const wholeFacet = whole[group]?.[key];
      copy[key] = isRecord(facet) && wholeFacet ? trimFacet(facet, wholeFacet, whole.term, source) : facet;
    }
    trimmed[group] = copy;
  }
  return { ...lean, search: trimmed };
}

function trimFacet(facet: Json, whole: FacetState, term: string, source: InlineSearchSource): Json {
  const trimmed: Json = { ...facet };
  if (isRecord(facet.filters)) {
    const filters: Json = {};
    for (const [key, filter] of Object.entries(facet.filters))
      filters[key] = isRecord(filter) && Array.isArray(filter.items) ? compactFilter(filter) : filter;
    trimmed.filters = filters;
  }
  const snippetFields = whole.queryParams.snippetFields ?? [];
  if (snippetFields.length > 0 && isRecord(facet.entries) && Array.isArray(facet.entries.items)) {
    // The words the page marks, as `useTermMatcher` reads them for this facet.
    const searched = whole.queryParams.useSearchTerm === false ? '' : term;
    const matcher = termMatcher(searched, {
      fuzzy: whole.queryParams.fuzzySearch ?? false,
      language: source.routing.language ?? null,
    });
    const shown = matcher.parts.length > 0 ? matcher : null;
    trimmed.entries = {
      ...facet.entries,
      items: facet.entries.items.map((entry: unknown) =>
        isRecord(entry) ? withoutUnshownText(entry, snippetFields, shown) : entry,
      ),
    };
  }
  const entries = trimmed.entries;
  if (isRecord(entries) && Array.isArray(entries.items))
    trimmed.entries = { ...entries, items: shareAcrossHits(entries.items) };
  return trimmed;
}

/**
 * The result without those of its snippet fields its snippet does not come from (a field
 * that is not text, such as a composer, never is), and the one it comes from as the plain
 * text the snippet is made from, when reading that again gives the same text.
 */
function withoutUnshownText(
  entry: Json,
  fields: readonly string[],
  matcher: ReturnType<typeof termMatcher> | null,
): Json {
  let trimmed: Json | null = null;
  const summary = typeof entry.entryDescription === 'string' ? entry.entryDescription : null;
  for (const field of fields) {
    if (!(field in entry)) continue;
    const text = entry[field];
    trimmed ??= { ...entry };
    if (typeof text === 'string' && matcher && text.trim() !== '') {
      const plain = plainText(text);
      if (bestTextIndex([summary, plain], matcher) === 1) {
        if (plainText(plain) === plain) trimmed[field] = plain;
        continue;
      }
    }
    delete trimmed[field];
  }
  return trimmed ?? entry;
}

/** Members of results shorter than this (as JSON) are written again rather than referred to. */
const SHORTEST_SHARED_MEMBER = 40;

/**
 * Results with each member that repeats the same member of an earlier result (the same
 * picture, the same subject) written as {@link SAME_AS_HIT} and the earlier result's index.
 */
function shareAcrossHits(items: readonly unknown[]): unknown[] {
  const first = new Map<string, number>();
  return items.map((entry, index) => {
    if (!isRecord(entry)) return entry;
    let shared: Json | null = null;
    for (const [member, value] of Object.entries(entry)) {
      if (member === 'sys' || typeof value !== 'object' || value === null) continue;
      const json = JSON.stringify(value);
      if (json.length < SHORTEST_SHARED_MEMBER) continue;
      const key = `${member}\u0000${json}`;
      const earlier = first.get(key);
      if (earlier === undefined) first.set(key, index);
      else {
        shared ??= { ...entry };
        shared[member] = { [SAME_AS_HIT]: earlier };
      }
    }
    return shared ?? entry;
  });
}

/** A filter with its items under {@link COMPACT_ITEMS} (see `restoreInlineSearch`). */
function compactFilter(filter: Json): Json {
  const items = filter.items as Json[];
  const buckets = isRecord(filter.buckets) ? (filter.buckets as Record<string, number>) : null;
  const first = items[0];
  const type = typeof first?.type === 'string' ? first.type : null;
  let root: string | null = null;
  for (const item of items) {
    if (
      typeof item.path === 'string' &&
      typeof item.title === 'string' &&
      item.path.endsWith(`/${item.title}`)
    ) {
      root = item.path.slice(0, -(item.title.length + 1));
      break;
    }
  }
  const compact: CompactItems = {
    list: compactItems(items, null, root, type, buckets),
    ...(type !== null ? { type } : {}),
    ...(root !== null ? { root } : {}),
  };
  const { items: _items, ...rest } = filter;
  return { ...rest, [COMPACT_ITEMS]: compact };
}

function compactItems(
  items: readonly Json[],
  parentKey: string | null,
  parentPath: string | null,
  type: string | null,
  buckets: Record<string, number> | null,
): Json[] {
  return items.map((item, index) => {
    const compact: Json = {};
    const key = typeof item.key === 'string' ? item.key : null;
    const title = typeof item.title === 'string' ? item.title : null;
    for (const [member, value] of Object.entries(item)) {
      if (member === 'key' && parentKey !== null && value === `${parentKey}/${index + 1}`) continue;
      if (member === 'type' && type !== null && value === type) continue;
      if (member === 'path' && parentPath !== null && title !== null && value === `${parentPath}/${title}`)
        continue;
      if (member === 'isSelected' && value === false) continue;
      if (member === 'aggregate' && buckets && key !== null && value === bucketCount(buckets, key)) continue;
      compact[member] =
        member === 'children' && Array.isArray(value)
          ? compactItems(
              value as Json[],
              key,
              typeof item.path === 'string' ? item.path : null,
              typeof item.type === 'string' ? item.type : null,
              buckets,
            )
          : value;
    }
    // What the browser would put back for a member the item does not have is written as null.
    if (!('type' in item) && type !== null) compact.type = null;
    if (!('path' in item) && parentPath !== null && title !== null) compact.path = null;
    if (!('isSelected' in item)) compact.isSelected = null;
    if (!('aggregate' in item) && buckets && key !== null) compact.aggregate = null;
    return compact;
  });
}
