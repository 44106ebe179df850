import { describe, expect, it } from 'vitest';
import { absoluteUrl, languageOfPath, linkTo, localisedPath, originOf } from './language-paths.js';
import { siteLanguages } from './site-languages.js';

const site = siteLanguages({ languages: ['en-GB', 'cy'], defaultLanguage: 'en-GB' });
const hosted = siteLanguages({
  languages: ['en-GB', 'cy'],
  defaultLanguage: 'en-GB',
  hosts: { 'en-GB': 'www.aberwen.example', cy: 'www.aberwen-cymraeg.example' },
});
const ORIGIN = 'https://www.aberwen.example';
const ORIGINS = { 'en-GB': ORIGIN, cy: 'https://www.aberwen-cymraeg.example' };

describe('languageOfPath', () => {
  it('reads the default language at the root and the others under their prefix', () => {
    expect(languageOfPath('/courses/llb-law', site)).toEqual({
      language: 'en-GB',
      nodePath: '/courses/llb-law',
      prefix: null,
    });
    expect(languageOfPath('/cy/cyrsiau/llb-y-gyfraith', site)).toEqual({
      language: 'cy',
      nodePath: '/cyrsiau/llb-y-gyfraith',
      prefix: 'cy',
    });
    expect(languageOfPath('/', site)).toEqual({ language: 'en-GB', nodePath: '/', prefix: null });
  });

  it('takes /cy and /cy/ as the Welsh home page', () => {
    expect(languageOfPath('/cy', site)).toMatchObject({ language: 'cy', nodePath: '/' });
    expect(languageOfPath('/cy/', site)).toMatchObject({ language: 'cy', nodePath: '/' });
    expect(languageOfPath('/cy?term=hanes#results', site)).toMatchObject({ language: 'cy', nodePath: '/' });
  });

  it('matches the prefix as a whole first segment in its own case only', () => {
    expect(languageOfPath('/cymraeg', site)).toMatchObject({ language: 'en-GB', nodePath: '/cymraeg' });
    expect(languageOfPath('/CY/cyrsiau', site)).toMatchObject({ language: 'en-GB', nodePath: '/CY/cyrsiau' });
    expect(languageOfPath('/courses/cy', site)).toMatchObject({ language: 'en-GB', nodePath: '/courses/cy' });
  });

  it('leaves the query and fragment out of the node path', () => {
    expect(languageOfPath('/cy/chwilio/all?term=môr#top', site).nodePath).toBe('/chwilio/all');
    expect(languageOfPath('/search?x=/cy/a', site).nodePath).toBe('/search');
  });

  it('reads the language from its own host, whatever the port or case', () => {
    expect(languageOfPath('/cyrsiau', hosted, 'WWW.Aberwen-Cymraeg.example:8443')).toEqual({
      language: 'cy',
      nodePath: '/cyrsiau',
      prefix: null,
    });
    expect(languageOfPath('/courses', hosted, 'www.aberwen.example')).toMatchObject({ language: 'en-GB' });
    // A host the languages do not name (a preview host, say) is the default language's.
    expect(languageOfPath('/courses', hosted, 'preview.aberwen.example')).toMatchObject({
      language: 'en-GB',
    });
    // A language with a host has no prefix: /cy is an ordinary path there.
    expect(languageOfPath('/cy/cyrsiau', hosted, 'www.aberwen.example')).toMatchObject({
      language: 'en-GB',
      nodePath: '/cy/cyrsiau',
    });
  });
});

describe('localisedPath', () => {
  it('puts the prefix before the node path of a language that has one', () => {
    expect(localisedPath('cy', '/cyrsiau/llb-y-gyfraith', site)).toEqual({
      language: 'cy',
      host: null,
      path: '/cy/cyrsiau/llb-y-gyfraith',
    });
    expect(localisedPath('cy', '/', site).path).toBe('/cy');
    expect(localisedPath('en-GB', '/', site).path).toBe('/');
    expect(localisedPath('en-GB', '/courses', site).path).toBe('/courses');
  });

  it('keeps a query and fragment', () => {
    expect(localisedPath('cy', '/?translation=missing', site).path).toBe('/cy?translation=missing');
    expect(localisedPath('cy', '/chwilio/all?term=m%C3%B4r#r', site).path).toBe(
      '/cy/chwilio/all?term=m%C3%B4r#r',
    );
  });

  it('names the host of a language that has one, with the path as it is', () => {
    expect(localisedPath('cy', '/cyrsiau', hosted)).toEqual({
      language: 'cy',
      host: 'www.aberwen-cymraeg.example',
      path: '/cyrsiau',
    });
  });

  it('refuses a language the site lacks and what is not a path', () => {
    expect(() => localisedPath('fr', '/', site)).toThrow(/no language fr/);
    expect(() => localisedPath('cy', 'cyrsiau', site)).toThrow(/not a path/);
    expect(() => localisedPath('cy', '//evil.example/x', site)).toThrow(/not a path/);
  });

  it('is the inverse of languageOfPath, both ways', () => {
    const paths = ['/', '/courses', '/courses/llb-law', '/about/history/founders'];
    for (const language of site.languages) {
      for (const nodePath of paths) {
        const { path } = localisedPath(language, nodePath, site);
        expect(languageOfPath(path, site)).toMatchObject({ language, nodePath });
      }
    }
    for (const address of ['/', '/cy', '/cy/cyrsiau', '/courses/llb-law', '/cymraeg']) {
      const { language, nodePath } = languageOfPath(address, site);
      expect(localisedPath(language, nodePath, site).path).toBe(address);
    }
    for (const language of hosted.languages) {
      const location = localisedPath(language, '/a/b', hosted);
      expect(languageOfPath(location.path, hosted, location.host)).toMatchObject({
        language,
        nodePath: '/a/b',
      });
    }
  });
});

describe('absolute URLs and links', () => {
  it('writes absolute URLs on the language origin', () => {
    expect(absoluteUrl(localisedPath('cy', '/cyrsiau', site), ORIGIN)).toBe(
      'https://www.aberwen.example/cy/cyrsiau',
    );
    expect(absoluteUrl(localisedPath('cy', '/cyrsiau', hosted), ORIGINS)).toBe(
      'https://www.aberwen-cymraeg.example/cyrsiau',
    );
    expect(originOf('cy', 'https://www.aberwen.example/some/path')).toBe(ORIGIN);
    expect(() => originOf('cy', { 'en-GB': ORIGIN })).toThrow(/No public origin for cy/);
  });

  it('links by path on the same host and by absolute URL to another host', () => {
    expect(linkTo(localisedPath('cy', '/cyrsiau', site), 'en-GB', site, ORIGIN)).toBe('/cy/cyrsiau');
    expect(linkTo(localisedPath('cy', '/cyrsiau', hosted), 'en-GB', hosted, ORIGINS)).toBe(
      'https://www.aberwen-cymraeg.example/cyrsiau',
    );
    expect(linkTo(localisedPath('en-GB', '/courses', hosted), 'cy', hosted, ORIGINS)).toBe(
      'https://www.aberwen.example/courses',
    );
    expect(linkTo(localisedPath('en-GB', '/courses', hosted), 'en-GB', hosted, ORIGINS)).toBe('/courses');
  });
});
