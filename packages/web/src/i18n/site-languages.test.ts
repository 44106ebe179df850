import { describe, expect, it } from 'vitest';
import { siteLanguages } from './site-languages.js';

describe('siteLanguages', () => {
  it('gives every language but the default its code as the prefix', () => {
    expect(siteLanguages({ languages: ['en-GB', 'cy'], defaultLanguage: 'en-GB' })).toEqual({
      languages: ['en-GB', 'cy'],
      defaultLanguage: 'en-GB',
      prefixes: { cy: 'cy' },
      hosts: {},
    });
    expect(siteLanguages({ languages: ['cy', 'en-GB'], defaultLanguage: 'cy' }).prefixes).toEqual({
      'en-GB': 'en-gb',
    });
  });

  it('takes the prefixes it is given, and none for a language with a host of its own', () => {
    const site = siteLanguages({
      languages: ['en-GB', 'cy', 'ga'],
      defaultLanguage: 'en-GB',
      prefixes: { ga: 'gaeilge' },
      hosts: { 'en-GB': 'www.aberwen.example', cy: 'WWW.Aberwen-Cymraeg.example' },
    });
    expect(site.prefixes).toEqual({ ga: 'gaeilge' });
    expect(site.hosts).toEqual({ 'en-GB': 'www.aberwen.example', cy: 'www.aberwen-cymraeg.example' });
  });

  it('refuses what would make two languages share an address', () => {
    const base = { languages: ['en-GB', 'cy'], defaultLanguage: 'en-GB' };
    expect(() => siteLanguages({ ...base, languages: [] })).toThrow(/at least one/);
    expect(() => siteLanguages({ ...base, languages: ['en-GB', 'cy', 'cy'] })).toThrow(/twice/);
    expect(() => siteLanguages({ ...base, defaultLanguage: 'fr' })).toThrow(/not one of/);
    expect(() => siteLanguages({ ...base, prefixes: { cy: 'cy/cymraeg' } })).toThrow(/path segment/);
    expect(() => siteLanguages({ ...base, prefixes: { cy: 'CY' } })).toThrow(/path segment/);
    expect(() => siteLanguages({ ...base, prefixes: { fr: 'fr' } })).toThrow(/unknown language fr/);
    expect(() =>
      siteLanguages({ languages: ['en-GB', 'cy', 'ga'], defaultLanguage: 'en-GB', prefixes: { ga: 'cy' } }),
    ).toThrow(/share the prefix/);
    expect(() => siteLanguages({ ...base, hosts: { 'en-GB': 'a.example', cy: 'A.example' } })).toThrow(
      /share the host/,
    );
    expect(() => siteLanguages({ ...base, hosts: { cy: 'https://a.example' } })).toThrow(/not a host name/);
    expect(() => siteLanguages({ ...base, hosts: { cy: 'a.example:8080' } })).toThrow(/not a host name/);
  });
});
