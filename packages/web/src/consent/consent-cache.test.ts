import { describe, expect, it } from 'vitest';
import { keysByConsent } from '../server/page-handler.js';
import { consentCacheHeaders } from './consent-cache.js';

const page = {
  'Cache-Control': 'private',
  'Surrogate-Control': 'max-age=3600',
  'Surrogate-Key': 'project:website',
};

describe('consentCacheHeaders', () => {
  it('shares only the rendering without a choice with caches that do not key by consent', () => {
    expect(consentCacheHeaders(page, false)).toEqual({ ...page, Vary: 'Cookie' });
    expect(consentCacheHeaders(page, true)).toEqual({
      'Cache-Control': 'private',
      'Surrogate-Control': 'no-store',
      Vary: 'Cookie',
    });
  });

  it('lets a cache that keys by the consent choice keep chosen renderings too', () => {
    expect(consentCacheHeaders(page, true, true)).toEqual({ ...page, Vary: 'Cookie' });
  });
});

describe('keysByConsent', () => {
  it('reads the capability the Varnish configuration announces', () => {
    expect(keysByConsent('canopy="canopy-consent/1"')).toBe(true);
    expect(keysByConsent(['abc="ESI/1.0"', 'canopy="canopy-consent/1"'])).toBe(true);
    expect(keysByConsent('canopy="canopy-consent/10"')).toBe(false);
    expect(keysByConsent(undefined)).toBe(false);
  });
});
