import type { Db } from './open.js';

/**
 * Memoises a set of prepared statements per database handle. Repositories call the returned
 * function on every use; the statements are compiled once, on first use, and dropped with the
 * handle (a WeakMap keeps closed databases collectable).
 *
 * @example
 * const statements = preparedFor((db) => ({ get: db.prepare('SELECT 1') }));
 * statements(db).get.get();
 */
export function preparedFor<T>(build: (db: Db) => T): (db: Db) => T {
  const cache = new WeakMap<Db, T>();
  return (db) => {
    let prepared = cache.get(db);
    if (!prepared) {
      prepared = build(db);
      cache.set(db, prepared);
    }
    return prepared;
  };
}

/** Parses a JSON column written by the platform itself (so a parse failure is a real bug). */
export function parseJsonColumn<T>(text: string): T {
  return JSON.parse(text) as T;
}
