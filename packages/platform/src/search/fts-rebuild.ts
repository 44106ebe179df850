import type { Db } from '../db/db-handle.js';
import { flattenEntry } from './flatten.js';
import { fullTextBody } from './fts-body.js';
import { rebuildWelshFullTextIfDue, WELSH_REBUILD_KEY } from './fts-rebuild-welsh.js';
import { moveStagedFullText, stageFullText } from './fts-staging.js';
import { PathIdWriter } from './paths.js';
import { words } from './text.js';
import type { EntryJson } from './types.js';
import { refreshVocabulary } from './vocabulary.js';

/** Versions are read from entry_versions, and their full-text rows moved, this many at a time. */
const RUN = 1000;

/**
 * Rewrites the full-text index of every stored version when a migration changed what it holds
 * (migration 012: stems, no picture addresses) and marked it with `fts_rebuild` = 1. The text
 * lives only in the entries' JSON, so SQL alone cannot do it. Runs once, in one transaction,
 * when the database is opened; the vocabulary of typo corrections is rebuilt with it. Without a
 * full rebuild due, rewrites only the Welsh rows when migration 014 asked for that
 * (fts-rebuild-welsh.ts). Returns the number of versions indexed (0 when nothing was due).
 */
export function rebuildFullTextIfDue(db: Db): number {
  const due = db.prepare("SELECT value FROM search_meta WHERE key = 'fts_rebuild'").pluck().get();
  if (due !== 1) return rebuildWelshFullTextIfDue(db);
  let count = 0;
  db.transaction(() => {
    db.exec("INSERT INTO search_fts (search_fts) VALUES ('delete-all')");
    db.exec('DELETE FROM search_fts_pending');
    db.exec('DELETE FROM search_terms');
    const ids = new PathIdWriter(db);
    const page = db.prepare<[number, number], { doc: number; data: string }>(
      'SELECT doc, data FROM entry_versions WHERE doc > ? ORDER BY doc LIMIT ?',
    );
    // A page at a time: better-sqlite3 cannot write while a statement is still reading.
    for (let after = -1; ; ) {
      const rows = page.all(after, RUN);
      if (rows.length === 0) break;
      for (const row of rows) {
        const body = fullTextBody(
          flattenEntry(JSON.parse(row.data) as EntryJson),
          (path) => ids.id(path),
          words,
        );
        if (body !== undefined) {
          stageFullText(db, row.doc, body);
          count += 1;
        }
      }
      after = rows[rows.length - 1]!.doc;
      moveStagedFullText(db);
    }
    moveStagedFullText(db);
    db.prepare(
      "INSERT INTO search_meta (key, value) VALUES ('terms_stale', 1) ON CONFLICT (key) DO UPDATE SET value = 1",
    ).run();
    db.prepare("DELETE FROM search_meta WHERE key = 'fts_rebuild'").run();
    // The full rebuild wrote the Welsh rows too.
    db.prepare(`DELETE FROM search_meta WHERE key = '${WELSH_REBUILD_KEY}'`).run();
  })();
  refreshVocabulary(db);
  return count;
}
