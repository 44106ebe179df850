import { describe, expect, it } from 'vitest';
import { baseForms } from './analysis.js';
import { welshSingulars } from './welsh-plurals.js';

// The Welsh plural rules alone: which plurals find their singular, and which words must stay
// apart. A pair meets when the base forms of the two words share one.
const meet = (a: string, b: string): boolean => {
  const forms = new Set(baseForms(a, 'welsh'));
  return baseForms(b, 'welsh').some((form) => forms.has(form));
};

describe('Welsh singulars of plurals', () => {
  it('reads the table of vowel-changing and irregular plurals', () => {
    expect(welshSingulars('cyrsiau')).toEqual(['cwrs']);
    expect(welshSingulars('pynciau')).toEqual(['pwnc']);
    expect(welshSingulars('athrawon')).toEqual(['athro']);
    expect(welshSingulars('darlithwyr')).toEqual(['darlithydd']);
    expect(welshSingulars('beirdd')).toEqual(['bardd']);
    expect(welshSingulars('plant')).toEqual(['plentyn']);
    expect(welshSingulars('swyddi')).toEqual(['swydd']);
  });

  it('strips the common suffixes', () => {
    expect(welshSingulars('llyfrau')).toEqual(['llyfr']);
    expect(welshSingulars('graddau')).toEqual(['gradd']);
    expect(welshSingulars('digwyddiadau')).toEqual(['digwyddiad']);
    expect(welshSingulars('ysgolion')).toEqual(['ysgol']);
    expect(welshSingulars('swyddogion')).toEqual(['swyddog']);
    expect(welshSingulars('cynlluniau')).toEqual(['cynllun']);
    expect(welshSingulars('cyfleoedd')).toEqual(['cyfle']);
    expect(welshSingulars('lleoedd')).toEqual(['lle']);
    expect(welshSingulars('tiwtoriaid')).toEqual(['tiwtor']);
  });

  it('undoes a doubled n', () => {
    expect(welshSingulars('adrannau')).toEqual(['adran']);
    expect(welshSingulars('canolfannau')).toEqual(['canolfan']);
    expect(welshSingulars('rhaglenni')).toEqual(['rhaglen']);
  });

  it('gives -wyr its three possible singulars', () => {
    expect(welshSingulars('myfyrwyr')).toEqual(['myfyrwr', 'myfyriwr', 'myfyrydd']);
    expect(welshSingulars('gweithwyr')).toContain('gweithiwr');
    expect(welshSingulars('cynhyrchwyr')).toContain('cynhyrchydd');
  });

  it('reads singulars, short words, listed look-alikes and words with digits as no plural', () => {
    for (const word of [
      'cwrs',
      'myfyriwr',
      'llyfr',
      'newyddion', // news, not newydd (new)
      'gwirion', // silly, not gwir (true)
      'weithiau', // sometimes
      'chwithau', // you too, not chwith (left)
      'gorau', // best: stem too short anyway
      'golau',
      'dau',
      'cau',
      'roedd', // was
      'gwyr',
      'ynni', // energy
      'codi', // to raise: no -i rule
      'mynydd', // mountain: no -ydd rule
      'digon', // enough: no -on rule
      'cyfnod', // period: no -od rule
      'a470au',
    ])
      expect(welshSingulars(word), word).toEqual([]);
  });
});

describe('Welsh base forms: plurals and mutations together', () => {
  it('lets singular and plural meet, either way round', () => {
    for (const [singular, plural] of [
      ['cwrs', 'cyrsiau'],
      ['myfyriwr', 'myfyrwyr'],
      ['llyfr', 'llyfrau'],
      ['athro', 'athrawon'],
      ['darlithydd', 'darlithwyr'],
      ['adran', 'adrannau'],
      ['pwnc', 'pynciau'],
      ['gradd', 'graddau'],
      ['ysgol', 'ysgolion'],
      ['digwyddiad', 'digwyddiadau'],
      ['ysgoloriaeth', 'ysgoloriaethau'],
      ['ystafell', 'ystafelloedd'],
      ['labordy', 'labordai'],
      ['ysbyty', 'ysbytai'],
    ] as const) {
      expect(meet(singular, plural), `${singular}/${plural}`).toBe(true);
      expect(meet(plural, singular), `${plural}/${singular}`).toBe(true);
    }
  });

  it('finds the singular of a mutated plural', () => {
    // "gyrs" is what the -iau rule leaves of the mutated form: no word, so it meets nothing.
    expect(baseForms('gyrsiau', 'welsh')).toEqual(['gyrsiau', 'cyrsiau', 'gyrs', 'cwrs']);
    expect(meet('gyrsiau', 'cwrs')).toBe(true);
    expect(meet('fyfyrwyr', 'myfyriwr')).toBe(true);
    expect(meet('ysgolion', 'hysgol')).toBe(true);
    expect(meet('mhynciau', 'pwnc')).toBe(true);
  });

  it('keeps unrelated words apart', () => {
    for (const [a, b] of [
      ['newyddion', 'newydd'],
      ['gwirion', 'gwir'],
      ['weithiau', 'gwaith'],
      ['chwithau', 'chwith'],
      ['codi', 'cod'],
      ['digon', 'dig'],
      ['mynydd', 'myn'],
      ['cwrs', 'cwr'],
      ['cwrs', 'cyrs'],
    ] as const)
      expect(meet(a, b), `${a}/${b}`).toBe(false);
  });
});
