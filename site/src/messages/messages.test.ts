import { catalogueProblems, createTranslator, loadTranslator, pageWordsOf } from '@canopy/web';
import { describe, expect, it } from 'vitest';
import { SITE_CATALOGUES } from './catalogues.js';
import { messages as cy } from './cy.js';
import { messages as enGB } from './en-GB.js';

describe("the demo's message catalogues", () => {
  it('have every key in every language, valid and with the same arguments', () => {
    expect(Object.keys(SITE_CATALOGUES).toSorted()).toEqual(['cy', 'en-GB']);
    expect(catalogueProblems({ 'en-GB': enGB, cy }, 'en-GB')).toEqual([]);
  });

  it('hold English messages that are plain words, as the components write them', () => {
    // The components show the English messages as they stand (useText), so none may take
    // values or quote anything: each formats to itself.
    const t = createTranslator('en-GB', enGB);
    for (const [key, message] of Object.entries(enGB)) expect(t(key as keyof typeof enGB), key).toBe(message);
  });

  it('give a Welsh page its words under the English ones', async () => {
    const words = await pageWordsOf(SITE_CATALOGUES, 'en-GB')('cy');
    expect(words['Aberwen University']).toBe('Prifysgol Aberwen');
    expect(words.Menu).toBe('Dewislen');
    expect(words['Skip to content']).toBe('Neidio i’r prif gynnwys');
    expect(Object.keys(words)).toHaveLength(Object.keys(enGB).length);
    expect((await loadTranslator('cy', SITE_CATALOGUES, 'en-GB'))('footer.fictional')).toBe(
      'Prifysgol ddychmygol yw hon, cynnwys enghreifftiol Canopy.',
    );
  });
});
