import { describe, expect, it } from 'vitest';
import { languageOriginsOf } from './language-origins.js';
import { siteLanguages } from './site-languages.js';

const hosted = siteLanguages({
  languages: ['en-GB', 'cy'],
  defaultLanguage: 'en-GB',
  hosts: { cy: 'www.aberwen.cymru' },
});
const HOSTS = {
  'www.aberwen.example': 'https://www.aberwen.example',
  'www.aberwen.cymru': 'https://www.aberwen.cymru',
};
const english = { host: 'www.aberwen.example', origin: 'https://www.aberwen.example' };
const welsh = { host: 'www.aberwen.cymru', origin: 'https://www.aberwen.cymru' };
const BOTH = { 'en-GB': 'https://www.aberwen.example', cy: 'https://www.aberwen.cymru' };

describe('languageOriginsOf', () => {
  it("puts a language with a host of its own on that host's configured origin, the others on a host no language claims", () => {
    expect(languageOriginsOf(hosted, HOSTS, english)).toEqual(BOTH);
    expect(languageOriginsOf(hosted, HOSTS, welsh)).toEqual(BOTH);
    // On another unclaimed host (a second English name), English stays on the page's own.
    const other = { host: 'aberwen.example', origin: 'https://aberwen.example' };
    expect(languageOriginsOf(hosted, HOSTS, other)?.['en-GB']).toBe('https://aberwen.example');
  });

  it('has none for a site whose languages share a host, a page without an origin, or a language with nowhere to go', () => {
    const prefixed = siteLanguages({ languages: ['en-GB', 'cy'], defaultLanguage: 'en-GB' });
    expect(languageOriginsOf(prefixed, HOSTS, english)).toBeNull();
    expect(languageOriginsOf(null, HOSTS, english)).toBeNull();
    expect(languageOriginsOf(hosted, HOSTS, { ...english, origin: null })).toBeNull();
    // The Welsh host is not one the server answers publicly.
    expect(
      languageOriginsOf(hosted, { 'www.aberwen.example': 'https://www.aberwen.example' }, english),
    ).toBeNull();
    // On the Welsh host with no public host left for English.
    expect(languageOriginsOf(hosted, { 'www.aberwen.cymru': 'https://www.aberwen.cymru' }, welsh)).toBeNull();
  });
});
