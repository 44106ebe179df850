import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasWord, sanitiseSearchText, splitPhrases } from '../term.js';
import { highlightSegments } from './highlight.js';
import { termMatcher, termPieces, textMatches } from './matcher.js';
import { editDistance, foldWord, maxTypos, stemOf, textWords } from './words.js';

/** The marked words of `text` for `term`, as the visitor would see them. */
function marked(text: string, term: string, fuzzy = true): string[] {
  return highlightSegments(text, termMatcher(term, { fuzzy }))
    .filter((segment) => segment.mark)
    .map((segment) => segment.text);
}

describe('word analysis', () => {
  it('folds case and diacritics and stems as the platform does', () => {
    expect(foldWord('Crème BRÛLÉE')).toBe('creme brulee');
    expect(['nurse', 'nurses', 'nursing'].map(stemOf)).toEqual(['nurs', 'nurs', 'nurs']);
    expect(stemOf('seas')).toBe('sea');
    expect(stemOf('research')).toBe('research');
    // Short words and words with digits are their own stem.
    expect(stemOf('is')).toBe('is');
    expect(stemOf('2026s')).toBe('2026s');
  });

  it('cuts words where the tokenizer does, keeping their places', () => {
    expect(textWords("King's café, 2026!").map((word) => [word.start, word.end, word.folded])).toEqual([
      [0, 4, 'king'],
      [5, 6, 's'],
      [7, 11, 'cafe'],
      [13, 17, '2026'],
    ]);
  });

  it('allows typos by length', () => {
    expect([3, 4, 5, 8, 9, 14].map(maxTypos)).toEqual([0, 0, 1, 1, 2, 2]);
    expect(editDistance('pyschology', 'psychology', 2)).toBe(1);
    expect(editDistance('marin', 'marine', 1)).toBe(1);
    expect(editDistance('abcdef', 'uvwxyz', 2)).toBe(3);
  });
});

describe('termMatcher', () => {
  it('reads words, the last one as a prefix, and quoted phrases', () => {
    expect(termMatcher('nurse "Marine Biology"').parts).toEqual([
      { kind: 'word', folded: 'nurse', stem: 'nurs', prefix: true, typos: 1 },
      { kind: 'phrase', words: ['marine', 'biology'] },
    ]);
    expect(termMatcher('sea life').parts[0]).toMatchObject({ folded: 'sea', prefix: false, typos: 0 });
  });

  it('cleans the term as the query does: reserved characters and wordless pieces go', () => {
    expect(termMatcher('marine* <!-- ?').parts).toEqual([
      { kind: 'word', folded: 'marine', stem: 'marin', prefix: true, typos: 1 },
    ]);
    expect(termMatcher("' <!-- ").parts).toEqual([]);
    expect(termMatcher('').parts).toEqual([]);
  });

  it('reads any term into the phrases and words the query searches for (term.ts)', () => {
    const characters = fc.constantFrom(...'ab é1"\' \t\n<>=|!{}[]^~*?:\\/-'.split(''));
    fc.assert(
      fc.property(fc.array(characters, { maxLength: 24 }), (chars) => {
        const term = chars.join('');
        const split = splitPhrases(sanitiseSearchText(term));
        expect(termPieces(term)).toEqual({
          phrases: split.phrases,
          words: split.words.split(' ').filter(hasWord),
        });
      }),
      { numRuns: 2000 },
    );
  });

  it('matches a word the tokenizer cuts in several as a phrase', () => {
    expect(termMatcher("king's").parts).toEqual([{ kind: 'phrase', words: ['king', 's'] }]);
    expect(marked("The King's College and the king", "king's")).toEqual(["King's"]);
  });

  it('without fuzzy search: no prefix, no typos', () => {
    expect(termMatcher('nurse', { fuzzy: false }).parts[0]).toMatchObject({ prefix: false, typos: 0 });
    expect(marked('Nursery nurse nurze', 'nurse', false)).toEqual(['nurse']);
  });
});

describe('textMatches and highlightSegments', () => {
  it('marks words folded for case and diacritics', () => {
    expect(marked('Café Culture and CAFES', 'cafe')).toEqual(['Café', 'CAFES']);
    expect(marked('Marine Biology', 'MARINE')).toEqual(['Marine']);
  });

  it('marks stems: "nurse" finds "Nursing", "nurses" and "Nurse"', () => {
    expect(marked('Nursing (Adult) — nurses and a Nurse', 'nurse')).toEqual(['Nursing', 'nurses', 'Nurse']);
    expect(textMatches('Nursing', termMatcher('nurse'))[0]?.kind).toBe('stem');
  });

  it('marks the last word as the beginning of a word, from three letters', () => {
    expect(marked('Sea, seas and seagrass, not research', 'sea')).toEqual(['Sea', 'seas', 'seagrass']);
    expect(marked('Marine biology', 'marine bio')).toEqual(['Marine biology']);
    // Two letters are too few to be a beginning; only earlier words are never prefixes.
    expect(marked('Biology', 'bi')).toEqual([]);
    expect(marked('Seagrass sea', 'sea grass')).toEqual(['sea']);
  });

  it('forgives typos by length, never on the first letter', () => {
    expect(marked('Psychology BSc', 'pyschology')).toEqual(['Psychology']);
    expect(marked('Marine biology', 'marin biology')).toEqual(['Marine biology']);
    // Four letters allow no typo.
    expect(marked('Seal and sell', 'sela')).toEqual([]);
    // One edit for 5–8 letters, so two are too many.
    expect(marked('Nurse', 'nrues', false)).toEqual([]);
    expect(marked('Purse and nurse', 'nurse')).toEqual(['nurse']);
    expect(marked('Biologist', 'giologist')).toEqual([]);
    // Two edits from nine letters.
    expect(marked('Psychology', 'psyhcologi')).toEqual(['Psychology']);
  });

  it('marks a quoted phrase only where its words follow one another', () => {
    expect(marked('Marine biology: biology of marine life', '"marine biology"')).toEqual(['Marine biology']);
    // A phrase is exact: no stems, no prefixes.
    expect(marked('Marine biologist', '"marine bio"')).toEqual([]);
    expect(marked('Marine  Biology', '"marine biology" marine')).toEqual(['Marine  Biology']);
  });

  it('marks words that follow one another as one piece, but not across other characters', () => {
    expect(marked('Marine  biology, marine: biology', 'marine biology')).toEqual([
      'Marine  biology',
      'marine',
      'biology',
    ]);
  });

  it('keeps the text whole and unmarked outside the matches', () => {
    const segments = highlightSegments('BSc Marine Biology (Hons)', termMatcher('biology'));
    expect(segments).toEqual([
      { text: 'BSc Marine ', mark: false },
      { text: 'Biology', mark: true },
      { text: ' (Hons)', mark: false },
    ]);
    expect(segments.map((segment) => segment.text).join('')).toBe('BSc Marine Biology (Hons)');
  });

  it('treats a hostile term and text as plain characters', () => {
    const text = 'Learn <script>alert(1)</script> scripting & <b>bold</b> moves';
    const segments = highlightSegments(text, termMatcher('<script>alert(1)</script>'));
    expect(segments.map((segment) => segment.text).join('')).toBe(text);
    // `<`, `>` and `/` are reserved characters the query drops; "alert(1)" is two words of
    // the tokenizer, so a phrase.
    expect(segments.filter((segment) => segment.mark).map((segment) => segment.text)).toEqual([
      'script',
      'alert(1',
      'script',
      'scripting',
    ]);
    expect(marked('Nothing here', '"')).toEqual([]);
  });
});
