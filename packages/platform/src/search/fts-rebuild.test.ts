import { describe, expect, it } from 'vitest';
import { loadMigrations, migrate } from '../db/migrate.js';
import { openDatabase } from '../db/open.js';
import { rebuildFullTextIfDue } from './fts-rebuild.js';
import { searchEntries } from './search.js';
import { insertEntryVersion, insertProject, makeEntry } from './testing.js';

function titles(db: ReturnType<typeof openDatabase>, term: string): number[] {
  return searchEntries(db, {
    projectId: 'proj',
    pageIndex: 0,
    pageSize: 10,
    where: [{ field: '*', freeText: term }],
    defaultVersionStatus: 'published',
    allowLatest: true,
  }).hits.map((hit) => hit.doc);
}

describe('migration 012: word analysis', () => {
  it('rebuilds the full text of a database indexed before stems', () => {
    const db = openDatabase(':memory:', { migrate: false });
    const all = loadMigrations();
    migrate(
      db,
      all.filter((migration) => migration.version < 12),
    );
    insertProject(db, 'proj');
    const doc = insertEntryVersion(db, {
      projectId: 'proj',
      entry: makeEntry({
        title: 'Nursing care',
        picture: { asset: { sys: { id: 'a1', uri: '/image-library/wards/library.jpg' } } },
      }),
    });
    // The row as the indexer wrote it before: words only, the picture's address included.
    db.exec("INSERT INTO search_fts (search_fts) VALUES ('delete-all')");
    db.prepare('INSERT INTO search_fts (rowid, body) VALUES (?, ?)').run(
      doc,
      'Nursing care /image-library/wards/library.jpg',
    );
    expect(titles(db, 'nurse')).toEqual([]);
    expect(titles(db, 'library')).toEqual([doc]);

    expect(migrate(db, all)).toContain('012_word_analysis');
    expect(rebuildFullTextIfDue(db)).toBe(1);
    expect(titles(db, 'nurse')).toEqual([doc]);
    expect(titles(db, 'library')).toEqual([]);
    // Done once.
    expect(rebuildFullTextIfDue(db)).toBe(0);
  });

  it('leaves a new database nothing to rebuild', () => {
    const db = openDatabase(':memory:');
    expect(db.prepare("SELECT value FROM search_meta WHERE key = 'fts_rebuild'").get()).toBeUndefined();
  });
});
