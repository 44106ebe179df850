import { describe, expect, it } from 'vitest';
import { siteLanguages } from '../i18n/site-languages.js';
import { rulesInLanguages } from './robots-languages.js';

const welsh = siteLanguages({ languages: ['en-GB', 'cy'], defaultLanguage: 'en-GB' });
const routes = [
  { path: '/search/*', paths: { cy: '/chwilio/*' } },
  { path: '/news', paths: { cy: '/newyddion' } },
  { path: '/events/:slug/book', paths: { cy: '/digwyddiadau/:slug/book' } },
  { path: '/account/login' },
];

describe('rulesInLanguages', () => {
  it('closes the Welsh search pages and account area as the English rules close the English ones', () => {
    expect(
      rulesInLanguages(
        [{ userAgent: '*', disallow: ['/account/', '/search'], allow: ['/news/'] }],
        welsh,
        routes,
      ),
    ).toEqual([
      {
        userAgent: '*',
        allow: ['/news/', '/cy/news/', '/cy/newyddion/'],
        disallow: ['/account/', '/search', '/cy/account/', '/cy/search', '/cy/chwilio'],
      },
    ]);
  });

  it('leaves a one-language site, a rule without paths and a search-like path alone', () => {
    const rules = [{ userAgent: 'Bot', disallow: ['/searching'] }, { userAgent: '*' }];
    expect(rulesInLanguages(rules, null, routes)).toEqual(rules);
    expect(rulesInLanguages(rules, welsh, routes)).toEqual([
      { userAgent: 'Bot', disallow: ['/searching', '/cy/searching'] },
      { userAgent: '*' },
    ]);
  });

  it('has nothing to add for a language on a host of its own', () => {
    const hosted = siteLanguages({
      languages: ['en-GB', 'cy'],
      defaultLanguage: 'en-GB',
      hosts: { 'en-GB': 'www.aberwen.example', cy: 'www.aberwen.cymru' },
    });
    expect(rulesInLanguages([{ userAgent: '*', disallow: ['/search'] }], hosted, routes)).toEqual([
      { userAgent: '*', disallow: ['/search'] },
    ]);
  });
});
