import { describe, expect, it } from 'vitest';
import { assetUriProblem, STORED_FILE_NAME_PATTERN, storedFileName } from './uri.js';

describe('asset URIs', () => {
  it.each(['/image-library/a.svg', '/video-library/x/y.mp4', '/asset-library/documents/a b.txt'])(
    'accepts %s',
    (uri) => {
      expect(assetUriProblem(uri)).toBeUndefined();
    },
  );

  it.each([
    '/images/a.svg',
    '/image-library/',
    '/image-library/../a',
    '/image-library/./a',
    '/image-library//a',
    '/image-library/a\\b',
    '/image-library/a\u0000b',
    '/image-library/a?b',
    'image-library/a',
  ])('refuses %s', (uri) => {
    expect(assetUriProblem(uri)).toEqual(expect.any(String));
  });

  it('names stored files by hash and type only', () => {
    const sha = 'a'.repeat(64);
    expect(storedFileName(sha, 'image/SVG+xml')).toBe(`${sha}.svg`);
    expect(storedFileName(sha, 'application/x-evil; name=../../x')).toBe(`${sha}.bin`);
    expect(STORED_FILE_NAME_PATTERN.test(`${sha}.svg`)).toBe(true);
    expect(STORED_FILE_NAME_PATTERN.test('../x.svg')).toBe(false);
  });
});
