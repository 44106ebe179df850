/**
 * The worker thread of {@link loadGeneratedContent}: opens the database, writes the
 * generated content with the index worker beside it, and reports progress and the result.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../db/open.js';
import { generateContent } from './generate.js';
import type { GeneratedLoadData, GeneratedLoadMessage } from './generated-load-messages.js';
import { loadSeedContent } from './load.js';

const data = workerData as GeneratedLoadData;
const port = parentPort!;
const post = (message: GeneratedLoadMessage) => port.postMessage(message);
const db = openDatabase(data.databaseFile);
try {
  const result = loadSeedContent(
    db,
    { ...generateContent({ count: data.count }), deliveryTokens: data.deliveryTokens },
    { dataDir: data.dataDir, indexWorker: true, onProgress: (done) => post({ kind: 'progress', done }) },
  );
  post({ kind: 'done', result });
} catch (error) {
  post({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
} finally {
  db.close();
}
