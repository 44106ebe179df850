import {
  catalogueProblems,
  createTranslator,
  loadTranslator,
  pageWordsOf,
  wordsMessageOf,
} from '@canopy/web';
import { describe, expect, it } from 'vitest';
import { SITE_CATALOGUES } from './catalogues.js';
import { messages as cy } from './cy.js';
import { messages as enGB } from './en-GB.js';

describe("the demo's message catalogues", () => {
  it('have every key in every language, valid and with the same arguments', () => {
    expect(Object.keys(SITE_CATALOGUES).toSorted()).toEqual(['cy', 'en-GB']);
    expect(catalogueProblems({ 'en-GB': enGB, cy }, 'en-GB')).toEqual([]);
  });

  it('hold English messages the components write as they are', () => {
    // The components show the English messages as they stand (useWords, useWordsMessage): each
    // is plain words that format to themselves, or one the page's words carry unchanged.
    const t = createTranslator('en-GB', enGB);
    for (const [key, message] of Object.entries(enGB)) {
      if (wordsMessageOf(message) === message && !/[{]/.test(message))
        expect(t(key as keyof typeof enGB), key).toBe(message);
      else expect(wordsMessageOf(message), key).toBe(message);
    }
  });

  it('give a Welsh page its words under the English ones', async () => {
    const words = await pageWordsOf(SITE_CATALOGUES, 'en-GB')('cy');
    expect(words['Aberwen University']).toBe('Prifysgol Aberwen');
    expect(words.Menu).toBe('Dewislen');
    expect(words['Skip to content']).toBe('Neidio i’r prif gynnwys');
    // Every English message of the demo, and the framework's words besides.
    expect(Object.keys(words).length).toBeGreaterThan(Object.keys(enGB).length);
    expect(words.Next).toBe('Nesaf');
    expect(words['{count, plural, one {# course} other {# courses}}']).toMatch(/# chwrs/);
    expect((await loadTranslator('cy', SITE_CATALOGUES, 'en-GB'))('footer.fictional')).toBe(
      'Prifysgol ddychmygol yw hon, cynnwys enghreifftiol Canopy.',
    );
  });
});
