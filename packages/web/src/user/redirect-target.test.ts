import { describe, expect, it } from 'vitest';
import { afterSignInTarget, returnUrlPath, safeRedirectTarget } from './redirect-target.js';

/** What a browser would do with a `Location` header sent by https://site.example/account/login. */
function browserDestination(location: string): string {
  return new URL(location, 'https://site.example/account/login').host;
}

describe('safeRedirectTarget', () => {
  it('keeps paths of the site with their query and hash', () => {
    expect(safeRedirectTarget('/members')).toBe('/members');
    expect(safeRedirectTarget('/members?tab=2&x=%2F#top')).toBe('/members?tab=2&x=%2F#top');
    expect(safeRedirectTarget('/')).toBe('/');
  });

  // Refused outright (another host, a scheme, not a path).
  const hostile = [
    'https://evil.example',
    'http://evil.example/members',
    'HTTPS://evil.example',
    '//evil.example',
    '//evil.example/members',
    '///evil.example',
    '\\\\evil.example',
    '\\/evil.example',
    '\t//evil.example',
    ' //evil.example',
    'javascript:alert(1)',
    'data:text/html,hi',
    '%2F%2Fevil.example',
    '%5C%5Cevil.example',
    'https%3A%2F%2Fevil.example',
    'evil.example',
    'members',
    '',
    `/${'a'.repeat(3000)}`,
  ];
  it.each(hostile)('falls back for %j', (value) => {
    const target = safeRedirectTarget(value, '/fallback');
    expect(target).toBe('/fallback');
    expect(browserDestination(target)).toBe('site.example');
  });

  it('defuses backslashes, control characters and dot segments into paths of the site', () => {
    for (const value of [
      '/%2F%2Fevil.example',
      '/%5Cevil.example',
      '/%2f/evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/.//evil.example',
      '/./\\evil.example',
    ]) {
      const target = safeRedirectTarget(value);
      expect(target.startsWith('/')).toBe(true);
      expect(browserDestination(target)).toBe('site.example');
    }
  });

  it('falls back for values that are not strings', () => {
    expect(safeRedirectTarget(undefined)).toBe('/');
    expect(safeRedirectTarget(['/members'])).toBe('/');
    expect(safeRedirectTarget(42, '/x')).toBe('/x');
  });
});

describe('returnUrlPath', () => {
  it('drops the first three parts of a legacy ReturnURL', () => {
    expect(returnUrlPath('https://cms.example/members/news?x=1')).toBe('/members/news?x=1');
    expect(returnUrlPath('/a/b/c/d')).toBe('/c/d');
  });

  it('never leaves the site', () => {
    for (const value of [
      'https://evil.example//evil.example',
      'https://evil.example/\\evil.example',
      'x/y/z//evil.example',
      'https://evil.example',
    ]) {
      expect(browserDestination(returnUrlPath(value))).toBe('site.example');
    }
  });
});

describe('afterSignInTarget', () => {
  it('prefers ReturnURL, then redirect_uri, then redirect, then the home page', () => {
    expect(afterSignInTarget({ ReturnURL: 'https://cms.example/staff/rota', redirect_uri: '/members' })).toBe(
      '/staff/rota',
    );
    expect(afterSignInTarget({ redirect_uri: '/members', redirect: '/other' })).toBe('/members');
    expect(afterSignInTarget({ redirect: '/other' })).toBe('/other');
    expect(afterSignInTarget({})).toBe('/');
  });

  it('falls back to the home page for a hostile value instead of trying the next one', () => {
    expect(afterSignInTarget({ redirect_uri: '//evil.example', redirect: '/members' })).toBe('/');
    expect(afterSignInTarget({ redirect: 'https://evil.example' })).toBe('/');
  });
});
