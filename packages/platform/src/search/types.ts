/**
 * System metadata of a stored entry (contract §1.6.2). Loose on purpose: the indexer walks
 * whatever is there (owner, uri, version, workflow, metadata, …), and only these keys matter
 * to it by name. No index signature, so richer interfaces without one are assignable.
 */
export interface EntrySysJson {
  id: string;
  contentTypeId?: string;
  dataFormat?: string;
  language?: string;
}

/**
 * An entry as stored in `entry_versions.data` (contract §1.6.2, without `sys.versionStatus`):
 * `sys`, the synthetic `entryTitle` / `entryDescription` / `entryTags`, and the content
 * type's fields by id — all reached through the index signature.
 */
export interface EntryJson {
  sys: EntrySysJson;
  [field: string]: unknown;
}

/** Which stored versions a search looks at (contract §7.5). */
export type VersionStatus = 'published' | 'latest';

/** Input of {@link searchEntries}; `where`, `orderBy` and `aggregations` arrive raw and are validated here. */
export interface SearchRequest {
  projectId: string;
  /** Expression list or single expression (contract §2.2), as parsed from JSON; `undefined`, `[]` and `'undefined'` match all. */
  where?: unknown;
  /** Any of the §2.6 forms: DTO array, string array with `+`/`-`, single string; `undefined` for the default order. */
  orderBy?: unknown;
  pageIndex: number;
  pageSize: number;
  /** The §2.7 aggregations object. */
  aggregations?: unknown;
  /** Used when `where` has no `sys.versionStatus` clause (contract Open question 1: published). */
  defaultVersionStatus: VersionStatus;
  /** When false, asking for `latest` throws {@link SearchAccessError} and only published rows are searched. */
  allowLatest: boolean;
  /**
   * Builds SQL that is true for documents to leave out entirely — from hits, counts and
   * aggregations — over the given entry id column (entries the caller may not read), binding
   * values through `bind`; `null` or absent leaves nothing out.
   */
  hidden?: (column: string, bind: (value: string) => string) => string | null;
  /**
   * The moment `now()`, the other expression functions and relative periods resolve against
   * (epoch ms); default the current time. The platform passes its clock, so a test that fixes
   * the clock fixes what "upcoming" means too.
   */
  now?: number;
  /**
   * Evaluate without the shortcuts (ranking that stops at the page), as the property tests'
   * reference does; the answer is the same, only slower. Default false.
   */
  plain?: boolean;
}

/** One matching stored version. */
export interface SearchHit {
  /** `entry_versions.doc`. */
  doc: number;
  entryId: string;
  language: string;
  isPublished: boolean;
  isLatest: boolean;
  /** Relevance: 0 without `freeText`, higher is more relevant. */
  score: number;
  /** Set when ordering by a location field that a `distanceWithin` filters: distance in that query's unit. */
  distance?: { field: string; value: number };
}

/** One page of results plus the totals over the whole result set. */
export interface SearchResult {
  hits: SearchHit[];
  totalCount: number;
  /** Per requested aggregation name: bucket key → document count. */
  aggregations?: Record<string, Record<string, number>>;
}

/** Writes and removes index rows for stored versions; see `createIndexer`. */
export interface Indexer {
  /** Replaces the index rows of `doc` with those of `entry`. */
  index(doc: number, entry: EntryJson): void;
  /** Drops the index rows of `doc`. */
  remove(doc: number): void;
  /** Moves queued full-text rows into the full-text index now (optional; see `createIndexer`). */
  flush(): void;
  /**
   * `flush()`, then rebuilds deferred value indexes and the fuzzy vocabulary. Call once when
   * done, inside or outside a transaction (optional; else the first searches do it).
   */
  finish(): void;
}
