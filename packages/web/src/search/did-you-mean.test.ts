import type { Entry } from '@canopy/client';
import { describe, expect, it } from 'vitest';
import { didYouMean, foldedWords, resultTexts } from './did-you-mean.js';

const PSYCHOLOGY = ['BSc Psychology', 'PhD Psychology', 'MSc Clinical Neuropsychology'];

describe('didYouMean', () => {
  it('corrects a word the results hold only in a near spelling', () => {
    expect(didYouMean('pyschology', PSYCHOLOGY)).toBe('psychology');
    expect(didYouMean('Pyschology', PSYCHOLOGY)).toBe('psychology');
  });

  it('keeps the words that matched as written and corrects the others', () => {
    const texts = ['BSc Marine Biology', 'PhD Marine Biology', 'Sea life'];
    // "marin" is no typo to the platform: it shares the stem of "marine".
    expect(didYouMean('marin biology', texts)).toBeNull();
    expect(didYouMean('marine biolgy', texts)).toBe('marine biology');
    expect(didYouMean('civil engneering', ['MEng Civil Engineering'])).toBe('civil engineering');
  });

  it('suggests nothing when every word matched as written, by its stem or as a beginning', () => {
    expect(didYouMean('psychology', PSYCHOLOGY)).toBeNull();
    // Stems: the platform matches "nurse" with "nursing" without a correction.
    expect(didYouMean('nurse', ['BSc Adult Nursing', 'Nurses in training'])).toBeNull();
    expect(didYouMean('nurses', ['Nurse of the year'])).toBeNull();
    // The last word as a beginning: a search as you type.
    expect(didYouMean('marine biol', ['BSc Marine Biology'])).toBeNull();
  });

  it('corrects a beginning that is not the last word (the platform matched it as a typo)', () => {
    expect(didYouMean('biolog marine', ['BSc Marine Biology'])).toBe('biology marine');
    expect(didYouMean('marine biolog', ['BSc Marine Biology'])).toBeNull();
  });

  it('follows the typo rules: the same first letter, edits by length', () => {
    // Four letters carry no typo.
    expect(didYouMean('bilogy', ['Biology'])).toBe('biology');
    expect(didYouMean('fsh', ['Fish'])).toBeNull();
    // Never on the first letter.
    expect(didYouMean('sychology', PSYCHOLOGY)).toBeNull();
    // One edit up to 8 letters, two from 9.
    expect(didYouMean('biolgyy', ['Biology'])).toBeNull();
    expect(didYouMean('pyschologi', PSYCHOLOGY)).toBe('psychology');
  });

  it('prefers the fewest edits, then the word most results hold', () => {
    expect(didYouMean('marinr', ['Marine', 'Marina', 'marine life'])).toBe('marine');
    expect(didYouMean('marinex', ['Marines', 'Marine', 'Marine life'])).toBe('marine');
  });

  it('leaves phrases, empty terms and words the results lack alone', () => {
    expect(didYouMean('"pyschology"', PSYCHOLOGY)).toBeNull();
    expect(didYouMean('', PSYCHOLOGY)).toBeNull();
    expect(didYouMean('pyschology', [])).toBeNull();
    expect(didYouMean('zebra pyschology', PSYCHOLOGY)).toBe('zebra psychology');
    // A part the tokenizer cuts in two matches exactly.
    expect(didYouMean("pyschology's", PSYCHOLOGY)).toBeNull();
  });

  it('folds case and accents as the platform does', () => {
    expect(didYouMean('fernandes', ['Mateo Fernández'])).toBe('fernandez');
    expect(didYouMean('FERNÁNDEZ', ['Mateo Fernandez'])).toBeNull();
  });
});

describe('foldedWords', () => {
  it('cuts and folds words as the tokenizer does', () => {
    expect(foldedWords("Mateo Fernández's PhD, 2026")).toEqual(['mateo', 'fernandez', 's', 'phd', '2026']);
  });
});

describe('resultTexts', () => {
  it("reads the title, the description and the facet's search fields, tags included", () => {
    const entry = {
      sys: { id: 'a' },
      entryTitle: 'BSc Psychology',
      entryDescription: 'Minds and behaviour',
      entryTags: [{ name: 'Neuroscience' }, 'counselling'],
      subject: { key: 'x', name: 'Ignored' },
    } as unknown as Entry;
    expect(resultTexts([entry], ['entryTags', 'sys.uri'])).toEqual([
      'BSc Psychology Minds and behaviour Neuroscience counselling',
    ]);
  });
});
