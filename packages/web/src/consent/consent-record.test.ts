import { describe, expect, it } from 'vitest';
import {
  CONSENT_MAX_AGE_SECONDS,
  consentCookie,
  cookieValue,
  decodeConsent,
  encodeConsent,
  NO_CONSENT,
  readConsent,
  sameConsent,
} from './consent-record.js';

const analyticsOnly = { ...NO_CONSENT, analytics: true };

describe('consent cookie value', () => {
  it('reads back what it writes', () => {
    expect(decodeConsent(encodeConsent(analyticsOnly))).toEqual(analyticsOnly);
    expect(decodeConsent(encodeConsent(NO_CONSENT))).toEqual(NO_CONSENT);
  });

  it('holds the four categories of the record as JSON', () => {
    expect(JSON.parse(decodeURIComponent(encodeConsent(analyticsOnly)))).toEqual({
      analytics: true,
      advertising: false,
      functional: false,
      marketing: false,
    });
  });

  it('treats missing categories as not allowed and ignores unknown ones', () => {
    expect(decodeConsent(encodeURIComponent('{"marketing":true,"other":1}'))).toEqual({
      ...NO_CONSENT,
      marketing: true,
    });
  });

  it.each([
    ['empty', ''],
    ['not JSON', 'yes'],
    ['bad escape', '%E0%A4%A'],
    ['an array', encodeURIComponent('[true]')],
    ['null', 'null'],
    ['a string where a boolean belongs', encodeURIComponent('{"analytics":"true"}')],
    ['oversized', encodeURIComponent(JSON.stringify({ analytics: true, pad: 'x'.repeat(600) }))],
  ])('rejects a damaged value (%s), so the visitor is asked again', (_what, value) => {
    expect(decodeConsent(value)).toBeNull();
  });
});

describe('reading the cookie from a Cookie header', () => {
  it('finds the named cookie among others', () => {
    const header = `session=abc; canopy_consent=${encodeConsent(analyticsOnly)}; theme=dark`;
    expect(readConsent(header, 'canopy_consent')).toEqual(analyticsOnly);
    expect(readConsent(header, 'other_consent')).toBeNull();
    expect(readConsent(undefined, 'canopy_consent')).toBeNull();
  });

  it('does not confuse a cookie whose name ends with the name', () => {
    expect(cookieValue('xcanopy_consent=1', 'canopy_consent')).toBeNull();
  });
});

describe('consentCookie', () => {
  it('writes path /, 90 days and SameSite=Lax, Secure only over HTTPS', () => {
    const plain = consentCookie('c', NO_CONSENT, { secure: false });
    expect(plain).toBe(`c=${encodeConsent(NO_CONSENT)}; Path=/; Max-Age=7776000; SameSite=Lax`);
    expect(CONSENT_MAX_AGE_SECONDS).toBe(90 * 86_400);
    expect(consentCookie('c', NO_CONSENT, { secure: true })).toMatch(/; Secure$/);
    expect(plain).not.toMatch(/HttpOnly/i);
  });
});

describe('sameConsent', () => {
  it('compares category by category, null only equal to null', () => {
    expect(sameConsent({ ...analyticsOnly }, analyticsOnly)).toBe(true);
    expect(sameConsent(NO_CONSENT, analyticsOnly)).toBe(false);
    expect(sameConsent(null, NO_CONSENT)).toBe(false);
    expect(sameConsent(null, null)).toBe(true);
  });
});
