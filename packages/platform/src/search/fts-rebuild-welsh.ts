import type { Db } from '../db/db-handle.js';
import { flattenEntry } from './flatten.js';
import { fullTextBody } from './fts-body.js';
import { moveStagedFullText } from './fts-staging.js';
import { PathIdWriter } from './paths.js';
import { words } from './text.js';
import type { EntryJson } from './types.js';

/**
 * The `search_meta` key migrations 014 (mutations) and 015 (plurals) set when Welsh versions'
 * full-text rows are due.
 */
export const WELSH_REBUILD_KEY = 'fts_rebuild_welsh';

/** Welsh versions are read, and their rows rewritten, this many at a time. */
const RUN = 1000;

/**
 * Rewrites the full-text rows of the Welsh versions (language `cy` or `cy-…`) when migration
 * 014 or 015 marked them with `fts_rebuild_welsh` = 1: they were indexed with English stems
 * (before 014) or without plurals (before 015), and now hold their words' Welsh base forms,
 * radical candidates and singulars (analysis.ts `baseForms`). Only those rows change, so a big
 * database of English entries opens without rewriting its whole index; the words themselves
 * are unchanged, so the typo vocabulary stays. Runs once, in one transaction, when the
 * database is opened. Returns the number of versions rewritten (0 when nothing was due).
 */
export function rebuildWelshFullTextIfDue(db: Db): number {
  const due = db.prepare(`SELECT value FROM search_meta WHERE key = '${WELSH_REBUILD_KEY}'`).pluck().get();
  if (due !== 1) return 0;
  let count = 0;
  db.transaction(() => {
    // Rows a bulk load queued go in first, so each Welsh row is replaced where it lives.
    moveStagedFullText(db);
    const ids = new PathIdWriter(db);
    const page = db.prepare<[number, number], { doc: number; data: string }>(
      `SELECT doc, data FROM entry_versions
       WHERE doc > ? AND (lower(language) = 'cy' OR lower(language) LIKE 'cy-%')
       ORDER BY doc LIMIT ?`,
    );
    const has = db.prepare<[number], number>('SELECT rowid FROM search_fts WHERE rowid = ?').pluck();
    const remove = db.prepare<[number]>('DELETE FROM search_fts WHERE rowid = ?');
    const insert = db.prepare<[number, string]>('INSERT INTO search_fts (rowid, body) VALUES (?, ?)');
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
        // Deleting a rowid a contentless FTS5 table never had still writes a tombstone.
        if (has.get(row.doc) !== undefined) remove.run(row.doc);
        if (body !== undefined) insert.run(row.doc, body);
        count += 1;
      }
      after = rows[rows.length - 1]!.doc;
    }
    db.prepare(`DELETE FROM search_meta WHERE key = '${WELSH_REBUILD_KEY}'`).run();
  })();
  return count;
}
