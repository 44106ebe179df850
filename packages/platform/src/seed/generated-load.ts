import { Worker } from 'node:worker_threads';
import type { GeneratedLoadData, GeneratedLoadMessage } from './generated-load-messages.js';
import type { LoadSeedResult } from './load.js';

/** Options of {@link loadGeneratedContent}. */
export interface GeneratedLoadOptions extends GeneratedLoadData {
  /** Called as entries are written, with the count so far. */
  onProgress?: (done: number) => void;
  /** The loading thread's JavaScript heap limit in MB (default {@link GENERATED_LOAD_HEAP_MB}). */
  heapMb?: number;
  /** The worker's module; by default the compiled generated-load-worker.js beside this file. */
  workerUrl?: URL;
}

/**
 * Heap limit of the loading thread. What a load keeps (link targets and node paths of every
 * entry) is about 450 bytes an entry, some 450 MB at a million; without a limit V8 lets its
 * heap grow to several times what it keeps before collecting (a million-entry seed peaked
 * above 1.5 GB), with one it collects as it nears the limit.
 */
export const GENERATED_LOAD_HEAP_MB = 1024;

/**
 * Writes `count` generated entries (`generateContent`) into the database on a worker thread
 * whose heap is limited, so a big seed's memory stays bounded whatever V8 would otherwise
 * allow itself; the index rows are analysed on a second worker (`indexWorker`). The database
 * must be migrated and closed by every other connection of this process, since the load
 * leaves WAL while it runs.
 *
 * @example
 * const result = await loadGeneratedContent({ databaseFile, dataDir, count: 100_000, deliveryTokens: [] });
 */
export function loadGeneratedContent(options: GeneratedLoadOptions): Promise<LoadSeedResult> {
  const { onProgress, heapMb, workerUrl: url, ...data } = options;
  const workerData: GeneratedLoadData = data;
  return new Promise((resolve, reject) => {
    const worker = new Worker(url ?? workerUrl(), {
      workerData,
      resourceLimits: { maxOldGenerationSizeMb: heapMb ?? GENERATED_LOAD_HEAP_MB },
    });
    let settled = false;
    worker.on('message', (message: GeneratedLoadMessage) => {
      if (message.kind === 'progress') onProgress?.(message.done);
      else if (message.kind === 'done') {
        settled = true;
        resolve(message.result);
      } else {
        settled = true;
        reject(new Error(message.message));
      }
    });
    worker.on('error', (error) => {
      settled = true;
      reject(error);
    });
    worker.on('exit', (code) => {
      if (!settled) reject(new Error(`The seed's load worker stopped (exit code ${code})`));
    });
  });
}

/**
 * The worker's module: next to this one when running compiled; when running from the
 * TypeScript source (the tests), the compiled copy under dist/.
 */
function workerUrl(): URL {
  const here = import.meta.url;
  if (here.endsWith('.ts')) return new URL('../../dist/src/seed/generated-load-worker.js', here);
  return new URL('./generated-load-worker.js', here);
}
