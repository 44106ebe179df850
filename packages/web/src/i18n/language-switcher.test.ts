import { describe, expect, it } from 'vitest';
import { languageOfPath } from './language-paths.js';
import {
  asksForMissingTranslationNotice,
  MISSING_TRANSLATION_PARAM,
  type PageInLanguages,
  pathInLanguage,
  switcherTarget,
  switcherTargets,
} from './language-switcher.js';
import { siteLanguages } from './site-languages.js';

const site = siteLanguages({ languages: ['en-GB', 'cy'], defaultLanguage: 'en-GB' });
const hosted = siteLanguages({
  languages: ['en-GB', 'cy'],
  defaultLanguage: 'en-GB',
  hosts: { 'en-GB': 'www.aberwen.example', cy: 'www.aberwen-cymraeg.example' },
});
const ORIGIN = 'https://www.aberwen.example';
const ORIGINS = { 'en-GB': ORIGIN, cy: 'https://www.aberwen-cymraeg.example' };

const course: PageInLanguages = {
  language: 'en-GB',
  availableLanguages: ['en-GB', 'cy'],
  nodePaths: { 'en-GB': '/courses/llb-law', cy: '/cyrsiau/llb-y-gyfraith' },
};
// The platform gives every node a path in every language, but this entry has no Welsh variation.
const englishOnly: PageInLanguages = {
  language: 'en-GB',
  availableLanguages: ['en-GB'],
  nodePaths: { 'en-GB': '/news/a-story', cy: '/newyddion/a-story' },
};

describe('switcherTarget', () => {
  it('links to the same entry in the other language, both ways', () => {
    expect(switcherTarget(course, 'cy', site, ORIGIN)).toEqual({
      language: 'cy',
      host: null,
      path: '/cy/cyrsiau/llb-y-gyfraith',
      href: '/cy/cyrsiau/llb-y-gyfraith',
      translated: true,
    });
    expect(switcherTarget({ ...course, language: 'cy' }, 'en-GB', site, ORIGIN)).toEqual({
      language: 'en-GB',
      host: null,
      path: '/courses/llb-law',
      href: '/courses/llb-law',
      translated: true,
    });
  });

  it('falls back to the other language home page, flagged for the notice, without a translation', () => {
    const target = switcherTarget(englishOnly, 'cy', site, ORIGIN);
    expect(target).toEqual({
      language: 'cy',
      host: null,
      path: `/cy?${MISSING_TRANSLATION_PARAM}=missing`,
      href: '/cy?translation=missing',
      translated: false,
    });
    expect(languageOfPath(target.href, site)).toMatchObject({ language: 'cy', nodePath: '/' });
    expect(asksForMissingTranslationNotice(new URL(target.href, ORIGIN).search)).toBe(true);
    // From a Welsh-only page to English: the English home page is the root.
    const welshOnly = { language: 'cy', availableLanguages: ['cy'], nodePaths: { cy: '/newyddion/x' } };
    expect(switcherTarget(welshOnly, 'en-GB', site, ORIGIN)).toMatchObject({
      href: '/?translation=missing',
      translated: false,
    });
  });

  it('falls back when the variation exists but the platform gave no node path in that language', () => {
    const noNode = { ...course, nodePaths: { 'en-GB': '/courses/llb-law' } };
    expect(switcherTarget(noNode, 'cy', site, ORIGIN).translated).toBe(false);
    const badPath = { ...course, nodePaths: { 'en-GB': '/courses/llb-law', cy: 'https://evil.example/' } };
    expect(switcherTarget(badPath, 'cy', site, ORIGIN)).toMatchObject({
      translated: false,
      href: '/cy?translation=missing',
    });
  });

  it('keeps the path of a static route in every language', () => {
    expect(
      switcherTarget({ language: 'en-GB', staticPath: '/account/login' }, 'cy', site, ORIGIN),
    ).toMatchObject({
      href: '/cy/account/login',
      translated: true,
    });
    expect(switcherTarget({ language: 'en-GB' }, 'cy', site, ORIGIN).translated).toBe(false);
  });

  it('links a static route to its own path in each language, when it has one there', () => {
    const news: PageInLanguages = {
      language: 'en-GB',
      staticPath: '/news',
      staticPaths: { 'en-GB': '/news', cy: '/newyddion' },
    };
    expect(switcherTarget(news, 'cy', site, ORIGIN)).toMatchObject({
      href: '/cy/newyddion',
      translated: true,
    });
    expect(
      switcherTarget({ ...news, language: 'cy', staticPath: '/newyddion' }, 'en-GB', site, ORIGIN).href,
    ).toBe('/news');
  });

  it('links to another host with an absolute URL', () => {
    expect(switcherTarget(course, 'cy', hosted, ORIGINS)).toMatchObject({
      host: 'www.aberwen-cymraeg.example',
      href: 'https://www.aberwen-cymraeg.example/cyrsiau/llb-y-gyfraith',
      translated: true,
    });
    expect(switcherTarget(englishOnly, 'cy', hosted, ORIGINS).href).toBe(
      'https://www.aberwen-cymraeg.example/?translation=missing',
    );
  });
});

describe('switcherTargets', () => {
  it('lists every other language in the site order', () => {
    const three = siteLanguages({ languages: ['en-GB', 'cy', 'ga'], defaultLanguage: 'en-GB' });
    const page = { ...course, language: 'cy' };
    expect(switcherTargets(page, three, ORIGIN).map((t) => [t.language, t.href, t.translated])).toEqual([
      ['en-GB', '/courses/llb-law', true],
      ['ga', '/ga?translation=missing', false],
    ]);
  });
});

describe('pathInLanguage and the notice', () => {
  it('needs a variation and a node path', () => {
    expect(pathInLanguage(course, 'cy')).toBe('/cyrsiau/llb-y-gyfraith');
    expect(pathInLanguage(englishOnly, 'cy')).toBeNull();
    expect(pathInLanguage({ ...course, availableLanguages: null }, 'cy')).toBeNull();
  });

  it('reads the notice parameter only with its value', () => {
    expect(asksForMissingTranslationNotice('?translation=missing')).toBe(true);
    expect(asksForMissingTranslationNotice('translation=missing&x=1')).toBe(true);
    expect(asksForMissingTranslationNotice('?translation=other')).toBe(false);
    expect(asksForMissingTranslationNotice('')).toBe(false);
  });
});
