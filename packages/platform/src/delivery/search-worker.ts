/**
 * A search worker thread of {@link SearchPool}: one read-only connection to the platform
 * database, answering one search at a time with {@link searchSnapshot} (the search and its
 * hits' stored versions from one snapshot of the database).
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type { SearchRequest } from '../search/types.js';
import { fillHidden, type WorkerAnswer, type WorkerQuestion } from './search-messages.js';
import { searchSnapshot } from './search-snapshot.js';

const { file } = workerData as { file: string };
// Read-only: the writer is the main thread's connection alone. The settings a reader needs
// (the page cache and memory-mapped reads) are openDatabase's; migrations are not a reader's.
const db = new Database(file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
db.pragma('cache_size = -65536');
db.pragma('mmap_size = 268435456');
db.pragma('temp_store = MEMORY');

parentPort!.on('message', (question: WorkerQuestion) => {
  let answer: WorkerAnswer;
  try {
    const { hidden, ...rest } = question.request;
    const request: SearchRequest = hidden ? { ...rest, hidden: fillHidden(hidden) } : rest;
    answer = { id: question.id, ok: true, ...searchSnapshot(db, request) };
  } catch (error) {
    const { name, message } = error instanceof Error ? error : new Error(String(error));
    answer = { id: question.id, ok: false, error: { name, message } };
  }
  parentPort!.postMessage(answer);
});
