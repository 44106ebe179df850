import type { Db } from '../db/db-handle.js';
import { parseDocList } from './facet-columns.js';
import { cachedStatement } from './statement-cache.js';

/**
 * The search columns of `search_docs` held in memory by document, per connection and state
 * of the database ("doc values", as search engines call them): a filter such as "news
 * articles, published" is then a few array reads per matched document, where SQL joins every
 * match to `search_docs` (about a microsecond each: most of a search for a common word at a
 * million entries). Like the aggregation columns (facet-columns.ts) they belong to one state
 * (`databaseState`) and are read again after a write.
 */
export interface DocValues {
  /** The database state it was read from. */
  state: string;
  /** Per document: its row's code (see `rows`), -1 for a number that is no document. */
  codes: Int32Array;
  /** The distinct rows, by code. */
  rows: DocRow[];
}

/** One distinct combination of the filterable columns of `search_docs`. */
export interface DocRow {
  project: string;
  contentType: string;
  language: string;
  dataFormat: string;
  published: boolean;
  latest: boolean;
}

/** The number values of one path by document: `values[starts[d]]` up to `values[starts[d + 1]]`. */
export interface NumberColumn {
  state: string;
  starts: Int32Array;
  values: Float64Array;
}

const valuesByDb = new WeakMap<Db, DocValues>();
const numbersByDb = new WeakMap<Db, Map<number, NumberColumn>>();

/** This connection's doc values if they are of `state`. */
export function currentDocValues(db: Db, state: string): DocValues | undefined {
  const held = valuesByDb.get(db);
  return held?.state === state ? held : undefined;
}

/**
 * Reads the doc values of `state` from `search_docs`: SQLite groups the documents by their
 * combination of columns (a few hundred at most), and each group's list is laid out by
 * document. Call it inside the search's read transaction. Project, content type, language
 * and data format are identifiers without a NUL character, which joins them into the key.
 */
export function buildDocValues(db: Db, state: string): DocValues {
  // Grouping by one text key sorts far less than grouping by six columns (at a million
  // documents 0.85 s against 3.1 s).
  const groups = cachedStatement(
    db,
    'SELECT project_id || char(0) || content_type_id || char(0) || language || char(0) || data_format || char(0) || is_published || char(0) || is_latest AS k, group_concat(doc) FROM search_docs GROUP BY k',
  )
    .raw(true)
    .all() as Array<[string, string]>;
  const lists = groups.map((group) => parseDocList(group[1]));
  let maxDoc = -1;
  for (const docs of lists) for (let i = 0; i < docs.length; i++) if (docs[i]! > maxDoc) maxDoc = docs[i]!;
  const codes = new Int32Array(maxDoc + 1).fill(-1);
  lists.forEach((docs, code) => {
    for (let i = 0; i < docs.length; i++) codes[docs[i]!] = code;
  });
  const rows = groups.map(([key]): DocRow => {
    const [project, contentType, language, dataFormat, published, latest] = key.split('\u0000') as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    return {
      project,
      contentType,
      language,
      dataFormat,
      published: published === '1',
      latest: latest === '1',
    };
  });
  const values: DocValues = { state, codes, rows };
  valuesByDb.set(db, values);
  return values;
}

/** The number values of `path` for `state`: held by this connection, else read now. */
export function numberColumn(db: Db, path: number, state: string): NumberColumn {
  let columns = numbersByDb.get(db);
  if (!columns) {
    columns = new Map();
    numbersByDb.set(db, columns);
  }
  const held = columns.get(path);
  if (held?.state === state) return held;
  const rows = cachedStatement(db, 'SELECT doc, num FROM search_values WHERE path = ? AND num IS NOT NULL')
    .raw(true)
    .all(path) as Array<[number, number]>;
  let maxDoc = -1;
  for (const [doc] of rows) if (doc > maxDoc) maxDoc = doc;
  // starts[d + 1] counts document d's values first, then becomes where they end.
  const starts = new Int32Array(maxDoc + 2);
  for (const [doc] of rows) starts[doc + 1]!++;
  for (let d = 1; d < starts.length; d++) starts[d]! += starts[d - 1]!;
  const values = new Float64Array(rows.length);
  const next = starts.slice(0, starts.length - 1);
  for (const [doc, num] of rows) values[next[doc]!++] = num;
  const column: NumberColumn = { state, starts, values };
  for (const [key, other] of columns) if (other.state !== state) columns.delete(key);
  columns.set(path, column);
  return column;
}
