import { describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../db/open.js';
import { createIndexer, indexEntryVersion, removeEntryVersionIndex } from './indexer.js';
import { searchEntries } from './search.js';
import { insertEntryVersion, insertProject, makeEntry } from './testing.js';

function setup(): Db {
  const db = openDatabase(':memory:');
  insertProject(db, 'proj');
  return db;
}

function count(db: Db, table: string, doc: number): number {
  const column = table === 'search_fts' ? 'rowid' : 'doc';
  return (db.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${column} = ?`).get(doc) as { n: number }).n;
}

function find(db: Db, where: unknown): number[] {
  return searchEntries(db, {
    projectId: 'proj',
    where,
    pageIndex: 0,
    pageSize: 50,
    defaultVersionStatus: 'published',
    allowLatest: true,
  }).hits.map((hit) => hit.doc);
}

const insertRow = (db: Db, title: string) =>
  Number(
    db
      .prepare(
        `INSERT INTO entry_versions (project_id, entry_id, language, is_latest, is_published, content_type_id, data_format, version_no, entry_title, data)
         VALUES ('proj', ?, 'en-GB', 1, 1, 'article', 'entry', '1.0', ?, '{}')`,
      )
      .run(`id-${title}`, title).lastInsertRowid,
  );

describe('indexEntryVersion', () => {
  it('replaces the rows of a doc when indexed again', () => {
    const db = setup();
    const doc = insertEntryVersion(db, {
      projectId: 'proj',
      entry: makeEntry({ title: 'Old title', tags: ['a', 'b'] }),
    });
    expect(find(db, [{ field: 'title', freeText: 'old' }])).toEqual([doc]);
    indexEntryVersion(db, doc, makeEntry({ title: 'New title', location: { lat: 1, lon: 2 } }));
    expect(find(db, [{ field: 'title', freeText: 'old' }])).toEqual([]);
    expect(find(db, [{ field: 'tags', equalTo: 'a' }])).toEqual([]);
    expect(find(db, [{ field: 'title', freeText: 'new' }])).toEqual([doc]);
    expect(count(db, 'search_geo', doc)).toBe(1);
  });

  it('removes every row of a doc', () => {
    const db = setup();
    const doc = insertEntryVersion(db, {
      projectId: 'proj',
      entry: makeEntry({ title: 'Gone', location: { lat: 1, lon: 2 }, body: 'long '.repeat(30) }),
    });
    const longRows = () => db.prepare('SELECT count(*) FROM search_long').pluck().get();
    expect(longRows()).toBe(1);
    removeEntryVersionIndex(db, doc);
    for (const table of ['search_values', 'search_geo', 'search_fts', 'search_doc_paths']) {
      expect(count(db, table, doc)).toBe(0);
    }
    expect(longRows()).toBe(0);
    expect(find(db, [{ field: '*', freeText: 'gone' }])).toEqual([]);
  });

  it('is cleaned up when the entry_versions row is deleted, also by project cascade', () => {
    const db = setup();
    const doc = insertEntryVersion(db, {
      projectId: 'proj',
      entry: makeEntry({ title: 'Cascade', location: { lat: 1, lon: 2 }, body: 'long '.repeat(30) }),
    });
    const longRows = () => db.prepare('SELECT count(*) FROM search_long').pluck().get();
    expect(longRows()).toBe(1);
    db.prepare('DELETE FROM projects WHERE id = ?').run('proj');
    for (const table of ['search_docs', 'search_values', 'search_geo', 'search_fts', 'search_doc_paths']) {
      expect(count(db, table, doc)).toBe(0);
    }
    expect(longRows()).toBe(0);
  });

  it('keeps search_docs in step with entry_versions flags and titles', () => {
    const db = setup();
    const doc = insertEntryVersion(db, {
      projectId: 'proj',
      entry: makeEntry({ title: 'Draft' }),
      isPublished: false,
    });
    expect(find(db, [])).toEqual([]);
    db.prepare('UPDATE entry_versions SET is_published = 1, entry_title = ? WHERE doc = ?').run(
      'Published',
      doc,
    );
    expect(find(db, [])).toEqual([doc]);
    expect(db.prepare('SELECT entry_title FROM search_docs WHERE doc = ?').pluck().get(doc)).toBe(
      'Published',
    );
  });
});

describe('long values', () => {
  const longRows = (db: Db) => db.prepare('SELECT count(*) FROM search_long').pluck().get();

  it('share one search_long row per doc and text, found under every path', () => {
    const db = setup();
    const summary = `${'A summary long enough to be cut from the text key. '.repeat(2)}Harbour.`;
    const doc = insertEntryVersion(db, {
      projectId: 'proj',
      entry: makeEntry({ title: 'Shared', summary, entryDescription: summary, other: `${summary} More.` }),
    });
    expect(longRows(db)).toBe(2);
    for (const field of ['summary', 'entryDescription']) {
      expect(find(db, [{ field, equalTo: summary }])).toEqual([doc]);
      expect(find(db, [{ field, contains: 'Harbour.' }])).toEqual([doc]);
      expect(find(db, [{ field, endsWith: 'harbour.' }])).toEqual([doc]);
      expect(find(db, [{ field, startsWith: 'a summary long' }])).toEqual([doc]);
      expect(find(db, [{ field, in: [summary.toUpperCase()] }])).toEqual([doc]);
    }
    expect(find(db, [{ field: 'other', equalTo: summary }])).toEqual([]);
    removeEntryVersionIndex(db, doc);
    expect(longRows(db)).toBe(0);
  });

  it('are all deleted with their stored version', () => {
    const db = setup();
    const text = 'x'.repeat(100);
    const doc = insertEntryVersion(db, {
      projectId: 'proj',
      entry: makeEntry({ a: text, b: text, c: [text] }),
    });
    expect(longRows(db)).toBe(1);
    db.prepare('DELETE FROM entry_versions WHERE doc = ?').run(doc);
    expect(longRows(db)).toBe(0);
  });
});

describe('createIndexer', () => {
  const indexNames = (db: Db) =>
    db
      .prepare(
        "SELECT name FROM sqlite_schema WHERE type = 'index' AND name LIKE 'search_values_%' ORDER BY name",
      )
      .pluck()
      .all();
  const pending = (db: Db) => db.prepare('SELECT count(*) FROM search_fts_pending').pluck().get();

  it('queues full text, moves it on flush and rebuilds deferred indexes on finish', () => {
    const db = setup();
    const indexer = createIndexer(db, { fresh: true });
    expect(indexNames(db)).toEqual([]);
    const docs: number[] = [];
    db.transaction(() => {
      for (const title of ['Red apple', 'Green apple', 'Blue sky']) {
        const doc = insertRow(db, title);
        indexer.index(doc, makeEntry({ title, colour: title.split(' ')[0] }));
        docs.push(doc);
      }
      expect(count(db, 'search_fts', docs[0]!)).toBe(0);
      expect(pending(db)).toBe(3);
      indexer.flush();
    })();
    expect(count(db, 'search_fts', docs[0]!)).toBe(1);
    expect(pending(db)).toBe(0);
    indexer.finish();
    expect(indexNames(db)).toEqual(['search_values_num', 'search_values_text']);
    expect(
      find(db, [
        { field: 'title', freeText: 'apple' },
        { field: 'colour', equalTo: 'green' },
      ]),
    ).toEqual([docs[1]]);
    // finish() also rebuilt the fuzzy vocabulary from the full-text index.
    expect(db.prepare('SELECT term FROM search_terms ORDER BY term').pluck().all()).toEqual([
      'apple',
      'blue',
      'green',
      'red',
      'sky',
    ]);
    expect(find(db, [{ field: 'title', freeText: { term: 'aplpe', fuzzy: true } }])).toHaveLength(2);
  });

  it('needs neither flush nor finish for correct searches', () => {
    const db = setup();
    const indexer = createIndexer(db, { fresh: true });
    let doc = 0;
    db.transaction(() => {
      doc = insertRow(db, 'Marmalade');
      indexer.index(doc, makeEntry({ title: 'Marmalade sandwich', shelf: 'top' }));
    })();
    expect(pending(db)).toBe(1);
    expect(
      find(db, [
        { field: 'title', freeText: 'marmalade' },
        { field: 'shelf', equalTo: 'TOP' },
      ]),
    ).toEqual([doc]);
    expect(pending(db)).toBe(0);
    expect(indexNames(db)).toEqual(['search_values_num', 'search_values_text']);
    expect(find(db, [{ field: 'title', freeText: { term: 'marmelade', fuzzy: true } }])).toEqual([doc]);
  });

  it('drops queued rows of removed and deleted docs', () => {
    const db = setup();
    const indexer = createIndexer(db, { fresh: true });
    const kept = insertRow(db, 'Kept');
    const removed = insertRow(db, 'Removed');
    const deleted = insertRow(db, 'Deleted');
    db.transaction(() => {
      for (const doc of [kept, removed, deleted]) indexer.index(doc, makeEntry({ title: `word${doc}` }));
      indexer.remove(removed);
      db.prepare('DELETE FROM entry_versions WHERE doc = ?').run(deleted);
    })();
    expect(pending(db)).toBe(1);
    expect(find(db, [{ field: '*', freeText: `word${kept}` }])).toEqual([kept]);
  });

  it('rebuilds indexes a bulk load left dropped on the next search', () => {
    const db = setup();
    const indexer = createIndexer(db, { deferIndexes: true });
    const doc = insertRow(db, 'Lonely');
    indexer.index(doc, makeEntry({ title: 'Lonely' }));
    expect(find(db, [{ field: 'title', equalTo: 'lonely' }])).toEqual([doc]);
    expect(indexNames(db)).toEqual(['search_values_num', 'search_values_text']);
  });

  it('fails loudly when a fresh doc already has value rows', () => {
    const db = setup();
    const indexer = createIndexer(db, { fresh: true });
    const doc = insertRow(db, 'Twice');
    indexer.index(doc, makeEntry({ title: 'Twice' }));
    expect(() => indexer.index(doc, makeEntry({ title: 'Twice' }))).toThrow(/already has value rows/);
  });

  it('moves queued full text inside the caller’s transaction, which a rollback undoes', () => {
    const db = setup();
    const indexer = createIndexer(db, { fresh: true });
    const kept = insertRow(db, 'Kept');
    db.transaction(() => {
      indexer.index(kept, makeEntry({ title: 'Kept words' }));
      indexer.flush();
    })();
    const lost = insertRow(db, 'Lost');
    expect(() =>
      db.transaction(() => {
        indexer.index(lost, makeEntry({ title: 'Lost words' }));
        indexer.flush();
        expect(count(db, 'search_fts', lost)).toBe(1);
        throw new Error('roll back');
      })(),
    ).toThrow('roll back');
    expect(count(db, 'search_fts', lost)).toBe(0);
    expect(find(db, [{ field: '*', freeText: 'words' }])).toEqual([kept]);
  });

  it('replaces rows when not fresh', () => {
    const db = setup();
    const indexer = createIndexer(db);
    const doc = insertRow(db, 'One');
    indexer.index(doc, makeEntry({ title: 'One' }));
    indexer.flush();
    expect(count(db, 'search_fts', doc)).toBe(1);
    indexer.index(doc, makeEntry({ title: 'Two' }));
    expect(find(db, [{ field: '*', freeText: 'one' }])).toEqual([]);
    expect(find(db, [{ field: '*', freeText: 'two' }])).toEqual([doc]);
    indexer.remove(doc);
    expect(count(db, 'search_values', doc)).toBe(0);
    expect(count(db, 'search_fts', doc)).toBe(0);
  });
});
