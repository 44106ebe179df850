import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/open.js';
import { maxTypos } from './analysis.js';
import { editDistance, fuzzyExpansions } from './fuzzy.js';
import { insertEntryVersion, insertProject, makeEntry } from './testing.js';

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and adjacent swaps', () => {
    expect(editDistance('bridge', 'bridge', 2)).toBe(0);
    expect(editDistance('brige', 'bridge', 2)).toBe(1);
    expect(editDistance('bridgex', 'bridge', 2)).toBe(1);
    expect(editDistance('brudge', 'bridge', 2)).toBe(1);
    expect(editDistance('birdge', 'bridge', 2)).toBe(1);
    expect(editDistance('bdirge', 'bridge', 2)).toBe(2);
  });

  it('stops at the limit', () => {
    expect(editDistance('abcdef', 'uvwxyz', 1)).toBe(2);
    expect(editDistance('a', 'abcd', 1)).toBe(2);
  });
});

describe('maxTypos', () => {
  it('allows none below five letters, one for 5–8 and two from 9', () => {
    expect([1, 3, 4, 5, 8, 9, 12].map(maxTypos)).toEqual([0, 0, 0, 1, 1, 2, 2]);
  });
});

describe('fuzzyExpansions', () => {
  it('finds close words of the vocabulary sharing the first letter', () => {
    const db = openDatabase(':memory:');
    insertProject(db, 'proj');
    insertEntryVersion(db, {
      projectId: 'proj',
      entry: makeEntry({ title: 'Bridge bridges Brisket Café psychology', body: 'ridge cafeteria' }),
    });
    expect(fuzzyExpansions(db, 'brige')).toEqual(['bridge']);
    // Eight letters: one edit.
    expect(fuzzyExpansions(db, 'bridgess')).toEqual(['bridges']);
    // Ten letters: two edits (a swap is one).
    expect(fuzzyExpansions(db, 'pyschology')).toEqual(['psychology']);
    expect(fuzzyExpansions(db, 'psycholgoy')).toEqual(['psychology']);
    // Never on the first letter, nor for words under five letters.
    expect(fuzzyExpansions(db, 'fridge')).toEqual([]);
    // A swap of the first two letters changes the first: 'bridge' is not offered for 'rbidge'.
    expect(fuzzyExpansions(db, 'rbidge')).toEqual(['ridge']);
    expect(fuzzyExpansions(db, 'caff')).toEqual([]);
    expect(fuzzyExpansions(db, 'cafeterai')).toEqual(['cafeteria']);
  });

  it('reads the vocabulary through its index', () => {
    const db = openDatabase(':memory:');
    const plan = db
      .prepare(
        'EXPLAIN QUERY PLAN SELECT term FROM search_terms WHERE substr(term, 1, 1) = ? AND length(term) BETWEEN ? AND ?',
      )
      .all('p', 4, 8)
      .map((row) => (row as { detail: string }).detail)
      .join('\n');
    expect(plan).toContain('USING COVERING INDEX search_terms_shape');
  });
});
