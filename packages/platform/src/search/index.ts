/**
 * The search engine of the local platform: indexes stored entry versions into SQLite
 * (migration 002: `search_values`, `search_geo`, FTS5 `search_fts`, `search_terms`, and the
 * trigger-maintained `search_docs`) and answers the JSON query language and ZenQL of
 * platform-contract.md §2 from them, in one SQL statement per search.
 *
 * Behaviour worth knowing (the contract leaves these open):
 * - Case-insensitive comparisons (equalTo, in, contains, startsWith, endsWith, ordering,
 *   aggregation grouping) fold ASCII letters only, as SQLite's NOCASE and LIKE do. Free text
 *   folds all case and accents (FTS5 `unicode61 remove_diacritics 2`).
 * - Aggregation keys keep their stored case; values equal but for case share one bucket
 *   whose key is the binary-smallest spelling ('Transport' before 'transport'). Buckets come
 *   most frequent first, then by key. A `missing` bucket competes for `size` like any other.
 *   Integer-like keys ('1', '20') end up first in the returned object, as JavaScript orders
 *   such keys.
 * - Ordering by a field uses its first value. When a field holds numbers or dates anywhere,
 *   documents whose first value is not one sort with the missing ones, last.
 * - Text values longer than 64 characters compare in full (equalTo, contains, …) but sort and
 *   aggregate by their first 64 characters; contains looks at the first 8 000.
 * - Fuzzy free text: prefix match plus words of the vocabulary within edit distance 1 (words
 *   of 3–5 letters) or 2 (longer) sharing the first letter; see fuzzy.ts.
 * - Relevance: bm25, negated so higher is better, times the expression's weight; a matching
 *   weighted filter adds its weight. Hits carry `distance` only when ordering by the location
 *   field of a distanceWithin.
 */
export { AGGREGATION_SIZE, RESERVED_AGGREGATION_NAMES } from './aggregations-parse.js';
export { SearchAccessError, SearchError } from './errors.js';
export { createIndexer, type IndexerOptions, indexEntryVersion, removeEntryVersionIndex } from './indexer.js';
export { explainSearch, searchEntries } from './search.js';
export type {
  EntryJson,
  EntrySysJson,
  Indexer,
  SearchHit,
  SearchRequest,
  SearchResult,
  VersionStatus,
} from './types.js';
export { parseZenql, type ZenqlQuery } from './zenql-parser.js';
