import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type { Db } from '../db/db-handle.js';
import type { BatchRows } from './index-rows.js';
import type { IndexAnswer, IndexQuestion, IndexWorkerData } from './index-worker-messages.js';
import { createIndexer, removeEntryVersionIndex } from './indexer.js';
import type { EntryJson, Indexer } from './types.js';
import { markVocabularyStale } from './vocabulary.js';

/** Options of {@link createParallelIndexer}. */
export interface ParallelIndexerOptions {
  /**
   * Stored versions per batch handed to the worker (default 1,000; a batch also ends at 8
   * million characters of JSON); each batch's full-text rows go in with one statement, which
   * makes one segment of the full-text index.
   */
  batchSize?: number;
  /** The worker's module; by default the compiled index-worker.js beside this file. */
  workerUrl?: URL;
}

/** A seed's indexer whose analysis runs on a worker thread; see {@link createParallelIndexer}. */
export interface ParallelIndexer extends Indexer {
  /** Like `index`, from the stored version's JSON text (which the seed has at hand anyway). */
  indexJson(doc: number, json: string): void;
  /** Ends the worker; call when done, also after a failure. */
  close(): void;
}

// Batches in the worker's hands at once: one being analysed, one queued behind it, so the
// worker never waits for the writer to hand over the next.
const IN_FLIGHT = 2;
// The worker's heap limit; a batch's garbage is a few megabytes.
const WORKER_HEAP_MB = 64;
// A batch also ends at this much JSON text, so large entries cannot crowd the worker's heap.
const BATCH_CHARACTERS = 8_000_000;
// A worker that has not answered a batch in this long has died (a batch takes milliseconds).
const ANSWER_TIMEOUT_MS = 120_000;

/**
 * A bulk indexer for seeding a new project, for both cores of a machine: the writer's thread
 * hands each stored version's JSON to a worker thread, which flattens it, splits its words,
 * stems them and builds its full-text row (about a third of a seed's time), while the writer
 * builds the next documents and inserts rows. The writer waits only when the worker is two
 * batches behind, and `flush()` does not wait for it (see there). Rows are the ones `createIndexer` writes, path ids included (the worker
 * gives out new ids in the order the writer would, and the writer inserts them); full-text
 * rows go straight into the index in runs, without the staging table. Every doc given to
 * `index`/`indexJson` must be new; re-indexing a doc (`index` after `remove`) waits for the
 * worker first. Synchronous like `createIndexer`, so it runs inside a transaction: the writer
 * sleeps on a shared counter (Atomics.wait) and takes answers with receiveMessageOnPort.
 *
 * @example
 * const indexer = createParallelIndexer(db);
 * try {
 *   db.transaction(() => {
 *     for (const [doc, json] of versions) indexer.indexJson(doc, json);
 *     indexer.finish();
 *   })();
 * } finally {
 *   indexer.close();
 * }
 */
export function createParallelIndexer(db: Db, options: ParallelIndexerOptions = {}): ParallelIndexer {
  const batchSize = Math.max(1, options.batchSize ?? 1000);
  // The plain indexer keeps the rest of the job: deferring the value indexes of an empty
  // index and rebuilding them and the vocabulary at the end.
  const base = createIndexer(db, { fresh: true });
  const known = db.prepare<[], { id: number; path: string }>('SELECT id, path FROM search_paths').all();
  const signal = new SharedArrayBuffer(4);
  const counter = new Int32Array(signal);
  const { port1, port2 } = new MessageChannel();
  const workerData: IndexWorkerData = {
    paths: known.map(({ id, path }) => [path, id]),
    nextId: known.reduce((max, { id }) => Math.max(max, id), 0) + 1,
    nextLongId: (db.prepare<[], number>('SELECT max(id) FROM search_long').pluck().get() ?? 0) + 1,
    signal,
    port: port2,
  };
  const worker = new Worker(options.workerUrl ?? workerUrl(), {
    workerData,
    transferList: [port2],
    // What the worker keeps between batches is small (path ids, one batch); a small heap
    // makes it collect early instead of growing, which a seed's memory bound needs.
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 8 },
  });
  // A failed start shows up as an unanswered batch; the listener keeps it from being an
  // uncaught error event.
  let failure: Error | undefined;
  worker.on('error', (error) => {
    failure = error;
  });
  const insertPath = db.prepare<[number, string]>('INSERT INTO search_paths (id, path) VALUES (?, ?)');
  const write = batchStatements(db);

  let docs: number[] = [];
  let json: string[] = [];
  let characters = 0;
  let inFlight = 0;
  let closed = false;

  const answer = (): IndexAnswer => {
    for (;;) {
      const seen = Atomics.load(counter, 0);
      const got = receiveMessageOnPort(port1);
      if (got) return got.message as IndexAnswer;
      if (Atomics.wait(counter, 0, seen, ANSWER_TIMEOUT_MS) === 'timed-out')
        throw failure ?? new Error('search index: the index worker stopped answering');
    }
  };
  const take = (): void => {
    const got = answer();
    inFlight--;
    if (!got.ok) throw new Error(`search index: ${got.message}`);
    for (const [id, path] of got.newPaths) insertPath.run(id, path);
    write(got.rows);
  };
  const send = (): void => {
    if (docs.length === 0) return;
    const question: IndexQuestion = { docs, json };
    port1.postMessage(question);
    inFlight++;
    docs = [];
    json = [];
    characters = 0;
    while (inFlight > IN_FLIGHT) take();
  };
  const drain = (): void => {
    if (closed) throw new Error('search index: the parallel indexer is closed');
    send();
    while (inFlight > 0) take();
  };

  return {
    indexJson(doc, text) {
      if (closed) throw new Error('search index: the parallel indexer is closed');
      docs.push(doc);
      json.push(text);
      characters += text.length;
      if (docs.length >= batchSize || characters >= BATCH_CHARACTERS) send();
    },
    index(doc: number, entry: EntryJson) {
      this.indexJson(doc, JSON.stringify(entry));
    },
    remove(doc) {
      // The doc's rows may still be on their way: write everything first.
      drain();
      removeEntryVersionIndex(db, doc);
    },
    flush() {
      // Waiting here would empty the pipeline: the loader flushes after every 2,000 entries,
      // and each drain left the worker idle while the writer built the next ones (in a
      // profile of a 30,000-entry seed the writer waited 18 % of its time, the worker idled
      // 46 %). Rows still on their way are written as the worker answers, all of them by
      // `finish()`, and `remove()` waits for them first.
      if (closed) throw new Error('search index: the parallel indexer is closed');
    },
    finish() {
      drain();
      base.finish();
    },
    close() {
      if (closed) return;
      closed = true;
      port1.close();
      void worker.terminate();
    },
  };
}

// Rows per multi-row insert of values and long texts: per-statement overhead dominates
// single-row inserts (as in the plain indexer).
const ROWS_PER_INSERT = 32;

/**
 * Inserts a batch's rows: values and long texts with multi-row inserts of bound values (in a
 * measurement, twice as fast as reading them from JSON with json_each), geo, doc paths and
 * full text with one statement each over json_each. OR IGNORE on the value rows spares a
 * statement journal, as in the plain indexer; the count check still fails loudly on a
 * conflict.
 */
function batchStatements(db: Db): (rows: BatchRows) => void {
  const multi = (table: string, columns: string[], orIgnore: boolean) => {
    const tuple = `(${columns.map(() => '?').join(', ')})`;
    const prefix = `INSERT ${orIgnore ? 'OR IGNORE ' : ''}INTO ${table} (${columns.join(', ')}) VALUES `;
    const full = db.prepare<unknown[]>(prefix + Array(ROWS_PER_INSERT).fill(tuple).join(', '));
    const one = db.prepare<unknown[]>(prefix + tuple);
    const width = columns.length;
    return (items: readonly unknown[]): number => {
      let changes = 0;
      const rows = items.length / width;
      let row = 0;
      for (; row + ROWS_PER_INSERT <= rows; row += ROWS_PER_INSERT)
        changes += full.run(...items.slice(row * width, (row + ROWS_PER_INSERT) * width)).changes;
      for (; row < rows; row++) changes += one.run(...items.slice(row * width, (row + 1) * width)).changes;
      return changes;
    };
  };
  const longs = multi('search_long', ['id', 'text'], false);
  const values = multi('search_values', ['doc', 'path', 'seq', 'text', 'long', 'num'], true);
  const geo = db.prepare<[string]>(
    'INSERT INTO search_geo (doc, path, seq, lat, lon) ' +
      'SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4 FROM json_each(?)',
  );
  const docPaths = db.prepare<[string]>(
    'INSERT INTO search_doc_paths (doc, paths) SELECT value ->> 0, value -> 1 FROM json_each(?)',
  );
  const fullText = db.prepare<[string]>(
    'INSERT INTO search_fts (rowid, body) SELECT value ->> 0, value ->> 1 FROM json_each(?)',
  );
  return (rows) => {
    longs(rows.longs);
    if (values(rows.values) !== rows.values.length / 6)
      throw new Error('search index: a doc already has value rows (indexed twice without removal?)');
    geo.run(rows.geo);
    docPaths.run(rows.docPaths);
    if (rows.fullTextCount > 0) {
      fullText.run(rows.fullText);
      markVocabularyStale(db);
    }
  };
}

/**
 * The worker's module: next to this one when running compiled; when running from the
 * TypeScript source (the tests), the compiled copy under dist/, since a worker thread of
 * this Node cannot load .ts.
 */
function workerUrl(): URL {
  const here = import.meta.url;
  if (here.endsWith('.ts')) return new URL('../../dist/src/search/index-worker.js', here);
  return new URL('./index-worker.js', here);
}
