import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameSitePath } from './same-site.js';
import { trailingSlashRedirect } from './trailing-slash.js';

const SITE = 'https://www.aberwen.example';

/** What a browser does with a Location header: strip tabs and newlines, then resolve. */
function browserResolves(location: string): URL {
  return new URL(location.replace(/[\t\n\r]/g, ''), `${SITE}/somewhere/deep`);
}

function assertSameSite(location: string): void {
  const resolved = browserResolves(location);
  expect(resolved.origin, location).toBe(SITE);
  expect(location.startsWith('/'), location).toBe(true);
  expect(/^\/[/\\]/.test(location), location).toBe(false);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the assertion is about control characters.
  expect(/[\u0000-\u0020\u007f\\]/.test(location), location).toBe(false);
}

// Pieces attackers combine: slashes both ways, encoded slashes, schemes, control characters.
const hostile = fc
  .array(
    fc.constantFrom(
      '/',
      '\\',
      '//',
      '/\\',
      '\\/',
      '%2F',
      '%5C',
      '%2f%2f',
      '\t',
      '\n',
      '\r',
      '\u0000',
      ' ',
      '\u007f',
      'evil.example',
      'https:',
      'javascript:',
      'http://evil.example',
      '@',
      '.',
      '..',
      '?',
      '#',
      'a',
      '%09',
      '\u3000',
    ),
    { maxLength: 8 },
  )
  .map((parts) => parts.join(''));

describe('sameSitePath', () => {
  it('keeps ordinary paths with their query and hash exactly', () => {
    for (const path of ['/', '/news', '/news?page=2#top', '/a/b%20c?x=%2F&y=1', '/search?q=caf%C3%A9']) {
      expect(sameSitePath(path)).toBe(path);
    }
  });

  it('refuses absolute, scheme-relative and scheme URLs, falling back', () => {
    for (const target of [
      'https://evil.example/',
      '//evil.example',
      '///evil.example',
      'javascript:alert(1)',
      'evil.example',
      '',
      undefined,
      42,
    ]) {
      expect(sameSitePath(target, '/fallback'), String(target)).toBe('/fallback');
    }
  });

  it('defuses backslashes and characters browsers strip, instead of trusting them', () => {
    expect(sameSitePath('/\\evil.example')).toBe('/%5Cevil.example');
    expect(sameSitePath('/\t/evil.example')).toBe('/%09/evil.example');
    expect(sameSitePath('/\n\\evil.example')).toBe('/%0A%5Cevil.example');
  });

  it('never yields a target a browser resolves to another host (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          hostile,
          fc.string(),
          hostile.map((rest) => `/${rest}`),
        ),
        (target) => {
          assertSameSite(sameSitePath(target));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('trailingSlashRedirect with hostile request paths', () => {
  it('always answers with a same-site Location (property)', () => {
    fc.assert(
      fc.property(hostile, (rest) => {
        const redirect = trailingSlashRedirect(`/${rest}/`);
        if (redirect) assertSameSite(redirect.location);
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps a backslash path on the site', () => {
    expect(trailingSlashRedirect('/\\evil.example/')?.location).toBe('/%5Cevil.example');
    expect(trailingSlashRedirect('//evil.example//')?.location).toBe('/evil.example');
  });
});
