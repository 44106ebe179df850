import { describe, expect, it } from 'vitest';
import { withBasePath } from './base-path.js';
import { languagesOfSite, pageLanguageOf } from './page-language.js';

const bilingual = { language: 'en-GB', languages: ['en-GB', 'cy'] };

describe('pageLanguageOf', () => {
  it('routes a prefixed address in its language, under the prefix', () => {
    expect(pageLanguageOf(bilingual, '/cy/cyrsiau/llb-y-gyfraith')).toEqual({
      language: 'cy',
      isDefault: false,
      basePath: '/cy',
      pathname: '/cyrsiau/llb-y-gyfraith',
    });
    expect(pageLanguageOf(bilingual, '/cy')).toMatchObject({ language: 'cy', pathname: '/' });
    expect(pageLanguageOf(bilingual, '/cy/')).toMatchObject({ language: 'cy', pathname: '/' });
  });

  it('leaves every other address in the default language as it stands', () => {
    for (const path of ['/', '/courses/llb-law', '/cymraeg', '/CY/x', '/search/cy']) {
      expect(pageLanguageOf(bilingual, path)).toEqual({
        language: 'en-GB',
        isDefault: true,
        basePath: '',
        pathname: path,
      });
    }
  });

  it('has no prefixes on a site in one language', () => {
    expect(languagesOfSite({ language: 'cy' })).toBeNull();
    expect(languagesOfSite({ languages: ['en-GB'] })).toBeNull();
    expect(pageLanguageOf({ language: 'cy' }, '/cy/x')).toEqual({
      language: 'cy',
      isDefault: true,
      basePath: '',
      pathname: '/cy/x',
    });
  });

  it('takes a prefix of the site’s choosing, and refuses languages that would share an address', () => {
    const site = { language: 'en-GB', languages: ['en-GB', 'cy'], languagePrefixes: { cy: 'cymraeg' } };
    expect(pageLanguageOf(site, '/cymraeg/newyddion')).toMatchObject({
      language: 'cy',
      basePath: '/cymraeg',
    });
    expect(pageLanguageOf(site, '/cy/newyddion')).toMatchObject({ language: 'en-GB' });
    expect(() => languagesOfSite({ language: 'fr', languages: ['en-GB', 'cy'] })).toThrow(/default language/);
  });
});

describe('pageLanguageOf on a language’s own host', () => {
  const site = { language: 'en-GB', languages: ['en-GB', 'cy'], languageHosts: { cy: 'www.aberwen.cymru' } };

  it('gives every path on that host its language, without a basename', () => {
    expect(pageLanguageOf(site, '/cyrsiau/llb-y-gyfraith', 'www.aberwen.cymru')).toEqual({
      language: 'cy',
      isDefault: false,
      basePath: '',
      pathname: '/cyrsiau/llb-y-gyfraith',
    });
  });

  it('keeps the default language on every other host, where the language has no prefix', () => {
    expect(pageLanguageOf(site, '/cy/cyrsiau', 'www.aberwen.example')).toMatchObject({
      language: 'en-GB',
      isDefault: true,
      pathname: '/cy/cyrsiau',
    });
    expect(pageLanguageOf(site, '/courses', null)).toMatchObject({ language: 'en-GB', isDefault: true });
  });
});

describe('withBasePath', () => {
  it('puts a path of the tree under its language prefix', () => {
    expect(withBasePath('/cy', '/cyrsiau')).toBe('/cy/cyrsiau');
    expect(withBasePath('/cy', '/')).toBe('/cy');
    expect(withBasePath('/cy', '/?translation=missing')).toBe('/cy?translation=missing');
    expect(withBasePath('/cy', '/account/login?redirect_uri=%2Fcy')).toBe(
      '/cy/account/login?redirect_uri=%2Fcy',
    );
  });

  it('leaves the default language and what is not a site path alone', () => {
    expect(withBasePath('', '/courses')).toBe('/courses');
    expect(withBasePath('/cy', 'https://example.org/x')).toBe('https://example.org/x');
    expect(withBasePath('/cy', '//evil.example/x')).toBe('//evil.example/x');
  });
});
