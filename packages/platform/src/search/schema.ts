import type { Db } from '../db/db-handle.js';

/**
 * Secondary indexes of `search_values`, as created by migration 002. A bulk indexer may drop
 * them while it loads (building an index once is several times faster than maintaining it
 * row by row) and recreates them with these statements.
 */
export const VALUE_INDEXES: ReadonlyArray<{ name: string; sql: string }> = [
  {
    name: 'search_values_text',
    sql: 'CREATE INDEX IF NOT EXISTS search_values_text ON search_values (path, text)',
  },
  {
    name: 'search_values_num',
    sql: 'CREATE INDEX IF NOT EXISTS search_values_num ON search_values (path, num) WHERE num IS NOT NULL',
  },
];

// Databases whose value indexes are known to exist, so searches check the schema only once.
const verified = new WeakSet<Db>();

/** Forgets that the value indexes were seen, so the next {@link ensureValueIndexes} looks again. */
export function forgetValueIndexes(db: Db): void {
  verified.delete(db);
}

/** Drops the value indexes (bulk loading); {@link ensureValueIndexes} brings them back. */
export function dropValueIndexes(db: Db): void {
  verified.delete(db);
  for (const { name } of VALUE_INDEXES) db.exec(`DROP INDEX IF EXISTS ${name}`);
}

/**
 * Makes sure the value indexes exist, recreating any a bulk load dropped and never restored
 * (e.g. a seed that forgot `flush()`), so searches are never left scanning.
 */
export function ensureValueIndexes(db: Db): void {
  if (verified.has(db)) return;
  const present = new Set(
    db
      .prepare<[], { name: string }>(
        "SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'search_values'",
      )
      .all()
      .map((row) => row.name),
  );
  const missing = VALUE_INDEXES.filter(({ name }) => !present.has(name));
  if (missing.length > 0) {
    db.transaction(() => {
      for (const { sql } of missing) db.exec(sql);
    })();
  }
  verified.add(db);
}
