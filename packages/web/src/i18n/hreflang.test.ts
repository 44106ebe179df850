import { describe, expect, it } from 'vitest';
import {
  canonicalUrl,
  hreflangAlternates,
  sitemapAlternatesXml,
  sitemapLanguageUrls,
  XHTML_NAMESPACE,
} from './hreflang.js';
import type { PageInLanguages } from './language-switcher.js';
import { siteLanguages } from './site-languages.js';

const site = siteLanguages({ languages: ['en-GB', 'cy'], defaultLanguage: 'en-GB' });
const hosted = siteLanguages({
  languages: ['en-GB', 'cy'],
  defaultLanguage: 'en-GB',
  hosts: { 'en-GB': 'www.aberwen.example', cy: 'www.aberwen-cymraeg.example' },
});
const ORIGIN = 'https://www.aberwen.example';
const ORIGINS = { 'en-GB': ORIGIN, cy: 'https://www.aberwen-cymraeg.example' };

const paths = { 'en-GB': '/courses/llb-law', cy: '/cyrsiau/llb-y-gyfraith' };
const course = (language: string): PageInLanguages => ({
  language,
  availableLanguages: ['en-GB', 'cy'],
  nodePaths: paths,
});

describe('hreflangAlternates', () => {
  it('names every language version, its own included, then x-default, the same from either version', () => {
    const expected = [
      { hreflang: 'en-GB', href: 'https://www.aberwen.example/courses/llb-law' },
      { hreflang: 'cy', href: 'https://www.aberwen.example/cy/cyrsiau/llb-y-gyfraith' },
      { hreflang: 'x-default', href: 'https://www.aberwen.example/courses/llb-law' },
    ];
    expect(hreflangAlternates(course('en-GB'), site, ORIGIN)).toEqual(expected);
    expect(hreflangAlternates(course('cy'), site, ORIGIN)).toEqual(expected);
  });

  it('says nothing for a page in one language', () => {
    const englishOnly = { language: 'en-GB', availableLanguages: ['en-GB'], nodePaths: paths };
    expect(hreflangAlternates(englishOnly, site, ORIGIN)).toEqual([]);
  });

  it('leaves x-default out when the default language has no version', () => {
    const three = siteLanguages({ languages: ['en-GB', 'cy', 'ga'], defaultLanguage: 'en-GB' });
    const page = { language: 'cy', availableLanguages: ['cy', 'ga'], nodePaths: { cy: '/a', ga: '/b' } };
    expect(hreflangAlternates(page, three, ORIGIN).map((a) => a.hreflang)).toEqual(['cy', 'ga']);
  });

  it('writes each version on its own host', () => {
    expect(hreflangAlternates(course('cy'), hosted, ORIGINS).map((a) => a.href)).toEqual([
      'https://www.aberwen.example/courses/llb-law',
      'https://www.aberwen-cymraeg.example/cyrsiau/llb-y-gyfraith',
      'https://www.aberwen.example/courses/llb-law',
    ]);
  });

  it('lists static routes in every language', () => {
    expect(hreflangAlternates({ language: 'cy', staticPath: '/account/login' }, site, ORIGIN)).toEqual([
      { hreflang: 'en-GB', href: 'https://www.aberwen.example/account/login' },
      { hreflang: 'cy', href: 'https://www.aberwen.example/cy/account/login' },
      { hreflang: 'x-default', href: 'https://www.aberwen.example/account/login' },
    ]);
  });

  it('names a static route at its own path in each language', () => {
    const search = {
      language: 'cy',
      staticPath: '/chwilio',
      staticPaths: { 'en-GB': '/search', cy: '/chwilio' },
    };
    expect(hreflangAlternates(search, site, ORIGIN).map((a) => a.href)).toEqual([
      'https://www.aberwen.example/search',
      'https://www.aberwen.example/cy/chwilio',
      'https://www.aberwen.example/search',
    ]);
  });
});

describe('canonicalUrl', () => {
  it('is the page in its own language, never the default language', () => {
    expect(canonicalUrl(course('cy'), site, ORIGIN)).toBe(
      'https://www.aberwen.example/cy/cyrsiau/llb-y-gyfraith',
    );
    expect(canonicalUrl(course('en-GB'), site, ORIGIN)).toBe('https://www.aberwen.example/courses/llb-law');
    expect(canonicalUrl(course('cy'), hosted, ORIGINS)).toBe(
      'https://www.aberwen-cymraeg.example/cyrsiau/llb-y-gyfraith',
    );
    expect(canonicalUrl({ language: 'cy', nodePaths: {} }, site, ORIGIN)).toBeNull();
  });
});

describe('sitemap alternates', () => {
  it('gives one URL per language version, each listing all versions', () => {
    const urls = sitemapLanguageUrls({ availableLanguages: ['en-GB', 'cy'], nodePaths: paths }, site, ORIGIN);
    expect(urls.map((u) => [u.language, u.loc])).toEqual([
      ['en-GB', 'https://www.aberwen.example/courses/llb-law'],
      ['cy', 'https://www.aberwen.example/cy/cyrsiau/llb-y-gyfraith'],
    ]);
    expect(urls[0]!.alternates).toEqual(urls[1]!.alternates);
    expect(urls[0]!.alternates).toHaveLength(3);
    const englishOnly = sitemapLanguageUrls(
      { availableLanguages: ['en-GB'], nodePaths: paths },
      site,
      ORIGIN,
    );
    expect(englishOnly).toEqual([
      { language: 'en-GB', loc: 'https://www.aberwen.example/courses/llb-law', alternates: [] },
    ]);
  });

  it('writes xhtml:link elements, escaped', () => {
    expect(XHTML_NAMESPACE).toBe('http://www.w3.org/1999/xhtml');
    expect(
      sitemapAlternatesXml([
        { hreflang: 'cy', href: 'https://www.aberwen.example/cy/chwilio?a=1&b="2"' },
        { hreflang: 'x-default', href: 'https://www.aberwen.example/' },
      ]),
    ).toBe(
      '<xhtml:link rel="alternate" hreflang="cy" href="https://www.aberwen.example/cy/chwilio?a=1&amp;b=&quot;2&quot;"/>' +
        '<xhtml:link rel="alternate" hreflang="x-default" href="https://www.aberwen.example/"/>',
    );
    expect(sitemapAlternatesXml([])).toBe('');
  });
});
