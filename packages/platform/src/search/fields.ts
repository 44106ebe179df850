/**
 * Field paths with a meaning beyond "a value in the entry JSON": the ones answered from
 * `entry_versions` columns, the version-status pseudo field and the full-text-only fields.
 */

/**
 * `sys` fields kept as `entry_versions` columns. They are left out of `search_values` (every
 * document has them, so rows would only cost space) and compile to column predicates, which
 * lets `sys.contentTypeId` and `sys.id` filters use the table's indexes.
 */
export const COLUMN_FIELDS = {
  'sys.id': 'entry_id',
  'sys.contentTypeId': 'content_type_id',
  'sys.language': 'language',
  'sys.dataFormat': 'data_format',
  'sys.projectId': 'project_id',
} as const;

/** A field answered from a column of `entry_versions`. */
export type ColumnField = keyof typeof COLUMN_FIELDS;

/** Column name of `entry_versions` for a field path, if it is one of {@link COLUMN_FIELDS}. */
export function columnOf(field: string): (typeof COLUMN_FIELDS)[ColumnField] | undefined {
  return Object.hasOwn(COLUMN_FIELDS, field) ? COLUMN_FIELDS[field as ColumnField] : undefined;
}

/** The `sys` keys the indexer skips: the columns above plus the row-flag-derived version status. */
export const UNINDEXED_SYS_KEYS: ReadonlySet<string> = new Set([
  'id',
  'contentTypeId',
  'language',
  'dataFormat',
  'projectId',
  'versionStatus',
]);

/** Filters on `is_published` / `is_latest` rather than on stored data (contract §7.5). */
export const VERSION_STATUS_FIELD = 'sys.versionStatus';

/**
 * Fields that mean "all text of the entry": the synthetic `searchContent`, `_searchContent`
 * (asset file text in Contensis; here the same row, since file text is not extracted) and `*`.
 */
export const SEARCH_CONTENT_FIELDS: ReadonlySet<string> = new Set(['*', 'searchContent', '_searchContent']);

/**
 * Joins a path id to a word in the full-text row: `12ǂharbour` is "harbour" in the field with
 * path id 12. ǂ is a letter to the FTS5 tokenizer, so the pair stays one token, and it does
 * not occur in ordinary text.
 */
export const FIELD_TOKEN_SEPARATOR = 'ǂ';

/** Longest text kept in `search_values.text`; longer values also go to `long`. */
export const TEXT_KEY_LENGTH = 64;

/** Longest value kept in `search_values.long` (the contract matches `contains` on the first 8 000 characters). */
export const LONG_TEXT_LENGTH = 8000;
