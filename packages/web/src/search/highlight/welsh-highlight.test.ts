import { describe, expect, it } from 'vitest';
import { welshRadicals as platformRadicals } from '../../../../platform/src/search/welsh-mutations.js';
import { highlightSegments } from './highlight.js';
import { termMatcher, textMatches } from './matcher.js';
import { isWelsh, welshRadicals } from './welsh-mutations.js';

// Highlights of a Welsh search mark what the platform's Welsh word analysis matched: mutated
// forms of a word, never English stems.

const marked = (text: string, term: string, language: string | null = 'cy', fuzzy = true) =>
  highlightSegments(text, termMatcher(term, { fuzzy, language }))
    .filter((segment) => segment.mark)
    .map((segment) => segment.text);

describe('Welsh highlights', () => {
  it('marks every mutated form of a word', () => {
    expect(marked('LLB y Gyfraith', 'cyfraith')).toEqual(['Gyfraith']);
    expect(marked('Prifysgol, ym Mhrifysgol, i Brifysgol, a Phrifysgol', 'Brifysgol')).toEqual([
      'Prifysgol',
      'Mhrifysgol',
      'Brifysgol',
      'Phrifysgol',
    ]);
    expect(textMatches('y Gyfraith', termMatcher('cyfraith', { language: 'cy' }))[0]?.kind).toBe('stem');
    expect(textMatches('Cyfraith', termMatcher('cyfraith', { language: 'cy' }))[0]?.kind).toBe('exact');
  });

  it('marks the beginning of any form of the last word', () => {
    expect(marked('Croeso i Brifysgol Aberwen', 'prifys')).toEqual(['Brifysgol']);
    expect(marked('Croeso i Brifysgol Aberwen', 'prifys', 'cy', false)).toEqual([]);
  });

  it('never marks by English stems or short words', () => {
    // English rules make "cwrs" (a course) and "cwr" (an edge) one word; Welsh does not.
    // (Not fuzzy: with fuzzy search "cwr" is also the beginning of "cwrs".)
    expect(marked('Y cwrs', 'cwr', 'cy', false)).toEqual([]);
    expect(marked('Y cwrs', 'cwr', null, false)).toEqual(['cwrs']);
    expect(marked('Mae’r bae yn braf', 'bae')).toEqual(['bae']);
  });

  it('matches English as before', () => {
    expect(marked('Prifysgol Aberwen', 'Brifysgol', null)).toEqual([]);
    expect(marked('Prifysgol Aberwen', 'Brifysgol', 'en-GB')).toEqual([]);
    expect(marked('Nursing care', 'nurse', 'en-GB')).toEqual(['Nursing']);
    expect(termMatcher('nurse').parts[0]).not.toHaveProperty('radicals');
  });

  it('undoes mutations exactly as the platform does', () => {
    const words = [
      'brifysgol',
      'mhrifysgol',
      'phrifysgol',
      'nghaerdydd',
      'ngorsaf',
      'nhref',
      'thraeth',
      'chaerfyrddin',
      'ddysgu',
      'lyfrgell',
      'llyfrgell',
      'raglen',
      'rhaglen',
      'ffordd',
      'fywyd',
      'orllewin',
      'wyliau',
      'hysgol',
      'mae',
      'a487',
    ];
    for (const word of words) expect(welshRadicals(word), word).toEqual(platformRadicals(word));
    expect(['cy', 'CY-gb', 'en-GB', null].map(isWelsh)).toEqual([true, true, false, false]);
  });
});
