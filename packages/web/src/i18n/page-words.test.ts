import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { FRAMEWORK_CATALOGUES } from './messages/catalogue.js';
import { messages as cy } from './messages/cy.js';
import { messages as enGB } from './messages/en-GB.js';
import type { CatalogueLoaders } from './messages/message-types.js';
import { pageWordsOf, wordsMessageOf } from './page-words.js';
import { formatWordsMessage } from './words-message.js';

function loaders(catalogues: Record<string, Record<string, string>>): CatalogueLoaders {
  return Object.fromEntries(
    Object.entries(catalogues).map(([language, messages]) => [language, async () => ({ messages })]),
  );
}

const framework = loaders({
  'en-GB': {
    next: 'Next',
    search: 'Search',
    count: '{count, plural, one {# result} other {# results}}',
    date: 'On {d, date, long}',
  },
  cy: {
    next: 'Nesaf',
    search: 'Chwiliad',
    count: '{count, plural, one {# canlyniad} two {# ganlyniad} other {# canlyniad}}',
    date: 'Ar {d, date, long}',
  },
});

describe('pageWordsOf', () => {
  it("puts the framework's words with the site's, the site's winning on the same words", async () => {
    const site = loaders({
      'en-GB': { 'search.button': 'Search', menu: 'Menu' },
      cy: { 'search.button': 'Chwilio', menu: 'Dewislen' },
    });
    const words = await pageWordsOf(site, 'en-GB', framework)('cy');
    expect(words).toEqual({
      Next: 'Nesaf',
      Search: 'Chwilio',
      Menu: 'Dewislen',
      '{count, plural, one {# result} other {# results}}':
        '{count, plural, one {# canlyniad} two {# ganlyniad} other {# canlyniad}}',
    });
  });

  it("gives the framework's words to a site without catalogues, and none for a language neither has", async () => {
    const wordsOf = pageWordsOf({}, 'en-GB', framework);
    expect((await wordsOf('cy')).Next).toBe('Nesaf');
    expect(await wordsOf('fr')).toEqual({});
  });

  it("has the framework's own Welsh search words", async () => {
    const words = await pageWordsOf({}, 'en-GB')('cy');
    expect(words.Next).toBe('Nesaf');
    expect(words['Page {page} of {pages}']).toBe('Tudalen {page} o {pages}');
    expect(words['Last updated {date, date, long}']).toBeUndefined();
  });
});

describe('wordsMessageOf', () => {
  it('undoes quoting in plain words and leaves out what the browser cannot format', () => {
    expect(wordsMessageOf("Don''t stop")).toBe("Don't stop");
    expect(wordsMessageOf("Press '{'Enter'}'")).toBe('Press {Enter}');
    expect(wordsMessageOf('{count, number} results')).toBe('{count, number} results');
    expect(wordsMessageOf('{count, number, percent}')).toBeNull();
    expect(wordsMessageOf('Last updated {date, date, long}')).toBeNull();
    expect(wordsMessageOf('{kind, select, a {A} other {B}}')).toBeNull();
    expect(wordsMessageOf('{n, selectordinal, one {#st} other {#th}}')).toBeNull();
    expect(wordsMessageOf("'{'{count}")).toBeNull();
    expect(wordsMessageOf('{count, plural, one {#}')).toBeNull();
  });

  it('keeps every framework message the browser gets formatting as the full formatter does', async () => {
    const values = {
      term: 'cyfraith',
      first: 11,
      last: 20,
      page: 3,
      pages: 12,
      count: 0,
      category: 'marchnata',
      build: 412,
      project: 'website',
      language: 'cy',
      token: 'configured',
      entries: 100,
      seconds: 60,
    };
    for (const [language, catalogue] of [
      ['en-GB', enGB],
      ['cy', cy],
    ] as const) {
      expect(FRAMEWORK_CATALOGUES[language]).toBeDefined();
      for (const [key, message] of Object.entries(catalogue)) {
        const words = wordsMessageOf(message);
        if (words === null) continue;
        for (const count of [0, 1, 2, 3, 6, 1234]) {
          const expected = String(new IntlMessageFormat(message, language).format({ ...values, count }));
          expect(
            formatWordsMessage(words, language, { ...values, count }),
            `${language} ${key} ${count}`,
          ).toBe(expected);
        }
      }
    }
  });
});
