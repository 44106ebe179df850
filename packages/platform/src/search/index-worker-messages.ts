import type { MessagePort } from 'node:worker_threads';
import type { BatchRows } from './index-rows.js';

/** What the seed's index worker starts with. */
export interface IndexWorkerData {
  /** Paths already in `search_paths`, with their ids. */
  paths: [string, number][];
  /** The id the next new path gets (ids are assigned in order, as `search_paths` would). */
  nextId: number;
  /** The id the next search_long row gets. */
  nextLongId: number;
  /** Counter the worker bumps after each answer, so the writer can sleep until one comes. */
  signal: SharedArrayBuffer;
  /** The port questions come in on and answers go out on. */
  port: MessagePort;
}

/** A batch of stored versions to analyse: their docs and their stored JSON. */
export interface IndexQuestion {
  docs: number[];
  json: string[];
}

/** The index rows of a batch, in the question's order, or why it failed. */
export type IndexAnswer =
  | {
      ok: true;
      /** Paths first used in this batch, with the ids the worker gave them. */
      newPaths: [number, string][];
      rows: BatchRows;
    }
  | { ok: false; message: string };
