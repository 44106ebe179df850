import { catalogueProblems, createTranslator, loadTranslator } from '@canopy/web';
import { describe, expect, it } from 'vitest';
import { SITE_CATALOGUES } from './catalogues.js';
import { messages as cy } from './cy.js';
import { messages as enGB } from './en-GB.js';

describe("the demo's message catalogues", () => {
  it('have every key in every language, valid and with the same arguments', () => {
    expect(Object.keys(SITE_CATALOGUES).toSorted()).toEqual(['cy', 'en-GB']);
    expect(catalogueProblems({ 'en-GB': enGB, cy }, 'en-GB')).toEqual([]);
  });

  it('fill in the site name in either language', async () => {
    const t = await loadTranslator('cy', SITE_CATALOGUES, 'en-GB');
    expect(t('footer.fictional', { siteName: 'Prifysgol Aberwen' })).toBe(
      'Prifysgol ddychmygol yw Prifysgol Aberwen, cynnwys enghreifftiol Canopy.',
    );
    expect(createTranslator('en-GB', enGB)('footer.fictional', { siteName: 'Aberwen University' })).toBe(
      'Aberwen University is a fictional university, the demo content of Canopy.',
    );
  });
});
