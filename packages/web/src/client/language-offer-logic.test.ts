import { describe, expect, it } from 'vitest';
import { siteLanguages } from '../i18n/site-languages.js';
import type { LanguageVersions } from '../state/routing-slice.js';
import { offerFor } from './language-offer-logic.js';

const site = siteLanguages({ languages: ['en-GB', 'cy'], defaultLanguage: 'en-GB' });

const translated = (language: string, href: string): LanguageVersions => ({
  switcher: [{ language, name: language, href, translated: true }],
  alternates: [],
});
const english = translated('cy', '/cy/cyrsiau/llb-y-gyfraith');

describe('offerFor', () => {
  it('offers a first-time visitor whose browser prefers Welsh the Welsh version of an English page', () => {
    expect(
      offerFor(
        {
          browserLanguages: ['cy-GB', 'cy', 'en-GB'],
          pageLanguage: 'en-GB',
          chosenLanguage: null,
          versions: english,
        },
        site,
      ),
    ).toEqual({ language: 'cy', href: '/cy/cyrsiau/llb-y-gyfraith' });
  });

  it('offers English on a Welsh page to a browser that prefers English', () => {
    const welsh = translated('en-GB', '/courses/llb-law');
    expect(
      offerFor(
        { browserLanguages: ['en-US', 'en'], pageLanguage: 'cy', chosenLanguage: null, versions: welsh },
        site,
      ),
    ).toEqual({ language: 'en-GB', href: '/courses/llb-law' });
  });

  it('offers nothing once the visitor chose, to a browser that prefers the page’s language, or for an untranslated page', () => {
    const base = { browserLanguages: ['cy'], pageLanguage: 'en-GB', chosenLanguage: null, versions: english };
    expect(offerFor({ ...base, chosenLanguage: 'en-GB' }, site)).toBeNull();
    expect(offerFor({ ...base, chosenLanguage: 'cy' }, site)).toBeNull();
    expect(offerFor({ ...base, browserLanguages: ['en-GB', 'cy'] }, site)).toBeNull();
    expect(offerFor({ ...base, browserLanguages: ['fr', 'de'] }, site)).toBeNull();
    expect(offerFor({ ...base, browserLanguages: [] }, site)).toBeNull();
    const untranslated: LanguageVersions = {
      switcher: [{ language: 'cy', name: 'Cymraeg', href: '/cy?translation=missing', translated: false }],
      alternates: [],
    };
    expect(offerFor({ ...base, versions: untranslated }, site)).toBeNull();
    expect(offerFor({ ...base, versions: null }, site)).toBeNull();
  });
});
