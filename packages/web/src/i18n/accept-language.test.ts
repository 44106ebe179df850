import { describe, expect, it } from 'vitest';
import { languageOffer, parseAcceptLanguage, preferredLanguage } from './accept-language.js';
import { siteLanguages } from './site-languages.js';

const site = siteLanguages({ languages: ['en-GB', 'cy'], defaultLanguage: 'en-GB' });
const LANGUAGES = site.languages;

describe('parseAcceptLanguage', () => {
  it('orders ranges by weight, keeping the header order between equals', () => {
    expect(parseAcceptLanguage('en-GB,en;q=0.9,cy;q=0.8')).toEqual([
      { range: 'en-GB', q: 1 },
      { range: 'en', q: 0.9 },
      { range: 'cy', q: 0.8 },
    ]);
    expect(parseAcceptLanguage('cy;q=0.5, en-US , fr;q=0.5, *;q=0.1')).toEqual([
      { range: 'en-US', q: 1 },
      { range: 'cy', q: 0.5 },
      { range: 'fr', q: 0.5 },
      { range: '*', q: 0.1 },
    ]);
  });

  it('leaves out refused and malformed ranges', () => {
    expect(parseAcceptLanguage('cy;q=0, en-GB;q=0.000, de')).toEqual([{ range: 'de', q: 1 }]);
    expect(parseAcceptLanguage('en-GB;q=2, cy;q=abc, fr;level=1, <script>, averyveryverylong, es')).toEqual([
      { range: 'es', q: 1 },
    ]);
    expect(parseAcceptLanguage('')).toEqual([]);
    expect(parseAcceptLanguage(undefined)).toEqual([]);
    expect(parseAcceptLanguage(`cy,${'en;q=0.5,'.repeat(200)}`)).toEqual([]);
  });
});

describe('preferredLanguage', () => {
  it('matches the same tag whatever its case', () => {
    expect(preferredLanguage('CY', LANGUAGES)).toBe('cy');
    expect(preferredLanguage('en-gb', LANGUAGES)).toBe('en-GB');
  });

  it('finds a language by lookup and by its primary subtag', () => {
    expect(preferredLanguage('cy-GB,en;q=0.5', LANGUAGES)).toBe('cy');
    expect(preferredLanguage('en-US,cy;q=0.9', LANGUAGES)).toBe('en-GB');
    expect(preferredLanguage('en', LANGUAGES)).toBe('en-GB');
  });

  it('follows the visitor weights, not the header order', () => {
    expect(preferredLanguage('en;q=0.4,cy;q=0.9', LANGUAGES)).toBe('cy');
    expect(preferredLanguage('fr-FR,fr;q=0.9,cy;q=0.3', LANGUAGES)).toBe('cy');
  });

  it('finds nothing for other languages, a bare * or no header', () => {
    expect(preferredLanguage('fr-FR,fr;q=0.9', LANGUAGES)).toBeNull();
    expect(preferredLanguage('*', LANGUAGES)).toBeNull();
    expect(preferredLanguage(null, LANGUAGES)).toBeNull();
    // "cym" is not Welsh's tag and shares no primary subtag with "cy".
    expect(preferredLanguage('cym', LANGUAGES)).toBeNull();
  });
});

describe('languageOffer', () => {
  it('offers the language the browser prefers when the page is in another', () => {
    expect(languageOffer({ acceptLanguage: 'cy,en;q=0.8', pageLanguage: 'en-GB' }, site)).toBe('cy');
    expect(languageOffer({ acceptLanguage: 'en-GB,cy;q=0.5', pageLanguage: 'cy' }, site)).toBe('en-GB');
  });

  it('offers nothing when the page is in the preferred language or nothing matches', () => {
    expect(languageOffer({ acceptLanguage: 'cy,en;q=0.8', pageLanguage: 'cy' }, site)).toBeNull();
    expect(languageOffer({ acceptLanguage: 'de-DE', pageLanguage: 'en-GB' }, site)).toBeNull();
    expect(languageOffer({ acceptLanguage: undefined, pageLanguage: 'cy' }, site)).toBeNull();
  });

  it('offers nothing once the visitor has chosen a language', () => {
    expect(
      languageOffer({ acceptLanguage: 'cy', pageLanguage: 'en-GB', chosenLanguage: 'en-GB' }, site),
    ).toBeNull();
    expect(
      languageOffer({ acceptLanguage: 'cy', pageLanguage: 'en-GB', chosenLanguage: 'cy' }, site),
    ).toBeNull();
  });
});
