import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/db-handle.js';
import { moveStagedFullText, stageFullText, unstageFullText } from './fts-staging.js';
import { type DocRows, docRows, entryRows, type ValueTuples } from './index-rows.js';
import { PathIdWriter } from './paths.js';
import { dropValueIndexes, ensureValueIndexes } from './schema.js';
import type { EntryJson, Indexer } from './types.js';
import { addWords, refreshVocabulary } from './vocabulary.js';

// Value rows go in multi-row INSERTs: per-statement overhead dominates single-row inserts.
const VALUE_BATCH = 32;
const VALUE_COLUMNS = 6;

interface WriteStatements {
  db: Db;
  /** Multi-row value inserts by row count (1..VALUE_BATCH), prepared on first use. */
  values: Map<number, Statement<unknown[]>>;
  geo: Statement<[number, number, number, number, number]>;
  fts: Statement<[number, string]>;
  removeValues: Statement<[{ doc: number }]>;
  long: Statement<[string]>;
  removeLong: Statement<[{ doc: number }]>;
  docPaths: Statement<[number, string]>;
  removeDocPaths: Statement<[number]>;
  removeGeo: Statement<[number]>;
  removeFts: Statement<[number]>;
  hasFts: Statement<[number]>;
}

const statementsByDb = new WeakMap<Db, WriteStatements>();

function statements(db: Db): WriteStatements {
  let prepared = statementsByDb.get(db);
  if (!prepared) {
    prepared = {
      db,
      values: new Map(),
      geo: db.prepare('INSERT INTO search_geo (doc, path, seq, lat, lon) VALUES (?, ?, ?, ?, ?)'),
      fts: db.prepare('INSERT INTO search_fts (rowid, body) VALUES (?, ?)'),
      // search_values has no index on doc alone: search_doc_paths says which paths to probe.
      removeValues: db.prepare(
        'DELETE FROM search_values WHERE path IN (SELECT value FROM json_each((SELECT paths FROM search_doc_paths WHERE doc = @doc))) AND doc = @doc',
      ),
      long: db.prepare('INSERT INTO search_long (text) VALUES (?)'),
      removeLong: db.prepare(
        'DELETE FROM search_long WHERE id IN (SELECT long FROM search_values WHERE path IN (SELECT value FROM json_each((SELECT paths FROM search_doc_paths WHERE doc = @doc))) AND doc = @doc AND long IS NOT NULL)',
      ),
      docPaths: db.prepare('INSERT OR REPLACE INTO search_doc_paths (doc, paths) VALUES (?, ?)'),
      removeDocPaths: db.prepare('DELETE FROM search_doc_paths WHERE doc = ?'),
      removeGeo: db.prepare('DELETE FROM search_geo WHERE doc = ?'),
      removeFts: db.prepare('DELETE FROM search_fts WHERE rowid = ?'),
      hasFts: db.prepare('SELECT rowid FROM search_fts WHERE rowid = ?').pluck(),
    };
    statementsByDb.set(db, prepared);
  }
  return prepared;
}

function valueStatement(s: WriteStatements, rows: number): Statement<unknown[]> {
  let statement = s.values.get(rows);
  if (!statement) {
    const tuples = Array.from({ length: rows }, () => '(?, ?, ?, ?, ?, ?)').join(', ');
    // OR IGNORE: a multi-row statement that may abort half way needs a statement journal,
    // which copies every page it touches (a quarter of the insert cost). Nothing is ignored
    // in practice — a doc's old rows are removed first and (path, seq) is unique within one
    // entry — and writeValues checks the row count, so a conflict still fails loudly.
    statement = s.db.prepare(
      `INSERT OR IGNORE INTO search_values (doc, path, seq, text, long, num) VALUES ${tuples}`,
    );
    s.values.set(rows, statement);
  }
  return statement;
}

function checkDoc(doc: number): void {
  if (!Number.isSafeInteger(doc) || doc < 0)
    throw new Error(`search index: doc ${doc} is not a non-negative integer`);
}

function remove(s: WriteStatements, doc: number): void {
  checkDoc(doc);
  unstageFullText(s.db, doc);
  s.removeLong.run({ doc });
  s.removeValues.run({ doc });
  if (s.removeDocPaths.run(doc).changes === 0) {
    // Never indexed (or already removed): no values, so no geo or full text either. The
    // common case when a seed indexes each new doc, at the cost of a few primary-key probes.
    return;
  }
  s.removeGeo.run(doc);
  // Deleting a rowid a contentless FTS5 table never had still writes a tombstone.
  if (s.hasFts.get(doc) !== undefined) s.removeFts.run(doc);
}

function writeValues(s: WriteStatements, doc: number, values: ValueTuples): void {
  if (values.length === 0) return;
  const paths = new Set<number>();
  // Synthetic fields repeat others (entryDescription is a summary field), so a long text
  // often comes twice: its rows share one search_long row, which removal deletes once.
  const longIds = new Map<string, number>();
  const rows = values.length / 5;
  for (let start = 0; start < rows; start += VALUE_BATCH) {
    const end = Math.min(rows, start + VALUE_BATCH);
    const args: unknown[] = new Array((end - start) * VALUE_COLUMNS);
    let i = 0;
    for (let k = start * 5; k < end * 5; k += 5) {
      const path = values[k] as number;
      const long = values[k + 3] as string | null;
      paths.add(path);
      args[i++] = doc;
      args[i++] = path;
      args[i++] = values[k + 1];
      args[i++] = values[k + 2];
      args[i++] = long === null ? null : longId(s, longIds, long);
      args[i++] = values[k + 4];
    }
    if (valueStatement(s, end - start).run(...args).changes !== end - start)
      throw new Error(`search index: doc ${doc} already has value rows (indexed twice without removal?)`);
  }
  s.docPaths.run(doc, JSON.stringify([...paths]));
}

/** The search_long row of `text` for one doc, written on first use. */
function longId(s: WriteStatements, ids: Map<string, number>, text: string): number {
  let id = ids.get(text);
  if (id === undefined) {
    id = Number(s.long.run(text).lastInsertRowid);
    ids.set(text, id);
  }
  return id;
}

/** Writes the value and geo rows of one doc (its full text is the caller's to store). */
function writeRows(s: WriteStatements, rows: DocRows): void {
  writeValues(s, rows.doc, rows.values);
  const geo = rows.geo;
  for (let k = 0; k < geo.length; k += 4) s.geo.run(rows.doc, geo[k]!, geo[k + 1]!, geo[k + 2]!, geo[k + 3]!);
}

/**
 * Writes value and geo rows (and vocabulary rows with `terms`); returns the full-text body
 * for the caller to store.
 */
function write(
  s: WriteStatements,
  ids: PathIdWriter,
  doc: number,
  entry: EntryJson,
  terms: boolean,
): string | undefined {
  const pathId = (path: string) => ids.id(path);
  const rows = entryRows(entry, pathId);
  writeRows(s, docRows(doc, rows, pathId));
  if (terms) addWords(s.db, rows.contentWords());
  return rows.body;
}

/**
 * Writes the index rows of one stored version (a row of `entry_versions`), replacing any it
 * had. Call inside the writer's transaction, after the `entry_versions` row exists.
 *
 * @example
 * db.transaction(() => {
 *   const { lastInsertRowid } = insertVersion.run(...);
 *   indexEntryVersion(db, Number(lastInsertRowid), entry);
 * })();
 */
export function indexEntryVersion(db: Db, doc: number, entry: EntryJson): void {
  const s = statements(db);
  remove(s, doc);
  // A fresh id cache per call: ids created here vanish if the caller's transaction rolls back.
  const body = write(s, new PathIdWriter(db), doc, entry, true);
  if (body !== undefined) s.fts.run(doc, body);
}

/**
 * Drops the index rows of one stored version. Deleting the `entry_versions` row does this
 * too (trigger `entry_versions_search_cleanup`), so this is for re-indexing paths.
 */
export function removeEntryVersionIndex(db: Db, doc: number): void {
  remove(statements(db), doc);
}

/** Options of {@link createIndexer}. */
export interface IndexerOptions {
  /**
   * Every doc this indexer sees is new (a seed): skip the check for old index rows before
   * writing. A small saving; without it a never-indexed doc costs four primary-key probes.
   */
  fresh?: boolean;
  /**
   * Drop the two secondary indexes of `search_values` now and rebuild them in `finish()`:
   * about twice as fast for loading many entries into an empty index, wrong for a few writes
   * into a big one (the rebuild covers the whole table). Default: defer when the index is
   * empty, i.e. when seeding. Should `finish()` never run, the first search rebuilds them.
   */
  deferIndexes?: boolean;
}

// Full-text rows move from search_fts_pending into search_fts this many at a time.
const FTS_RUN = 1000;

/**
 * A bulk indexer for seeding: reuses prepared statements, caches path ids and queues
 * full-text rows in search_fts_pending, moving them into the full-text index a thousand at a
 * time (FTS5 is several times slower fed one row between other inserts). The caller owns the
 * transactions. `flush()` moves what is queued now and `finish()` also rebuilds deferred
 * indexes and the fuzzy vocabulary; both are optional for correctness (queued rows commit
 * with the caller's transaction and the next search moves them; the next search also
 * rebuilds missing indexes), but calling `finish()` once at the end keeps that work off the
 * first searches. Do not keep using an indexer after a transaction it wrote in rolled back
 * (its path-id cache would be stale).
 *
 * @example
 * const indexer = createIndexer(db, { fresh: true });
 * for (const batch of batches) {
 *   db.transaction(() => {
 *     for (const [doc, entry] of batch) indexer.index(doc, entry);
 *   })();
 * }
 * indexer.finish();
 */
export function createIndexer(db: Db, options: IndexerOptions = {}): Indexer {
  const s = statements(db);
  const ids = new PathIdWriter(db);
  let queued = 0;
  let indexesDropped = false;
  const defer = options.deferIndexes ?? db.prepare('SELECT 1 FROM search_values LIMIT 1').get() === undefined;
  if (defer) {
    dropValueIndexes(db);
    indexesDropped = true;
  }
  const move = (): void => {
    moveStagedFullText(db);
    queued = 0;
  };
  return {
    index(doc, entry) {
      if (options.fresh) checkDoc(doc);
      else remove(s, doc);
      // The vocabulary is rebuilt from the full-text index after bulk moves (see vocabulary.ts).
      const body = write(s, ids, doc, entry, false);
      if (body === undefined) {
        unstageFullText(db, doc);
        return;
      }
      stageFullText(db, doc, body);
      queued += 1;
      if (queued >= FTS_RUN) move();
    },
    remove(doc) {
      remove(s, doc);
    },
    flush() {
      move();
    },
    finish() {
      move();
      if (indexesDropped) {
        ensureValueIndexes(db);
        indexesDropped = false;
      }
      refreshVocabulary(db);
    },
  };
}
