/**
 * The seed's index worker (see parallel-indexer.ts): turns stored versions' JSON into their
 * index rows (flattening, words, stems, the full-text row) on a thread of its own, while the
 * writer's thread builds the next documents and inserts. It never touches the database: path
 * ids it needs are given out here, in order, and the writer inserts them with the rows.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { BatchRowsBuilder, docRows, entryRows } from './index-rows.js';
import type { IndexAnswer, IndexQuestion, IndexWorkerData } from './index-worker-messages.js';
import type { EntryJson } from './types.js';

const data = workerData as IndexWorkerData;
const ids = new Map(data.paths);
let nextId = data.nextId;
let newPaths: [number, string][] = [];
const signal = new Int32Array(data.signal);
const batch = new BatchRowsBuilder(data.nextLongId);

const pathId = (path: string): number => {
  let id = ids.get(path);
  if (id === undefined) {
    id = nextId++;
    ids.set(path, id);
    newPaths.push([id, path]);
  }
  return id;
};

data.port.on('message', (question: IndexQuestion) => {
  let answer: IndexAnswer;
  try {
    for (let i = 0; i < question.docs.length; i++) {
      const entry = JSON.parse(question.json[i]!) as EntryJson;
      batch.add(docRows(question.docs[i]!, entryRows(entry, pathId), pathId));
    }
    answer = { ok: true, newPaths, rows: batch.take() };
  } catch (error) {
    batch.take();
    answer = { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  newPaths = [];
  data.port.postMessage(answer);
  // After the answer is queued: the writer reads the counter before looking at the port.
  Atomics.add(signal, 0, 1);
  Atomics.notify(signal, 0);
});
// parentPort stays unused; referencing it keeps this module a worker-only entry point.
if (!parentPort) throw new Error('index-worker.ts runs as a worker thread');
