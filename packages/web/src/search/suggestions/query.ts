import type { Entry, Query } from '@canopy/client';
import type { SearchQueryParams } from '../config.js';
import { buildSearchQuery } from '../query-builder.js';
import type { SuggestionGroup, SuggestionOption } from './combobox.js';

/** Fields a suggestion needs by default: the title and the page address. */
export const SUGGESTION_FIELDS: readonly string[] = Object.freeze(['entryTitle', 'sys.uri']);

/** Results asked for by default: enough to fill a few groups after the per-type cap. */
export const SUGGESTION_PAGE_SIZE = 12;

/** Options of {@link buildSuggestionQuery}. */
export interface SuggestionQueryOptions {
  /** Results asked for (default {@link SUGGESTION_PAGE_SIZE}). */
  pageSize?: number;
  /** Fields loaded for each result (default {@link SUGGESTION_FIELDS}). */
  fields?: readonly string[];
  versionStatus: 'published' | 'latest';
  language?: string | null;
}

/**
 * The query of suggestions for a term: the facet's own search (its content types, weighted
 * fields, `includeInSearch` and where clause, so suggestions find what the results page finds)
 * on its first page, with a small page size, only the fields a suggestion shows, and none of
 * what only the results page needs (featured results, aggregations, sorting, links).
 *
 * @example
 * const query = buildSuggestionQuery(search.facets.all.queryParams, 'mar', { versionStatus: 'published' });
 * const answer = await client.entries.search(query, 0, { signal });
 */
export function buildSuggestionQuery(
  queryParams: SearchQueryParams,
  term: string,
  options: SuggestionQueryOptions,
): Query {
  const params: SearchQueryParams = {
    ...queryParams,
    aggregations: {},
    featuredResults: undefined,
    internalPaging: false,
    loadMorePaging: false,
    fieldLinkDepths: {},
    linkDepth: 0,
    fields: options.fields ?? SUGGESTION_FIELDS,
  };
  return buildSearchQuery({
    queryParams: params,
    term,
    pageIndex: 0,
    pageSize: options.pageSize ?? SUGGESTION_PAGE_SIZE,
    versionStatus: options.versionStatus,
    language: options.language ?? null,
  });
}

/** A kind of page the suggestions show, in the order given, under its label. */
export interface SuggestionType {
  contentTypeId: string;
  /** The group's label ("Courses"). */
  label: string;
}

/** Options of {@link groupSuggestions}. */
export interface GroupSuggestionsOptions {
  /** The kinds shown, in this order; results of other kinds are left out. */
  types: readonly SuggestionType[];
  /** At most this many of one kind (default 3). */
  perType?: number;
  /** At most this many in all (default 8). */
  total?: number;
  /** A result's title and address, or `null` for one that is not a page (default: entry title and `sys.uri`). */
  optionOf?: (entry: Entry) => { title: string; href: string } | null;
}

/** The default option of an entry: its title and its site path. */
export function defaultSuggestionOf(entry: Entry): { title: string; href: string } | null {
  const href = entry.sys?.uri;
  const title = typeof entry.entryTitle === 'string' ? entry.entryTitle.trim() : '';
  if (typeof href !== 'string' || !href.startsWith('/') || !title) return null;
  return { title, href };
}

/**
 * Results as suggestion groups: the best matches first within each kind, at most `perType`
 * of a kind and `total` in all (taken in the order of relevance, so a kind with one good
 * match is not pushed out by a kind with many), grouped in the order of `types`; kinds
 * without results are left out.
 *
 * @example
 * groupSuggestions(answer.items, { types: [{ contentTypeId: 'course', label: 'Courses' }] });
 * // [{ type: 'course', label: 'Courses', options: [{ id, title: 'BSc Marine Biology', href: '/courses/bsc-marine-biology', type: 'course' }] }]
 */
export function groupSuggestions(
  entries: readonly Entry[],
  options: GroupSuggestionsOptions,
): SuggestionGroup[] {
  const perType = options.perType ?? 3;
  const total = options.total ?? 8;
  const optionOf = options.optionOf ?? defaultSuggestionOf;
  const byType = new Map<string, SuggestionOption[]>(options.types.map((type) => [type.contentTypeId, []]));
  const seen = new Set<string>();
  let taken = 0;
  for (const entry of entries) {
    if (taken >= total) break;
    const type = entry.sys?.contentTypeId;
    const list = type === undefined ? undefined : byType.get(type);
    if (!list || list.length >= perType) continue;
    const option = optionOf(entry);
    // One page once, even when two results lead to it.
    if (!option || seen.has(option.href)) continue;
    seen.add(option.href);
    list.push({ id: entry.sys.id, title: option.title, href: option.href, type: type as string });
    taken++;
  }
  return options.types
    .map((type) => ({
      type: type.contentTypeId,
      label: type.label,
      options: byType.get(type.contentTypeId) ?? [],
    }))
    .filter((group) => group.options.length > 0);
}
