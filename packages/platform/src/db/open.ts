import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { rebuildFullTextIfDue } from '../search/fts-rebuild.js';
import type { Db } from './db-handle.js';
import { migrate } from './migrate.js';

/** The handle every repository works with. */
export type { Db } from './db-handle.js';

/** Options for {@link openDatabase}. */
export interface OpenDatabaseOptions {
  /** Apply pending migrations on open (default true). */
  migrate?: boolean;
}

/**
 * Opens (creating when needed) the platform database at `file`, or an in-memory database for
 * `':memory:'`, with the settings the platform relies on, and brings its schema up to date.
 *
 * WAL lets readers run while a writer commits; `synchronous = FULL` makes a commit durable
 * before the write is acknowledged, so a killed process never loses an answered write.
 *
 * @example
 * const db = openDatabase('.data/platform.db');
 */
export function openDatabase(file: string, options: OpenDatabaseOptions = {}): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // A generous page cache and memory-mapped reads keep hot indexes out of syscalls.
  db.pragma('cache_size = -65536');
  db.pragma('mmap_size = 268435456');
  db.pragma('temp_store = MEMORY');
  if (options.migrate !== false) {
    migrate(db);
    // A migration that changed what the full-text index holds leaves its rows to rebuild.
    rebuildFullTextIfDue(db);
  }
  return db;
}
