import { describe, expect, it } from 'vitest';
import { type ConsentConfig, consentServerSettings } from './consent-config.js';

const base: ConsentConfig = { message: '<p>Cookies</p>', categories: [] };

describe('consentServerSettings', () => {
  it('defaults the cookie name and lists required record categories', () => {
    const settings = consentServerSettings({
      ...base,
      categories: [
        { id: 'necessary', name: 'Necessary', description: '', required: true },
        { id: 'functional', name: 'Functional', description: '', required: true },
        { id: 'analytics', name: 'Analytical', description: '' },
      ],
    });
    expect(settings).toEqual({
      cookieName: 'canopy_consent',
      required: ['functional'],
      cookiesByCategory: {},
    });
  });

  it('collects the cookies of each switchable category, never the consent cookie', () => {
    const cookie = (name: string) => ({ name, provider: 'P', purpose: '', expiration: '' });
    const settings = consentServerSettings({
      ...base,
      cookieName: 'my_consent',
      categories: [
        { id: 'necessary', name: 'Necessary', description: '', required: true, cookies: [cookie('sid')] },
        {
          id: 'analytics',
          name: 'Analytical',
          description: '',
          cookies: [cookie('aw_visitor'), cookie('_ga_*')],
        },
        { id: 'marketing', name: 'Marketing', description: '', cookies: [cookie('my_consent')] },
      ],
    });
    expect(settings.cookiesByCategory).toEqual({ analytics: ['aw_visitor', '_ga_*'] });
  });

  it('refuses a switchable category outside the record', () => {
    expect(() =>
      consentServerSettings({ ...base, categories: [{ id: 'statistics', name: 'S', description: '' }] }),
    ).toThrow(/"statistics" can be switched/);
  });

  it('refuses a category declared twice and a cookie name a browser would not keep', () => {
    const twice = { id: 'analytics', name: 'A', description: '' };
    expect(() => consentServerSettings({ ...base, categories: [twice, twice] })).toThrow(/declared twice/);
    expect(() => consentServerSettings({ ...base, cookieName: 'my consent' })).toThrow(
      /not a valid cookie name/,
    );
  });
});
