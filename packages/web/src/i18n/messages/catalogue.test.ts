import { describe, expect, it } from 'vitest';
import { FRAMEWORK_CATALOGUES, loadTranslator } from './catalogue.js';
import { catalogueProblems } from './catalogue-check.js';
import { messages as cy } from './cy.js';
import { messages as enGB } from './en-GB.js';
import { createTranslator } from './translator.js';

describe('the framework catalogues', () => {
  it('have every key in every language, valid and with the same arguments', () => {
    expect(Object.keys(FRAMEWORK_CATALOGUES).toSorted()).toEqual(['cy', 'en-GB']);
    expect(catalogueProblems({ 'en-GB': enGB, cy }, 'en-GB')).toEqual([]);
  });
});

describe('catalogueProblems', () => {
  const reference = { a: 'Page {page} of {pages}', b: '{count, plural, one {# result} other {# results}}' };

  it('reports missing and extra keys', () => {
    expect(
      catalogueProblems({ 'en-GB': reference, cy: { a: 'Tudalen {page} o {pages}', c: 'x' } }, 'en-GB'),
    ).toEqual(['cy: missing b', 'cy: c is not in en-GB']);
  });

  it('reports messages that do not parse, a plural without other included', () => {
    const problems = catalogueProblems(
      { 'en-GB': reference, cy: { a: 'Tudalen {page o {pages}', b: '{count, plural, one {# canlyniad}}' } },
      'en-GB',
    );
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^cy a: not valid ICU MessageFormat/);
    expect(problems[1]).toMatch(/^cy b: not valid ICU MessageFormat/);
  });

  it('reports arguments a translation drops, adds or uses differently', () => {
    expect(
      catalogueProblems(
        { 'en-GB': reference, cy: { a: 'Tudalen {page}', b: '{count, number} canlyniad {extra}' } },
        'en-GB',
      ),
    ).toEqual([
      'cy a: arguments page:argument, en-GB has page:argument, pages:argument',
      'cy b: arguments count:number, extra:argument, en-GB has count:plural',
    ]);
  });

  it('reports plural options the language never chooses', () => {
    expect(
      catalogueProblems(
        {
          'en-GB': { b: '{count, plural, one {# result} two {# results} other {# results}}' },
          cy: { b: '{count, plural, one {# canlyniad} two {# ganlyniad} other {# canlyniad}}' },
        },
        'en-GB',
      ),
    ).toEqual(['en-GB b: "two" is not a plural category of en-GB']);
  });

  it('needs the reference catalogue', () => {
    expect(catalogueProblems({ cy }, 'en-GB')).toEqual(['no catalogue for the reference language en-GB']);
  });
});

describe('createTranslator', () => {
  const t = createTranslator('cy', cy);
  const en = createTranslator('en-GB', enGB);

  it('chooses Welsh plural forms, mutation included', () => {
    const counts = [0, 1, 2, 3, 4, 6, 11].map((count) => t('search.resultCount', { count }));
    expect(counts).toEqual([
      'Dim canlyniadau',
      '1 canlyniad',
      '2 ganlyniad',
      '3 chanlyniad',
      '4 canlyniad',
      '6 chanlyniad',
      '11 canlyniad',
    ]);
    expect(t('events.placesLeft', { count: 2 })).toBe('2 le ar ôl');
    expect(en('search.resultCount', { count: 1 })).toBe('1 result');
    expect(en('search.resultCount', { count: 1234 })).toBe('1,234 results');
  });

  it('formats dates in the language', () => {
    const date = new Date(Date.UTC(2026, 8, 1, 12));
    expect(t('page.lastUpdated', { date })).toBe('Diweddarwyd ddiwethaf 1 Medi 2026');
    expect(en('page.lastUpdated', { date })).toBe('Last updated 1 September 2026');
    expect(t.language).toBe('cy');
  });

  it('takes a missing key from the fallback and throws for a key in neither', () => {
    const partial = createTranslator<'a' | 'b'>('cy', { a: 'Iaith' } as Record<'a' | 'b', string>, {
      language: 'en-GB',
      messages: { a: 'Language', b: 'Page {page}' },
    });
    expect(partial('a')).toBe('Iaith');
    expect(partial('b', { page: 2 })).toBe('Page 2');
    expect(() => createTranslator('cy', cy)('nope' as keyof typeof cy)).toThrow(/No message nope in cy/);
  });
});

describe('loadTranslator', () => {
  it('loads a language catalogue and the formatter on demand', async () => {
    const t = await loadTranslator('cy', FRAMEWORK_CATALOGUES, 'en-GB');
    expect(t('pager.pageOf', { page: 2, pages: 7 })).toBe('Tudalen 2 o 7');
    await expect(loadTranslator('fr', FRAMEWORK_CATALOGUES)).rejects.toThrow(/No message catalogue for fr/);
  });
});
