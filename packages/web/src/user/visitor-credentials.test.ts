import { describe, expect, it } from 'vitest';
import type { SessionCredentials } from './session-seal.js';
import { platformVisitorCookie } from './visitor-credentials.js';

const credentials = (overrides: Partial<SessionCredentials> = {}): SessionCredentials => ({
  bearerToken: 'bearer-never-forwarded',
  bearerTokenExpiryDate: '2026-01-01T00:00:00.000Z',
  refreshToken: 'refresh-1',
  refreshTokenExpiryDate: '2026-01-15T00:00:00.000Z',
  contensisClassicToken: 'classic-1',
  ...overrides,
});

describe('platformVisitorCookie', () => {
  it("names the classic and refresh tokens as the contract's cookies, and nothing else", () => {
    const cookie = platformVisitorCookie(credentials());
    expect(cookie).toBe('ContensisCMSUserName=classic-1; RefreshToken=refresh-1');
    expect(cookie).not.toContain('bearer');
  });

  it('sends the refresh token alone when there is no classic token, and nothing without credentials', () => {
    expect(platformVisitorCookie(credentials({ contensisClassicToken: null }))).toBe(
      'RefreshToken=refresh-1',
    );
    expect(platformVisitorCookie(null)).toBeNull();
    expect(platformVisitorCookie(undefined)).toBeNull();
  });

  it('encodes values so a token cannot add cookies of its own', () => {
    expect(
      platformVisitorCookie(credentials({ refreshToken: 'a; admin=1', contensisClassicToken: null })),
    ).toBe('RefreshToken=a%3B%20admin%3D1');
  });
});
