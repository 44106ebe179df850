import { describe, expect, it } from 'vitest';
import { findUnstorableText } from './text-hygiene.js';

describe('text that cannot be stored', () => {
  it('passes well-formed text, emoji included, and non-string values', () => {
    expect(
      findUnstorableText({ a: 'Grŵp 🌳 \ud83c\udf33', b: [1, true, null, { c: 'ok' }] }),
    ).toBeUndefined();
    expect(findUnstorableText('plain')).toBeUndefined();
    expect(findUnstorableText(42)).toBeUndefined();
  });

  it('finds NUL and unpaired surrogates, reversed pairs included, with their path', () => {
    expect(findUnstorableText('a\u0000')).toEqual({ path: '', problem: 'a NUL character (U+0000)' });
    expect(findUnstorableText({ x: ['ok', { y: '\udf33\ud83c' }] })).toEqual({
      path: 'x[1].y',
      problem: 'an unpaired UTF-16 surrogate (U+DF33)',
    });
    expect(findUnstorableText({ tail: 'ends with \ud83c' })).toEqual({
      path: 'tail',
      problem: 'an unpaired UTF-16 surrogate (U+D83C)',
    });
    expect(findUnstorableText({ 'k\ud800': 1 })).toEqual({
      path: 'k\\ud800',
      problem: 'an unpaired UTF-16 surrogate (U+D800) in a key',
    });
  });
});
