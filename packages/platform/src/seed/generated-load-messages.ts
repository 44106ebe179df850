import type { LoadSeedResult } from './load.js';
import type { SeedDeliveryToken } from './types.js';

/** What the generated-content load worker is given. */
export interface GeneratedLoadData {
  /** The database file, already migrated; no other connection may have it open. */
  databaseFile: string;
  dataDir: string;
  /** Generated entries to write (images come on top). */
  count: number;
  deliveryTokens: SeedDeliveryToken[];
}

/** What the worker reports: progress, then the result or the failure. */
export type GeneratedLoadMessage =
  | { kind: 'progress'; done: number }
  | { kind: 'done'; result: LoadSeedResult }
  | { kind: 'failed'; message: string };
