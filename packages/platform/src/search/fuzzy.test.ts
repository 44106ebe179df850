import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/open.js';
import { editDistance, fuzzyExpansions, maxEdits } from './fuzzy.js';
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

describe('maxEdits', () => {
  it('follows AUTO fuzziness', () => {
    expect([1, 2, 3, 5, 6, 12].map(maxEdits)).toEqual([0, 0, 1, 1, 2, 2]);
  });
});

describe('fuzzyExpansions', () => {
  it('finds close words of the vocabulary sharing the first letter', () => {
    const db = openDatabase(':memory:');
    insertProject(db, 'proj');
    insertEntryVersion(db, {
      projectId: 'proj',
      entry: makeEntry({ title: 'Bridge bridges Brisket Café', body: 'ridge' }),
    });
    expect(fuzzyExpansions(db, 'brige')).toEqual(['bridge']);
    expect(fuzzyExpansions(db, 'bridgess')).toEqual(['bridges', 'bridge']);
    expect(fuzzyExpansions(db, 'cafe')).toEqual([]);
    expect(fuzzyExpansions(db, 'kafe')).toEqual([]);
    expect(fuzzyExpansions(db, 'br')).toEqual([]);
    expect(fuzzyExpansions(db, 'caff')).toEqual(['cafe']);
  });
});
