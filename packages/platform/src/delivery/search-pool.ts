import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Db } from '../db/open.js';
import { SearchAccessError, SearchBusyError, SearchError } from '../search/errors.js';
import type { SearchRequest } from '../search/types.js';
import {
  fillHidden,
  hiddenTemplate,
  type PortableSearchRequest,
  type WorkerAnswer,
  type WorkerQuestion,
} from './search-messages.js';
import { type SearchSnapshot, searchSnapshot } from './search-snapshot.js';

/** Options of {@link SearchPool}. */
export interface SearchPoolOptions {
  /** The main (writing) connection: its file is what the workers open read-only. */
  db: Db;
  /** Worker threads, each with its own read connection (default: the CPU cores, at most 4). */
  workers?: number;
  /**
   * How long a search may wait for a worker and run, in ms (default 5 000): past it the
   * search fails with {@link SearchBusyError} (503 with `Retry-After`), and a search still
   * running has its worker replaced.
   */
  budgetMs?: number;
  /** The worker script (default the platform's own, search-worker.ts); tests pass stand-ins. */
  workerUrl?: URL;
}

/** A search's result and its hits' stored versions, read from one snapshot. */
export type PooledSearch = SearchSnapshot;

/** Default number of search workers: the cores, at most 4. */
export const DEFAULT_SEARCH_WORKERS = Math.max(1, Math.min(4, availableParallelism()));
/** Default time budget of a search in ms. */
export const DEFAULT_SEARCH_BUDGET_MS = 5000;

interface Job {
  question: WorkerQuestion;
  resolve: (value: PooledSearch) => void;
  reject: (error: unknown) => void;
  timer: NodeJS.Timeout;
  settled: boolean;
}

interface Slot {
  worker: Worker;
  job: Job | undefined;
}

/**
 * Searches on a small pool of worker threads, each with a read-only connection to the
 * database file (WAL lets them read while the main connection writes). The main thread stays
 * free for node reads and everything else while searches run, and searches run side by side
 * instead of one after another. Searches wait for a free worker in arrival order; one that is
 * not answered within the time budget fails with {@link SearchBusyError} rather than queueing
 * without end. A worker that fails for any reason other than the request itself (say, a search
 * that must first repair the index, which a read-only connection cannot) is answered on the
 * main connection instead, so the pool never changes what a search returns.
 */
export class SearchPool {
  readonly #db: Db;
  readonly #file: string;
  readonly #budgetMs: number;
  readonly #workerUrl: URL;
  readonly #slots: Slot[] = [];
  readonly #queue: Job[] = [];
  #nextId = 1;
  #closed = false;
  /** Searches answered by a worker, answered on the main connection instead, and given up on. */
  readonly stats = { byWorkers: 0, inProcess: 0, overBudget: 0 };

  constructor(options: SearchPoolOptions) {
    this.#db = options.db;
    this.#file = options.db.name;
    this.#budgetMs = options.budgetMs ?? DEFAULT_SEARCH_BUDGET_MS;
    this.#workerUrl = options.workerUrl ?? workerUrl();
    const count = Math.max(1, options.workers ?? DEFAULT_SEARCH_WORKERS);
    for (let i = 0; i < count; i++) this.#slots.push(this.#start());
  }

  /** How many worker threads search. */
  get size(): number {
    return this.#slots.length;
  }

  /** Runs a search on a worker; rejects as `searchEntries` would, or with {@link SearchBusyError}. */
  search(request: SearchRequest): Promise<PooledSearch> {
    if (this.#closed) return Promise.resolve(this.#inProcess(request));
    const { hidden, ...rest } = request;
    const template = hiddenTemplate(hidden);
    const question: WorkerQuestion = {
      id: this.#nextId++,
      request: template ? { ...rest, hidden: template } : rest,
    };
    return new Promise<PooledSearch>((resolve, reject) => {
      const job: Job = {
        question,
        resolve,
        reject,
        settled: false,
        timer: setTimeout(() => this.#timeOut(job), this.#budgetMs),
      };
      this.#queue.push(job);
      this.#dispatch();
    });
  }

  /** Stops the workers; searches still waiting fail with {@link SearchBusyError}. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const job of this.#queue.splice(0)) this.#settle(job, () => job.reject(busy()));
    await Promise.all(this.#slots.map((slot) => slot.worker.terminate()));
  }

  #start(): Slot {
    const worker = new Worker(this.#workerUrl, { workerData: { file: this.#file } });
    // The pool must not keep a process alive that is otherwise done (a CLI, a test).
    worker.unref();
    const slot: Slot = { worker, job: undefined };
    worker.on('message', (answer: WorkerAnswer) => this.#answered(slot, answer));
    worker.on('error', (error) => this.#lost(slot, error));
    worker.on('exit', () => this.#lost(slot, new Error('The search worker stopped')));
    return slot;
  }

  #dispatch(): void {
    for (const slot of this.#slots) {
      if (slot.job) continue;
      let job = this.#queue.shift();
      while (job?.settled) job = this.#queue.shift();
      if (!job) return;
      slot.job = job;
      slot.worker.postMessage(job.question);
    }
  }

  #answered(slot: Slot, answer: WorkerAnswer): void {
    const job = slot.job;
    slot.job = undefined;
    if (job && job.question.id === answer.id) {
      if (answer.ok) {
        this.stats.byWorkers++;
        this.#settle(job, () => job.resolve({ result: answer.result, records: answer.records }));
      } else if (answer.error.name === 'SearchError') {
        this.#settle(job, () => job.reject(new SearchError(answer.error.message)));
      } else if (answer.error.name === 'SearchAccessError') {
        this.#settle(job, () => job.reject(new SearchAccessError(answer.error.message)));
      } else {
        this.#settle(job, () => this.#fallBack(job));
      }
    }
    this.#dispatch();
  }

  /** A worker died: its search is answered on the main connection and a new worker starts. */
  #lost(slot: Slot, _error: unknown): void {
    const index = this.#slots.indexOf(slot);
    if (index < 0) return;
    const job = slot.job;
    slot.job = undefined;
    if (this.#closed) {
      // Closing ended the worker mid-search: that search is over too.
      if (job) this.#settle(job, () => job.reject(busy()));
      return;
    }
    this.#slots[index] = this.#start();
    if (job) this.#settle(job, () => this.#fallBack(job));
    this.#dispatch();
  }

  #timeOut(job: Job): void {
    if (job.settled) return;
    this.stats.overBudget++;
    this.#settle(job, () => job.reject(busy()));
    const slot = this.#slots.find((candidate) => candidate.job === job);
    if (!slot) return; // still queued: dispatch skips it
    // The worker is still busy with it: replace the worker so the pool keeps its size. The
    // old thread ends once SQLite hands control back.
    const index = this.#slots.indexOf(slot);
    slot.worker.removeAllListeners('exit');
    void slot.worker.terminate();
    this.#slots[index] = this.#start();
    this.#dispatch();
  }

  #settle(job: Job, then: () => void): void {
    if (job.settled) return;
    job.settled = true;
    clearTimeout(job.timer);
    then();
  }

  #fallBack(job: Job): void {
    this.stats.inProcess++;
    try {
      job.resolve(this.#inProcess(portableToRequest(job.question.request)));
    } catch (error) {
      job.reject(error);
    }
  }

  /** The search on the main connection, from one snapshot like a worker's. */
  #inProcess(request: SearchRequest): PooledSearch {
    return searchSnapshot(this.#db, request);
  }
}

function portableToRequest(portable: PortableSearchRequest): SearchRequest {
  const { hidden, ...rest } = portable;
  return hidden ? { ...rest, hidden: fillHidden(hidden) } : rest;
}

function busy(): SearchBusyError {
  return new SearchBusyError('The search took too long; try again in a moment');
}

/**
 * The worker script: beside this module when running compiled; when this module runs from its
 * TypeScript source (the tests), the compiled copy under dist/, since a worker thread of
 * Node 20 cannot load TypeScript.
 */
function workerUrl(): URL {
  const here = import.meta.url;
  if (here.endsWith('.ts')) return new URL('../../dist/src/delivery/search-worker.js', here);
  return new URL('./search-worker.js', here);
}
