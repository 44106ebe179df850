import { beforeAll, describe, expect, it } from 'vitest';
import { loadMigrations, migrate } from '../db/migrate.js';
import { type Db, openDatabase } from '../db/open.js';
import { analysisOf, baseForms } from './analysis.js';
import { flattenEntry } from './flatten.js';
import { fullTextBody } from './fts-body.js';
import { buildMatch } from './fts-query.js';
import { rebuildFullTextIfDue } from './fts-rebuild.js';
import { searchEntries } from './search.js';
import { insertEntryVersion, insertProject, makeEntry } from './testing.js';
import { words } from './text.js';
import { welshRadicals } from './welsh-mutations.js';

// Welsh word analysis: radical candidates of mutated words, the tokenizer on Welsh text, no
// English stems for Welsh, and searches in Welsh and English side by side.

describe('Welsh radical candidates', () => {
  it('undoes the soft mutation', () => {
    expect(welshRadicals('brifysgol')).toEqual(['brifysgol', 'prifysgol']);
    expect(welshRadicals('draeth')).toEqual(['draeth', 'traeth']);
    expect(welshRadicals('gymraeg')).toEqual(['gymraeg', 'cymraeg']);
    expect(welshRadicals('fywyd')).toEqual(['fywyd', 'bywyd', 'mywyd']);
    expect(welshRadicals('fyfyrwyr')).toEqual(['fyfyrwyr', 'byfyrwyr', 'myfyrwyr']);
    expect(welshRadicals('ddinas')).toEqual(['ddinas', 'dinas']);
    expect(welshRadicals('lyfrgell')).toEqual(['lyfrgell', 'llyfrgell']);
    expect(welshRadicals('raglen')).toEqual(['raglen', 'rhaglen']);
    // g is dropped before a vowel (w and y are vowels in Welsh).
    expect(welshRadicals('orllewin')).toEqual(['orllewin', 'gorllewin']);
    expect(welshRadicals('wyliau')).toEqual(['wyliau', 'gwyliau']);
  });

  it('undoes the nasal and aspirate mutations and h before a vowel', () => {
    expect(welshRadicals('mhrifysgol')).toEqual(['mhrifysgol', 'prifysgol']);
    expect(welshRadicals('nhref')).toEqual(['nhref', 'tref']);
    expect(welshRadicals('nghaerdydd')).toEqual(['nghaerdydd', 'caerdydd']);
    expect(welshRadicals('mangor')).toEqual(['mangor', 'bangor']);
    expect(welshRadicals('nyffryn')).toEqual(['nyffryn', 'dyffryn']);
    expect(welshRadicals('ngorsaf')).toEqual(['ngorsaf', 'gorsaf']);
    expect(welshRadicals('phrifysgol')).toEqual(['phrifysgol', 'prifysgol']);
    expect(welshRadicals('thraeth')).toEqual(['thraeth', 'traeth']);
    expect(welshRadicals('chaerdydd')).toEqual(['chaerdydd', 'caerdydd']);
    expect(welshRadicals('hysgol')).toEqual(['hysgol', 'ysgol']);
  });

  it('reads digraphs as one letter', () => {
    // ll, rh and ff are radicals, never a mutated l, r or f; dd is never a mutated t.
    expect(welshRadicals('llyfrgell')).toEqual(['llyfrgell']);
    expect(welshRadicals('rhaglen')).toEqual(['rhaglen']);
    expect(welshRadicals('ffordd')).toEqual(['ffordd']);
    expect(welshRadicals('ddysgu')).toEqual(['ddysgu', 'dysgu']);
    // ngh is the nasal of c, not ng (of g) followed by h.
    expect(welshRadicals('nghymru')).toEqual(['nghymru', 'cymru']);
  });

  it('leaves short words and words with digits alone', () => {
    // "mae" is not "bae", "fel" is not "mel", "chi" is not "ci".
    for (const word of ['mae', 'fel', 'chi', 'dy', 'i', 'ar', 'a487'])
      expect(welshRadicals(word)).toEqual([word]);
  });
});

describe('Welsh text and analysis', () => {
  it('keeps digraphs and folds diacritics as the tokenizer does', () => {
    const text = 'Llyfrgell, rhaglen a ffôn: dŵr, tŷ, Gŵyl, Siân — ym Mhrifysgol Aberwen a’r Ganolfan Ddysgu';
    expect(words(text)).toEqual([
      'Llyfrgell',
      'rhaglen',
      'a',
      'ffôn',
      'dŵr',
      'tŷ',
      'Gŵyl',
      'Siân',
      'ym',
      'Mhrifysgol',
      'Aberwen',
      'a',
      'r',
      'Ganolfan',
      'Ddysgu',
    ]);
    expect(baseForms('gwyl', 'welsh')).toEqual(['gwyl', 'cwyl']);
  });

  it('names the analysis of a language code', () => {
    expect(['cy', 'CY', 'cy-GB', 'en-GB', 'cym', undefined, null].map(analysisOf)).toEqual([
      'welsh',
      'welsh',
      'welsh',
      'english',
      'english',
      'english',
      'english',
    ]);
  });

  it('never stems Welsh by English rules', () => {
    const flat = flattenEntry(makeEntry({ title: 'Ganed yn y cwrs' }, { language: 'cy' }));
    const welsh = fullTextBody(flat, () => 1, words, 'welsh')!;
    const english = fullTextBody(flat, () => 1, words, 'english')!;
    // English rules cut "ganed" (was born) to "gane" and "cwrs" (course) to "cwr" (edge).
    expect(english).toContain('ǂgane');
    expect(english).toContain('ǂcwr');
    expect(welsh).not.toMatch(/ǂ(gane|cwr)\b/);
    expect(welsh).toContain('ǂcaned');
  });

  it('asks for every radical of a Welsh word at the stem level', () => {
    const built = buildMatch({
      term: 'Mhrifysgol',
      operator: 'and',
      fuzzy: false,
      target: { kind: 'content' },
      expand: () => [],
      analyses: ['welsh'],
    });
    expect(built.levels).toEqual([{ match: '"mhrifysgol"', factor: 1, upTo: 0 }]);
    expect(built).toMatchObject({
      match: '("mhrifysgol" OR "ǂmhrifysgol" OR "ǂprifysgol" OR "prifysgol")',
      factor: 0.75,
    });
  });
});

let db: Db;
const titleOf = new Map<number, string>();

beforeAll(() => {
  db = openDatabase(':memory:');
  insertProject(db, 'proj');
  const add = (title: string, summary: string, language = 'cy') => {
    titleOf.set(
      insertEntryVersion(db, { projectId: 'proj', entry: makeEntry({ title, summary }, { language }) }),
      title,
    );
  };
  add('Prifysgol Aberwen', 'Croeso');
  add('Astudio ym Mhrifysgol Aberwen', 'Cyrsiau');
  add('Dewch i Brifysgol Aberwen', 'Diwrnod agored');
  add('Bwyd a Phrifysgol', 'Caffi');
  add('Y Llyfrgell', 'Oriau agor');
  add('Gwaith yn y lyfrgell', 'Swyddi');
  add('Bae Ceredigion', 'Y môr');
  add('Mae’r haf yma', 'Tywydd');
  add('Gŵyl Fwyd Aberwen', 'Bwyd lleol');
  add('Ganed yn Aberwen', 'Hanes');
  add('Cerdded gan y môr', 'Llwybr');
  add('Cwr y goedwig', 'Coed');
  add('Y cwrs gorau', 'Dewis');
  add('Newyddion heddiw', 'Straeon');
  add('Adeilad newydd', 'Agor');
  add('Myfyrwyr yn y ddinas', 'Bywyd');
  add('Welsh words', 'The Welsh for courses is cyrsiau', 'en-GB');
  add('Aberwen University', 'Welcome', 'en-GB');
  add('Study at Aberwen University', 'Universities and courses', 'en-GB');
  for (let i = 0; i < 20; i++) add(`Llenwad ${i}`, `Dim byd ${i}`);
});

function titles(term: string, language?: string, fuzzy = false): string[] {
  return searchEntries(db, {
    projectId: 'proj',
    pageIndex: 0,
    pageSize: 50,
    where: [
      ...(language ? [{ field: 'sys.language', equalTo: language }] : []),
      { field: '*', freeText: { term, fuzzy, operator: 'and' } },
    ],
    defaultVersionStatus: 'published',
    allowLatest: true,
  }).hits.map((hit) => titleOf.get(hit.doc)!);
}

const UNIVERSITY = [
  'Prifysgol Aberwen',
  'Astudio ym Mhrifysgol Aberwen',
  'Dewch i Brifysgol Aberwen',
  'Bwyd a Phrifysgol',
];

describe('freeText in Welsh', () => {
  it('finds every mutation of a word from any of them, the form typed first', () => {
    for (const [term, first] of [
      ['Prifysgol', 'Prifysgol Aberwen'],
      ['Brifysgol', 'Dewch i Brifysgol Aberwen'],
      ['Mhrifysgol', 'Astudio ym Mhrifysgol Aberwen'],
      ['Phrifysgol', 'Bwyd a Phrifysgol'],
    ] as const) {
      const found = titles(term, 'cy');
      expect(found.sort()).toEqual([...UNIVERSITY].sort());
      expect(titles(term, 'cy')[0]).toBe(first);
    }
    expect(titles('llyfrgell', 'cy').sort()).toEqual(['Gwaith yn y lyfrgell', 'Y Llyfrgell']);
    expect(titles('lyfrgell', 'cy').sort()).toEqual(['Gwaith yn y lyfrgell', 'Y Llyfrgell']);
    expect(titles('bwyd', 'cy').sort()).toEqual(['Bwyd a Phrifysgol', 'Gŵyl Fwyd Aberwen']);
  });

  it('folds Welsh diacritics', () => {
    expect(titles('gwyl', 'cy')).toEqual(['Gŵyl Fwyd Aberwen']);
    expect(titles('GŴYL', 'cy')).toEqual(['Gŵyl Fwyd Aberwen']);
    expect(titles('mor', 'cy').sort()).toEqual(['Bae Ceredigion', 'Cerdded gan y môr']);
  });

  it('keeps short words to themselves', () => {
    expect(titles('bae', 'cy')).toEqual(['Bae Ceredigion']);
    expect(titles('mae', 'cy')).toEqual(['Mae’r haf yma']);
  });

  it('never meets words through English stems', () => {
    // English rules would make "cwrs" (course) and "cwr" (edge) one word. The second entry
    // says "Cyrsiau", the plural (see the Welsh plurals below).
    expect(titles('cwr', 'cy')).toEqual(['Cwr y goedwig']);
    expect(titles('cwrs', 'cy')).toEqual(['Y cwrs gorau', 'Astudio ym Mhrifysgol Aberwen']);
    expect(titles('cwr')).toEqual(['Cwr y goedwig']);
    expect(titles('gan', 'cy')).toEqual(['Cerdded gan y môr']);
  });

  it('finds the beginning of any form of a word typed halfway', () => {
    expect(titles('brifys', 'cy', true).sort()).toEqual([...UNIVERSITY].sort());
  });

  it('searches English in English and Welsh in Welsh', () => {
    expect(titles('university', 'en-GB').sort()).toEqual([
      'Aberwen University',
      'Study at Aberwen University',
    ]);
    // English stems still work for English entries; no Welsh entry holds "university".
    expect(titles('universities', 'en-GB').sort()).toEqual([
      'Aberwen University',
      'Study at Aberwen University',
    ]);
    expect(titles('Brifysgol', 'en-GB')).toEqual([]);
    expect(titles('Aberwen', 'cy')).not.toContain('Aberwen University');
    // With no language named, words are analysed in English: no mutations.
    expect(titles('Brifysgol')).toEqual(['Dewch i Brifysgol Aberwen']);
  });

  it('searches both analyses when the filter names both languages', () => {
    const both = searchEntries(db, {
      projectId: 'proj',
      pageIndex: 0,
      pageSize: 50,
      where: [
        { field: 'sys.language', in: ['en-GB', 'cy'] },
        { field: '*', freeText: 'Mhrifysgol' },
      ],
      defaultVersionStatus: 'published',
      allowLatest: true,
    }).hits.map((hit) => titleOf.get(hit.doc)!);
    expect(both.sort()).toEqual([...UNIVERSITY].sort());
  });
});

describe('freeText in Welsh: plurals', () => {
  it('finds the plural from the singular and the singular from the plural, the form typed first', () => {
    expect(titles('cwrs', 'cy')).toEqual(['Y cwrs gorau', 'Astudio ym Mhrifysgol Aberwen']);
    expect(titles('cyrsiau', 'cy')).toEqual(['Astudio ym Mhrifysgol Aberwen', 'Y cwrs gorau']);
    expect(titles('myfyriwr', 'cy')).toEqual(['Myfyrwyr yn y ddinas']);
    expect(titles('swydd', 'cy')).toEqual(['Gwaith yn y lyfrgell']);
  });

  it('finds a mutated plural through its radical', () => {
    expect(titles('gyrsiau', 'cy').sort()).toEqual(['Astudio ym Mhrifysgol Aberwen', 'Y cwrs gorau']);
    expect(titles('fyfyrwyr', 'cy')).toEqual(['Myfyrwyr yn y ddinas']);
  });

  it('keeps look-alikes apart', () => {
    // newyddion (news) is not the plural of newydd (new).
    expect(titles('newydd', 'cy')).toEqual(['Adeilad newydd']);
    expect(titles('newyddion', 'cy')).toEqual(['Newyddion heddiw']);
  });

  it('matches plurals in Welsh content only', () => {
    // The English entry holds "cyrsiau" too, as a foreign word: it is analysed in English.
    expect(titles('cwrs', 'en-GB')).toEqual([]);
    const both = searchEntries(db, {
      projectId: 'proj',
      pageIndex: 0,
      pageSize: 50,
      where: [
        { field: 'sys.language', in: ['en-GB', 'cy'] },
        { field: '*', freeText: 'cwrs' },
      ],
      defaultVersionStatus: 'published',
      allowLatest: true,
    }).hits.map((hit) => titleOf.get(hit.doc)!);
    expect(both).toContain('Astudio ym Mhrifysgol Aberwen');
    expect(both).not.toContain('Welsh words');
    expect(titles('cyrsiau', 'en-GB')).toEqual(['Welsh words']);
  });
});

/** The versions a search in `language` finds for `term`, in rank order. */
const find = (db: Db, language: string, term: string) =>
  searchEntries(db, {
    projectId: 'proj',
    pageIndex: 0,
    pageSize: 10,
    where: [
      { field: 'sys.language', equalTo: language },
      { field: '*', freeText: term },
    ],
    defaultVersionStatus: 'published',
    allowLatest: true,
  }).hits.map((hit) => hit.doc);

describe('migration 015: Welsh plurals', () => {
  /** A database at migration 14 with a Welsh and an English entry, the Welsh row without plurals. */
  function before15() {
    const db = openDatabase(':memory:', { migrate: false });
    const all = loadMigrations();
    migrate(
      db,
      all.filter((migration) => migration.version < 15),
    );
    insertProject(db, 'proj');
    const welsh = insertEntryVersion(db, {
      projectId: 'proj',
      entry: makeEntry({ title: 'Cyrsiau i fyfyrwyr' }, { language: 'cy' }),
    });
    const english = insertEntryVersion(db, {
      projectId: 'proj',
      entry: makeEntry({ title: 'Nursing care' }),
    });
    // The Welsh row as migration 014's analysis wrote it: radicals, no singulars. The English
    // row is made stale on purpose, to show whether the rebuild rewrote it.
    db.exec("INSERT INTO search_fts (search_fts) VALUES ('delete-all')");
    const row = db.prepare('INSERT INTO search_fts (rowid, body) VALUES (?, ?)');
    row.run(welsh, 'Cyrsiau i fyfyrwyr\nǂbyfyrwyr ǂmyfyrwyr');
    row.run(english, 'Nursing care');
    return { db, all, welsh };
  }

  it('rewrites the full text of the Welsh versions only, once', () => {
    const { db, all, welsh } = before15();
    expect(find(db, 'cy', 'cwrs')).toEqual([]);
    expect(find(db, 'cy', 'myfyriwr')).toEqual([]);
    expect(migrate(db, all)).toEqual(['015_welsh_plurals']);
    expect(rebuildFullTextIfDue(db)).toBe(1);
    expect(find(db, 'cy', 'cwrs')).toEqual([welsh]);
    expect(find(db, 'cy', 'myfyriwr')).toEqual([welsh]);
    expect(find(db, 'en-GB', 'nurse')).toEqual([]);
    expect(rebuildFullTextIfDue(db)).toBe(0);
  });

  it('leaves a database without Welsh entries alone', () => {
    const plain = openDatabase(':memory:', { migrate: false });
    const all = loadMigrations();
    migrate(
      plain,
      all.filter((migration) => migration.version < 15),
    );
    insertProject(plain, 'proj');
    insertEntryVersion(plain, { projectId: 'proj', entry: makeEntry({ title: 'Nursing' }) });
    expect(migrate(plain, all)).toEqual(['015_welsh_plurals']);
    expect(rebuildFullTextIfDue(plain)).toBe(0);
  });
});

describe('migration 014: Welsh word analysis', () => {
  /** A database at migration 13 with a Welsh and an English entry, both rows as written before. */
  function before14() {
    const db = openDatabase(':memory:', { migrate: false });
    const all = loadMigrations();
    migrate(
      db,
      all.filter((migration) => migration.version < 14),
    );
    insertProject(db, 'proj');
    const welsh = insertEntryVersion(db, {
      projectId: 'proj',
      entry: makeEntry({ title: 'Croeso i Brifysgol Aberwen' }, { language: 'cy' }),
    });
    const english = insertEntryVersion(db, {
      projectId: 'proj',
      entry: makeEntry({ title: 'Nursing care' }),
    });
    // The Welsh row as the indexer wrote it before: English stems for the Welsh words. The
    // English row is made stale on purpose, to show whether a rebuild rewrote it.
    db.exec("INSERT INTO search_fts (search_fts) VALUES ('delete-all')");
    const row = db.prepare('INSERT INTO search_fts (rowid, body) VALUES (?, ?)');
    row.run(welsh, 'Croeso i Brifysgol Aberwen\nǂcroeso ǂbrifysgol');
    row.run(english, 'Nursing care');
    return { db, all, welsh, english };
  }

  it('rewrites the full text of the Welsh versions only, once', () => {
    const { db, all, welsh } = before14();
    expect(find(db, 'cy', 'Prifysgol')).toEqual([]);
    expect(migrate(db, all)).toContain('014_welsh_word_analysis');
    expect(rebuildFullTextIfDue(db)).toBe(1);
    expect(find(db, 'cy', 'Prifysgol')).toEqual([welsh]);
    expect(find(db, 'cy', 'Croeso')).toEqual([welsh]);
    // The English row was left as it was (no stem of "nursing" added).
    expect(find(db, 'en-GB', 'nurse')).toEqual([]);
    expect(rebuildFullTextIfDue(db)).toBe(0);
  });

  it('leaves the Welsh rows to a full rebuild when one is due', () => {
    const { db, all, welsh, english } = before14();
    migrate(db, all);
    db.prepare("INSERT INTO search_meta (key, value) VALUES ('fts_rebuild', 1)").run();
    expect(rebuildFullTextIfDue(db)).toBe(2);
    expect(find(db, 'cy', 'Prifysgol')).toEqual([welsh]);
    expect(find(db, 'en-GB', 'nurse')).toEqual([english]);
    expect(rebuildFullTextIfDue(db)).toBe(0);
  });

  it('leaves a database without Welsh entries alone', () => {
    const plain = openDatabase(':memory:', { migrate: false });
    const all = loadMigrations();
    migrate(
      plain,
      all.filter((migration) => migration.version < 14),
    );
    insertProject(plain, 'proj');
    insertEntryVersion(plain, { projectId: 'proj', entry: makeEntry({ title: 'Nursing' }) });
    migrate(plain, all);
    expect(rebuildFullTextIfDue(plain)).toBe(0);
  });
});
