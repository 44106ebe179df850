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
 * - Free text matches words, folded for case and accents, and their English stems
 *   ("nurse" finds "nursing"); quoted phrases match exactly (analysis.ts, fts-query.ts).
 *   Fuzzy free text adds the last word as a prefix (3+ letters) and typo corrections from the
 *   vocabulary: one edit for words of 5–8 letters, two from 9, never on the first letter
 *   (fuzzy.ts). Addresses of pictures and files are not text.
 * - Relevance: bm25, negated so higher is better, times the expression's weight and times how
 *   exactly the document matched (exact word 1, stem 0.75, prefix 0.5, typo 0.25); a matching
 *   weighted filter adds its weight. Hits carry `distance` only when ordering by the location
 *   field of a distanceWithin.
 */
export { AGGREGATION_SIZE, RESERVED_AGGREGATION_NAMES } from './aggregations-parse.js';
export { SearchAccessError, SearchBusyError, SearchError } from './errors.js';
export { createIndexer, type IndexerOptions, indexEntryVersion, removeEntryVersionIndex } from './indexer.js';
export {
  createParallelIndexer,
  type ParallelIndexer,
  type ParallelIndexerOptions,
} from './parallel-indexer.js';
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
