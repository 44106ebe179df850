import { beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../db/open.js';
import { analyse, stemOf } from './analysis.js';
import { buildMatch } from './fts-query.js';
import { searchEntries } from './search.js';
import { insertEntryVersion, insertProject, makeEntry } from './testing.js';

// Word analysis of freeText: folding, stems, the last word as a prefix, typo rules and the
// order of exact, stem, prefix and corrected matches.
let db: Db;
const titleOf = new Map<number, string>();

beforeAll(() => {
  db = openDatabase(':memory:');
  insertProject(db, 'proj');
  const add = (fields: Record<string, unknown>) => {
    titleOf.set(
      insertEntryVersion(db, { projectId: 'proj', entry: makeEntry(fields) }),
      String(fields.title),
    );
  };
  // Same length, one word apart: only how the word matched tells them apart.
  add({ title: 'Nursing care', summary: 'Wards' });
  add({ title: 'Nurge care', summary: 'Wards' });
  add({ title: 'Nurse care', summary: 'Wards' });
  add({ title: 'Nursery care', summary: 'Wards' });
  add({ title: 'Purse care', summary: 'Wards' });
  add({ title: 'Sea life', summary: 'Waves on the sea shore' });
  add({ title: 'Seas of Wales', summary: 'Cold seas' });
  add({ title: 'Seagrass meadows', summary: 'Carbon stores' });
  add({ title: 'Research degrees', summary: 'Doctoral research' });
  add({ title: 'Psychology BSc', summary: 'Minds and behaviour' });
  add({ title: 'Marine biology', summary: 'Life in the oceans' });
  add({ title: 'Biological sciences', summary: 'Cells' });
  add({ title: 'Café culture', summary: 'Crème brûlée' });
  add({
    title: 'Library hours',
    summary: 'Opening times',
  });
  add({
    title: 'Campus map',
    summary: 'Where things are',
    picture: { asset: { sys: { id: 'a1', uri: '/image-library/campus/library-map.jpg' } }, altText: 'Map' },
  });
  for (let i = 0; i < 30; i++) add({ title: `Filler ${i}`, summary: `Nothing of note number ${i}` });
});

function titles(field: string, term: string, fuzzy = true): string[] {
  return searchEntries(db, {
    projectId: 'proj',
    pageIndex: 0,
    pageSize: 50,
    where: [{ field, freeText: { term, fuzzy, operator: 'and' } }],
    defaultVersionStatus: 'published',
    allowLatest: true,
  }).hits.map((hit) => titleOf.get(hit.doc)!);
}

describe('analysis', () => {
  it('folds case and diacritics and stems English words', () => {
    expect(analyse('Crème')).toEqual({ folded: 'creme', stem: 'creme' });
    expect(analyse('NURSING')).toEqual({ folded: 'nursing', stem: 'nurs' });
    expect(['nurse', 'nurses', 'nursing'].map(stemOf)).toEqual(['nurs', 'nurs', 'nurs']);
    expect(stemOf('seas')).toBe('sea');
    expect(stemOf('research')).toBe('research');
    expect(stemOf('2026s')).toBe('2026s');
  });

  it('builds stricter levels for exact words, stems and the prefix', () => {
    const built = buildMatch({
      term: 'nurse',
      operator: 'and',
      fuzzy: true,
      target: { kind: 'content' },
      expand: () => ['nurge'],
    });
    expect(built.levels).toEqual([
      { match: '"nurse"', factor: 1, upTo: 0 },
      { match: '("nurse" OR "ǂnurs" OR "nurs")', factor: 0.75, upTo: 1 },
      { match: '("nurse" OR "ǂnurs" OR "nurs" OR "nurse"*)', factor: 0.5, upTo: 2 },
    ]);
    // The same alternatives by part and class, in the order FTS5 numbers its phrases.
    expect(built.shape).toEqual({
      operator: 'and',
      parts: [[['"nurse"'], ['"ǂnurs"', '"nurs"'], ['"nurse"*'], ['"nurge"']]],
    });
    expect(built).toMatchObject({
      match: '("nurse" OR "ǂnurs" OR "nurs" OR "nurse"* OR "nurge")',
      factor: 0.25,
    });
  });

  it('matches a phrase exactly, without stems or a prefix', () => {
    const built = buildMatch({
      term: '"marine biology"',
      operator: 'and',
      fuzzy: true,
      target: { kind: 'fields', pathIds: [7] },
      expand: () => [],
    });
    expect(built).toEqual({
      match: '"7ǂmarine 7ǂbiology"',
      factor: 1,
      phrases: ['"7ǂmarine 7ǂbiology"'],
      levels: [],
      words: [],
      shape: { operator: 'and', parts: [[['"7ǂmarine 7ǂbiology"'], [], [], []]] },
    });
  });
});

describe('freeText word matching', () => {
  it('matches stems both ways', () => {
    expect(titles('title', 'nurse', false)).toEqual(['Nurse care', 'Nursing care']);
    expect(titles('title', 'nursing', false)).toEqual(['Nursing care', 'Nurse care']);
    expect(titles('*', 'biological', false)).toEqual(['Biological sciences']);
    expect(titles('*', 'sea', false)).toEqual(['Sea life', 'Seas of Wales']);
  });

  it('matches the last word as a prefix, only with fuzzy, never inside a word', () => {
    expect(titles('title', 'sea')).toEqual(['Sea life', 'Seas of Wales', 'Seagrass meadows']);
    expect(titles('title', 'sea', false)).not.toContain('Seagrass meadows');
    expect(titles('*', 'sea')).not.toContain('Research degrees');
    // Only the last word: "sea" before another word is a whole word.
    expect(titles('*', 'sea meadows')).toEqual([]);
    expect(titles('*', 'meadows sea')).toEqual(['Seagrass meadows']);
  });

  it('corrects typos by length, never on the first letter', () => {
    expect(titles('title', 'pyschology')).toEqual(['Psychology BSc']);
    expect(titles('title', 'pyschology', false)).toEqual([]);
    expect(titles('title', 'marin biology')).toEqual(['Marine biology']);
    // Four letters: no typo allowed ("cafe" is exact after folding).
    expect(titles('title', 'cafr')).toEqual([]);
    expect(titles('title', 'CAFE', false)).toEqual(['Café culture']);
    // The first letter is never corrected: "purse" is not "nurse".
    expect(titles('title', 'nurse')).not.toContain('Purse care');
  });

  it('ranks exact words above stems, stems above prefixes and prefixes above typos', () => {
    expect(titles('title', 'nurse')).toEqual(['Nurse care', 'Nursing care', 'Nursery care', 'Nurge care']);
  });

  it('keeps quoted phrases exact', () => {
    expect(titles('*', '"marine biology"')).toEqual(['Marine biology']);
    expect(titles('*', '"marine biologies"')).toEqual([]);
  });

  it('never searches the address of a picture as words', () => {
    expect(titles('*', 'library', false)).toEqual(['Library hours']);
    expect(titles('*', 'jpg', false)).toEqual([]);
    expect(titles('*', 'campus', false)).toEqual(['Campus map']);
  });
});
