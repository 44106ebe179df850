import { describe, expect, it } from 'vitest';
import { inlineWordsFile, WORDS_FILE_PREFIX, WORDS_HREF, wordsFileOf } from './words-file.js';

const WORDS = Object.freeze({ Menu: 'Dewislen', Search: 'Chwilio' });
const CATEGORIES = Object.freeze([{ id: 'analytics', name: 'Dadansoddol' }]);
const WORDING = Object.freeze({ message: '<p>Cwcis</p>', categories: CATEGORIES });

describe('wordsFileOf', () => {
  it('names the file by its language and a hash of its content, and writes the state members it holds', () => {
    const file = wordsFileOf('cy', { words: WORDS, consent: WORDING });
    expect(file.path).toMatch(new RegExp(`^${WORDS_FILE_PREFIX}cy\\.[0-9a-f]{12}\\.json$`));
    expect(JSON.parse(file.json)).toEqual({ routing: { words: WORDS }, consent: WORDING });
    // The very values the state holds, so a page can tell whether its own are the file's.
    expect(file.parts.consent?.categories).toBe(CATEGORIES);
    // Made once per words and wording; the same content gives the same address in any process.
    expect(wordsFileOf('cy', { words: WORDS, consent: WORDING })).toBe(file);
    expect(wordsFileOf('cy', { words: { ...WORDS }, consent: { ...WORDING } }).path).toBe(file.path);
  });

  it('gives other words or wording another address, and holds no consent without wording', () => {
    const file = wordsFileOf('cy', { words: WORDS, consent: WORDING });
    expect(wordsFileOf('cy', { words: { Menu: 'Dewis' }, consent: WORDING }).path).not.toBe(file.path);
    const plain = wordsFileOf('cy', { words: WORDS });
    expect(plain.path).not.toBe(file.path);
    expect(JSON.parse(plain.json)).toEqual({ routing: { words: WORDS } });
    expect(JSON.parse(wordsFileOf('cy', { words: WORDS, consent: { categories: [] } }).json)).toEqual({
      routing: { words: WORDS },
    });
  });
});

describe('inlineWordsFile', () => {
  const file = wordsFileOf('cy', { words: WORDS, consent: WORDING });

  it('replaces the words by the file’s address and leaves out the consent wording the file holds', () => {
    const state = { consent: { ...WORDING, choices: null } };
    const lean = { routing: { language: 'cy', words: WORDS }, consent: { ...WORDING, choices: null } };
    expect(inlineWordsFile(lean, file, state)).toEqual({
      routing: { language: 'cy', [WORDS_HREF]: file.path },
      consent: { choices: null },
    });
    // Nothing left of the slice: the slice goes.
    expect(inlineWordsFile({ routing: { words: WORDS }, consent: { ...WORDING } }, file, state)).toEqual({
      routing: { [WORDS_HREF]: file.path },
    });
    // The state it was given keeps its words.
    expect(lean.routing.words).toBe(WORDS);
  });

  it('keeps consent wording the platform replaced', () => {
    const platform = { message: '<p>Cwcis gan y platfform</p>', categories: CATEGORIES };
    const lean = { routing: { words: WORDS }, consent: platform };
    expect(inlineWordsFile(lean, file, { consent: platform })).toEqual({
      routing: { [WORDS_HREF]: file.path },
      consent: { message: '<p>Cwcis gan y platfform</p>' },
    });
  });

  it('leaves a page without words, or without a file, as it is', () => {
    const lean = { routing: { language: null } };
    expect(inlineWordsFile(lean, file, {})).toBe(lean);
    const welsh = { routing: { words: WORDS } };
    expect(inlineWordsFile(welsh, null, {})).toBe(welsh);
  });
});
