import { describe, expect, it } from 'vitest';
import type { ConsentConfig } from './consent-config.js';
import { consentWordings } from './consent-wording.js';

const config: ConsentConfig = {
  message: '<p>Cookies.</p>',
  categories: [
    { id: 'necessary', name: 'Necessary', description: 'Needed.', required: true },
    { id: 'analytics', name: 'Analytical', description: 'Counts.' },
  ],
};

describe('consentWordings', () => {
  it('gives each language its wording, the message sanitised like the site’s', () => {
    const wordingIn = consentWordings(config, {
      cy: {
        message: '<p><strong>Cwcis.</strong><script>alert(1)</script><img src=x onerror=alert(1)></p>',
        categories: [{ id: 'analytics', name: 'Dadansoddol', description: 'Cyfrif.' }],
      },
    });
    expect(wordingIn('cy')).toEqual({
      message: '<p><strong>Cwcis.</strong></p>',
      categories: [{ id: 'analytics', name: 'Dadansoddol', description: 'Cyfrif.' }],
    });
    expect(wordingIn('en-GB')).toBeNull();
  });

  it('drops categories the site does not declare, and wording that says nothing', () => {
    const wordingIn = consentWordings(config, {
      cy: {
        categories: [
          { id: 'advertising', name: 'Hysbysebu' },
          { id: 'necessary', name: 'Angenrheidiol' },
        ],
      },
      fr: { message: '<script>nothing</script>', categories: [] },
      de: {},
    });
    expect(wordingIn('cy')).toEqual({ categories: [{ id: 'necessary', name: 'Angenrheidiol' }] });
    expect(wordingIn('fr')).toEqual({ categories: [] });
    expect(wordingIn('de')).toBeNull();
  });
});
