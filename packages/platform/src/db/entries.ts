import type Database from 'better-sqlite3';
import type { StoredEntry, VersionStatus } from '../contract.js';
import type { Db } from './open.js';
import { parseJsonColumn, preparedFor } from './statements.js';

/** A row of `entry_versions`: one distinct stored version of an entry variation. */
export interface EntryVersionRecord {
  doc: number;
  projectId: string;
  entryId: string;
  language: string;
  isLatest: boolean;
  isPublished: boolean;
  contentTypeId: string;
  dataFormat: string;
  versionNo: string;
  entryTitle: string;
  /** The Entry JSON without `sys.versionStatus`. */
  data: string;
}

/** What {@link insertEntryVersion} needs; `doc` is assigned by the database. */
export type NewEntryVersion = Omit<EntryVersionRecord, 'doc'>;

/** A raw `entry_versions` row, for queries kept next to the tables they join (see `tags.ts`). */
export interface EntryVersionRow {
  doc: number;
  project_id: string;
  entry_id: string;
  language: string;
  is_latest: number;
  is_published: number;
  content_type_id: string;
  data_format: string;
  version_no: string;
  entry_title: string;
  data: string;
}

const statements = preparedFor((db) => ({
  insert: db.prepare(
    `INSERT INTO entry_versions
       (project_id, entry_id, language, is_latest, is_published, content_type_id, data_format, version_no, entry_title, data)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ),
  getPublished: db.prepare<[string, string, string], EntryVersionRow>(
    'SELECT * FROM entry_versions WHERE project_id = ? AND entry_id = ? AND language = ? AND is_published = 1',
  ),
  getLatest: db.prepare<[string, string, string], EntryVersionRow>(
    'SELECT * FROM entry_versions WHERE project_id = ? AND entry_id = ? AND language = ? AND is_latest = 1',
  ),
  byDoc: db.prepare<[number], EntryVersionRow>('SELECT * FROM entry_versions WHERE doc = ?'),
  languagesPublished: db.prepare<[string, string], { language: string }>(
    'SELECT language FROM entry_versions WHERE project_id = ? AND entry_id = ? AND is_published = 1 ORDER BY language',
  ),
  languagesLatest: db.prepare<[string, string], { language: string }>(
    'SELECT language FROM entry_versions WHERE project_id = ? AND entry_id = ? AND is_latest = 1 ORDER BY language',
  ),
  contentTypeOf: db.prepare<[string, string], { content_type_id: string }>(
    'SELECT content_type_id FROM entry_versions WHERE project_id = ? AND entry_id = ? AND is_latest = 1 LIMIT 1',
  ),
  updateData: db.prepare<[string, string, number]>(
    'UPDATE entry_versions SET data = ?, entry_title = ? WHERE doc = ?',
  ),
}));

/** The record of a raw `entry_versions` row. */
export function toEntryVersionRecord(row: EntryVersionRow): EntryVersionRecord {
  return {
    doc: row.doc,
    projectId: row.project_id,
    entryId: row.entry_id,
    language: row.language,
    isLatest: row.is_latest === 1,
    isPublished: row.is_published === 1,
    contentTypeId: row.content_type_id,
    dataFormat: row.data_format,
    versionNo: row.version_no,
    entryTitle: row.entry_title,
    data: row.data,
  };
}

/** Stores one entry version and returns its `doc` number (the search index key). */
export function insertEntryVersion(db: Db, version: NewEntryVersion): number {
  const result = statements(db).insert.run(
    version.projectId,
    version.entryId,
    version.language,
    version.isLatest ? 1 : 0,
    version.isPublished ? 1 : 0,
    version.contentTypeId,
    version.dataFormat,
    version.versionNo,
    version.entryTitle,
    version.data,
  );
  return Number(result.lastInsertRowid);
}

/**
 * The version of an entry variation that `status` selects: the published one, or the newest
 * one whether published or not.
 */
export function getEntryVersion(
  db: Db,
  projectId: string,
  entryId: string,
  language: string,
  status: VersionStatus,
): EntryVersionRecord | undefined {
  const s = statements(db);
  const row = (status === 'latest' ? s.getLatest : s.getPublished).get(projectId, entryId, language);
  return row ? toEntryVersionRecord(row) : undefined;
}

/** The version stored under `doc`, or undefined. */
export function getEntryVersionByDoc(db: Db, doc: number): EntryVersionRecord | undefined {
  const row = statements(db).byDoc.get(doc);
  return row ? toEntryVersionRecord(row) : undefined;
}

/** Versions by doc number, in one query (search hits arrive as doc numbers). */
export function getEntryVersionsByDocs(db: Db, docs: readonly number[]): Map<number, EntryVersionRecord> {
  const found = new Map<number, EntryVersionRecord>();
  // json_each keeps this a single prepared statement whatever the number of docs.
  const rows = docsStatement(db).all(JSON.stringify(docs));
  for (const row of rows) found.set(row.doc, toEntryVersionRecord(row));
  return found;
}

const docsStatement = preparedFor((db) =>
  db.prepare<[string], EntryVersionRow>(
    'SELECT * FROM entry_versions WHERE doc IN (SELECT value FROM json_each(?))',
  ),
);

/** Languages in which an entry has a version of the given status. */
export function entryLanguages(db: Db, projectId: string, entryId: string, status: VersionStatus): string[] {
  const s = statements(db);
  return (status === 'latest' ? s.languagesLatest : s.languagesPublished)
    .all(projectId, entryId)
    .map((row) => row.language);
}

/** The content type of an entry, or undefined when the entry does not exist. */
export function entryContentTypeId(db: Db, projectId: string, entryId: string): string | undefined {
  return statements(db).contentTypeOf.get(projectId, entryId)?.content_type_id;
}

/** Replaces the stored JSON (and title column) of one version. */
export function updateEntryVersionData(db: Db, doc: number, data: string, entryTitle: string): void {
  statements(db).updateData.run(data, entryTitle, doc);
}

/** Parses the stored JSON of a version. */
export function parseEntryData(record: EntryVersionRecord): StoredEntry {
  return parseJsonColumn<StoredEntry>(record.data);
}

/** One `order` clause of a list request: a field id or `sys.*` path and a direction. */
export interface EntryOrder {
  field: string;
  descending: boolean;
}

/** A page of a plain entry list (D4/D5). */
export interface EntryListQuery {
  projectId: string;
  language: string;
  status: VersionStatus;
  contentTypeId?: string;
  order: readonly EntryOrder[];
  offset: number;
  limit: number;
  /**
   * Builds SQL that is true for rows to leave out (entries the caller may not read) over the
   * given entry id column, binding values through `bind`; `null` leaves nothing out.
   */
  hidden?: (column: string, bind: (value: string) => string) => string | null;
}

/** Field paths the list `order` accepts: dot-separated identifiers. */
export const ORDER_FIELD_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

// Columns that mirror a JSON path; ordering on them can use the table's indexes.
const orderColumns: Record<string, string> = {
  entryTitle: 'entry_title COLLATE NOCASE',
  'sys.id': 'entry_id',
  'sys.contentTypeId': 'content_type_id',
  'sys.language': 'language',
  'sys.dataFormat': 'data_format',
};

function orderExpression(field: string): string {
  const column = orderColumns[field];
  if (column) return column;
  // The pattern admits identifiers only, so the path can be inlined into the SQL text (which
  // lets statements be cached by their order); anything else never reaches this point.
  if (!ORDER_FIELD_PATTERN.test(field)) throw new Error(`Invalid order field ${field}`);
  return `json_extract(data, '$.${field}') COLLATE NOCASE`;
}

const listCache = new WeakMap<Db, Map<string, Database.Statement<unknown[], EntryVersionRow>>>();
const MAX_CACHED_ORDERS = 64;

function listStatement(db: Db, where: string, order: readonly EntryOrder[]) {
  const orderSql = [
    ...order.map((clause) => `${orderExpression(clause.field)} ${clause.descending ? 'DESC' : 'ASC'}`),
    'entry_title COLLATE NOCASE ASC',
    'entry_id ASC',
  ].join(', ');
  const sql = `SELECT * FROM entry_versions WHERE ${where} ORDER BY ${orderSql} LIMIT ? OFFSET ?`;
  let cache = listCache.get(db);
  if (!cache) {
    cache = new Map();
    listCache.set(db, cache);
  }
  let statement = cache.get(sql);
  if (!statement) {
    // Order lists come from callers; bound the cache so odd requests cannot grow it forever.
    if (cache.size >= MAX_CACHED_ORDERS) cache.clear();
    statement = db.prepare<unknown[], EntryVersionRow>(sql);
    cache.set(sql, statement);
  }
  return statement;
}

/** One page of entry versions in a language, optionally of one content type, plus the total. */
export function listEntryVersions(
  db: Db,
  query: EntryListQuery,
): { total: number; records: EntryVersionRecord[] } {
  return listPage(db, query, listFilter(query));
}

/** The WHERE clause (and its parameters) selecting the versions an {@link EntryListQuery} lists. */
function listFilter(query: EntryListQuery): { where: string; params: unknown[] } {
  const flag = query.status === 'latest' ? 'is_latest = 1' : 'is_published = 1';
  const params: unknown[] = [query.projectId, query.language];
  let where = `project_id = ? AND language = ? AND ${flag}`;
  if (query.contentTypeId !== undefined) {
    where += ' AND content_type_id = ?';
    params.push(query.contentTypeId);
  }
  const hidden = query.hidden?.('entry_id', (value) => {
    params.push(value);
    return '?';
  });
  if (hidden) where += ` AND NOT (${hidden})`;
  return { where, params };
}

/** The total of a filter and the query's page of it, in the list order. */
function listPage(
  db: Db,
  query: EntryListQuery,
  filter: { where: string; params: unknown[] },
): { total: number; records: EntryVersionRecord[] } {
  const { where, params } = filter;
  const total = countStatement(db, where).get(...params)!.n;
  if (total === 0 || query.offset >= total) return { total, records: [] };
  const rows = listStatement(db, where, query.order).all(...params, query.limit, query.offset);
  return { total, records: rows.map(toEntryVersionRecord) };
}

// Statements of the management API's writes and lookups (src/management/entries/).
const managementStatements = preparedFor((db) => ({
  setFlags: db.prepare<[number, number, number]>(
    'UPDATE entry_versions SET is_latest = ?, is_published = ? WHERE doc = ?',
  ),
  remove: db.prepare<[number]>('DELETE FROM entry_versions WHERE doc = ?'),
  identity: db.prepare<[string, string], { content_type_id: string; data_format: string }>(
    'SELECT content_type_id, data_format FROM entry_versions WHERE project_id = ? AND entry_id = ? AND is_latest = 1 LIMIT 1',
  ),
  variation: db.prepare<[string, string, string], EntryVersionRow>(
    'SELECT * FROM entry_versions WHERE project_id = ? AND entry_id = ? AND language = ? ORDER BY doc',
  ),
  linking: db.prepare<[string, string, string, number, number], EntryVersionRow>(
    `SELECT * FROM entry_versions
     WHERE project_id = ? AND entry_id <> ? AND instr(data, '"id":"' || ? || '"') > 0
       AND (is_latest = ? OR is_published = ?)
     ORDER BY entry_title COLLATE NOCASE, entry_id, language`,
  ),
}));

/** Sets the version-status flags of a stored version (at least one must stay set). */
export function setEntryVersionFlags(db: Db, doc: number, isLatest: boolean, isPublished: boolean): void {
  managementStatements(db).setFlags.run(isLatest ? 1 : 0, isPublished ? 1 : 0, doc);
}

/** Deletes a stored version; a trigger drops its search index rows (migration 002). */
export function deleteEntryVersion(db: Db, doc: number): void {
  managementStatements(db).remove.run(doc);
}

/** Content type and data format of an entry (from any latest variation), or undefined. */
export function entryIdentity(
  db: Db,
  projectId: string,
  entryId: string,
): { contentTypeId: string; dataFormat: string } | undefined {
  const row = managementStatements(db).identity.get(projectId, entryId);
  return row ? { contentTypeId: row.content_type_id, dataFormat: row.data_format } : undefined;
}

/** Every stored version (latest and/or published) of one entry variation, oldest first. */
export function getVariationVersions(
  db: Db,
  projectId: string,
  entryId: string,
  language: string,
): EntryVersionRecord[] {
  return managementStatements(db).variation.all(projectId, entryId, language).map(toEntryVersionRecord);
}

/**
 * Versions of other entries whose JSON mentions `targetId` as an `"id"` (candidates for entry
 * usage; the caller confirms the links), of the given status, ordered by title.
 */
export function findEntryVersionsMentioning(
  db: Db,
  projectId: string,
  targetId: string,
  status: VersionStatus,
): EntryVersionRecord[] {
  // A flag compared with 2 never matches, so [1, 2] selects latest rows and [2, 1] published ones.
  const [latest, published] = status === 'latest' ? [1, 2] : [2, 1];
  return managementStatements(db)
    .linking.all(projectId, targetId, targetId, latest, published)
    .map(toEntryVersionRecord);
}

/** A page of a management entry list: {@link EntryListQuery} plus a data format filter. */
export interface ManagementEntryListQuery extends EntryListQuery {
  /** `entry` or `asset`; undefined for both. */
  dataFormat?: string;
}

/**
 * One page of entry versions for the management lists (`dataFormat` = entries | assets |
 * all), in the same order as {@link listEntryVersions}, plus the total.
 */
export function listManagementEntryVersions(
  db: Db,
  query: ManagementEntryListQuery,
): { total: number; records: EntryVersionRecord[] } {
  const filter = listFilter(query);
  if (query.dataFormat !== undefined) {
    filter.where += ' AND data_format = ?';
    filter.params.push(query.dataFormat);
  }
  return listPage(db, query, filter);
}

const countCache = new WeakMap<Db, Map<string, Database.Statement<unknown[], { n: number }>>>();

function countStatement(db: Db, where: string): Database.Statement<unknown[], { n: number }> {
  let cache = countCache.get(db);
  if (!cache) {
    cache = new Map();
    countCache.set(db, cache);
  }
  let statement = cache.get(where);
  if (!statement) {
    // `where` is one of the handful of fixed shapes `listFilter` and its callers build, so the
    // cache stays small.
    statement = db.prepare<unknown[], { n: number }>(
      `SELECT COUNT(*) AS n FROM entry_versions WHERE ${where}`,
    );
    cache.set(where, statement);
  }
  return statement;
}
