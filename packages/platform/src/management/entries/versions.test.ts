import { describe, expect, it } from 'vitest';
import { parseVersionNo } from '../version-numbers.js';
import { nextMajorVersion, nextMinorVersion, sameVersionText } from './versions.js';

describe('version numbers', () => {
  it('parse major.minor and nothing else', () => {
    expect(parseVersionNo('1.2')).toEqual({ major: 1, minor: 2 });
    expect(parseVersionNo(' 0.1 ')).toEqual({ major: 0, minor: 1 });
    for (const bad of ['1', '1.', '.1', 'a.b', '1.2.3', 1.1, null, undefined, '-1.0']) {
      expect(parseVersionNo(bad)).toBeUndefined();
    }
  });

  it('bump the minor number on save and the major number on publish', () => {
    expect(nextMinorVersion('0.1')).toBe('0.2');
    expect(nextMinorVersion('1.0')).toBe('1.1');
    expect(nextMinorVersion('1.9')).toBe('1.10');
    expect(nextMajorVersion('0.2')).toBe('1.0');
    expect(nextMajorVersion('1.1')).toBe('2.0');
  });

  it('compare numerically', () => {
    expect(sameVersionText('1.0', '1.00')).toBe(true);
    expect(sameVersionText('1.1', '1.10')).toBe(false);
    expect(sameVersionText('x', 'x')).toBe(false);
  });
});
