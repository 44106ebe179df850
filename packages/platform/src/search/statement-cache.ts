import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/db-handle.js';

// Compiled searches of the same shape produce the same SQL text (values are bound), so a
// small cache saves re-preparing the statement on every request.
const MAX_STATEMENTS = 200;
const cacheByDb = new WeakMap<Db, Map<string, Statement>>();

/** A prepared statement for `sql`, reused across calls on the same database (LRU, 200 entries). */
export function cachedStatement(db: Db, sql: string): Statement {
  let cache = cacheByDb.get(db);
  if (!cache) {
    cache = new Map();
    cacheByDb.set(db, cache);
  }
  let statement = cache.get(sql);
  if (statement) {
    // Re-insert to mark as most recently used.
    cache.delete(sql);
  } else {
    statement = db.prepare(sql);
    if (cache.size >= MAX_STATEMENTS) cache.delete(cache.keys().next().value as string);
  }
  cache.set(sql, statement);
  return statement;
}
