import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/db-handle.js';
import { markVocabularyStale } from './vocabulary.js';

/**
 * Full-text rows of bulk loads wait in `search_fts_pending` and move into `search_fts` in
 * runs (see migration 002 for why). Everything that reads the full-text index moves them
 * first, so waiting rows are never missed by a search.
 */

interface StagingStatements {
  stage: Statement<[number, string]>;
  unstage: Statement<[number]>;
  any: Statement<[], number>;
  move: Statement<[]>;
  clear: Statement<[]>;
}

const statementsByDb = new WeakMap<Db, StagingStatements>();

function statements(db: Db): StagingStatements {
  let prepared = statementsByDb.get(db);
  if (!prepared) {
    prepared = {
      stage: db.prepare('INSERT OR REPLACE INTO search_fts_pending (doc, body) VALUES (?, ?)'),
      unstage: db.prepare('DELETE FROM search_fts_pending WHERE doc = ?'),
      any: db.prepare<[], number>('SELECT 1 FROM search_fts_pending LIMIT 1').pluck(),
      move: db.prepare(
        'INSERT INTO search_fts (rowid, body) SELECT doc, body FROM search_fts_pending ORDER BY doc',
      ),
      clear: db.prepare('DELETE FROM search_fts_pending'),
    };
    statementsByDb.set(db, prepared);
  }
  return prepared;
}

/** Queues the full-text row of `doc`, replacing one already queued. */
export function stageFullText(db: Db, doc: number, body: string): void {
  statements(db).stage.run(doc, body);
}

/** Drops a queued full-text row. */
export function unstageFullText(db: Db, doc: number): void {
  statements(db).unstage.run(doc);
}

/** Whether any full-text row is waiting. */
export function hasStagedFullText(db: Db): boolean {
  return statements(db).any.get() !== undefined;
}

/** Moves every waiting row into the full-text index, in one run of inserts. */
export function moveStagedFullText(db: Db): void {
  const s = statements(db);
  db.transaction(() => {
    const { changes } = s.move.run();
    s.clear.run();
    if (changes > 0) markVocabularyStale(db);
  })();
}

/**
 * Runs a housekeeping write from a read path (searches), skipping it when this connection
 * cannot write right now (read-only, or another writer holds the lock past busy_timeout):
 * the search then runs on the index as it is.
 */
export function tryHousekeeping(work: () => void): void {
  try {
    work();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_READONLY')))
      return;
    throw error;
  }
}
