import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/db-handle.js';

/**
 * The `search_paths` dictionary: field path text ↔ small integer id used by every index row.
 */

/** Writer side: ids for paths, creating them on first use. */
export class PathIdWriter {
  readonly #insert: Statement<[string]>;
  readonly #select: Statement<[string], { id: number }>;
  readonly #cache = new Map<string, number>();

  /**
   * Ids are cached for the writer's lifetime. A writer must therefore not outlive a rollback
   * of the transaction it created paths in (the cached ids would point at rows that are gone).
   */
  constructor(db: Db) {
    this.#insert = db.prepare('INSERT OR IGNORE INTO search_paths (path) VALUES (?)');
    this.#select = db.prepare('SELECT id FROM search_paths WHERE path = ?');
  }

  /** The id of `path`, inserting it into the dictionary when new. */
  id(path: string): number {
    const cached = this.#cache.get(path);
    if (cached !== undefined) return cached;
    let row = this.#select.get(path);
    if (!row) {
      this.#insert.run(path);
      row = this.#select.get(path);
    }
    if (!row) throw new Error(`search index: could not register path "${path}"`);
    this.#cache.set(path, row.id);
    return row.id;
  }
}

/** Reader side: ids of a path, optionally with every path below it (`author` → `author.sys.id`, …). */
export class PathIdReader {
  readonly #exact: Statement<[string], { id: number }>;
  readonly #tree: Statement<[string, string, string], { id: number }>;
  readonly #numeric: Statement<[number], number>;

  /** Prepares the lookups; cheap enough to create per search. */
  constructor(db: Db) {
    this.#exact = db.prepare('SELECT id FROM search_paths WHERE path = ?');
    // '/' is the character after '.', so the range holds exactly the paths starting "path.".
    this.#tree = db.prepare(
      'SELECT id FROM search_paths WHERE path = ? OR (path > ? AND path < ?) ORDER BY id',
    );
    this.#numeric = db
      .prepare<[number], number>(
        'SELECT 1 FROM search_values INDEXED BY search_values_num WHERE path = ? AND num IS NOT NULL LIMIT 1',
      )
      .pluck();
  }

  /** Id of exactly `path`, if any document has a value there. */
  exact(path: string): number | undefined {
    return this.#exact.get(path)?.id;
  }

  /** Whether any value of the path is a number, date or boolean (has `num`). */
  hasNumbers(id: number): boolean {
    return this.#numeric.get(id) !== undefined;
  }

  /** Ids of `path` and all paths nested under it; empty when none exist. */
  tree(path: string): number[] {
    return this.#tree.all(path, `${path}.`, `${path}/`).map((row) => row.id);
  }
}
