import { describe, expect, it } from 'vitest';
import {
  compareVersions,
  formatVersionNo,
  nextMajor,
  nextMinor,
  parseVersionNo,
  sameVersion,
} from './version-numbers.js';

describe('version numbers', () => {
  it('parses and formats major.minor', () => {
    expect(parseVersionNo('3.0')).toEqual({ major: 3, minor: 0 });
    expect(parseVersionNo(' 0.12 ')).toEqual({ major: 0, minor: 12 });
    for (const bad of ['3', 'v3.0', '1.2.3', '', '1.x', 3, null, undefined, '1234567890.0']) {
      expect(parseVersionNo(bad)).toBeUndefined();
    }
    expect(formatVersionNo({ major: 2, minor: 5 })).toBe('2.5');
  });

  it('counts saves up by minor and publishes up by major', () => {
    expect(formatVersionNo(nextMinor({ major: 0, minor: 1 }))).toBe('0.2');
    expect(formatVersionNo(nextMajor({ major: 0, minor: 3 }))).toBe('1.0');
    expect(formatVersionNo(nextMajor({ major: 1, minor: 2 }))).toBe('2.0');
    expect(sameVersion({ major: 1, minor: 0 }, parseVersionNo('1.0')!)).toBe(true);
    expect(
      [parseVersionNo('1.10')!, parseVersionNo('1.9')!].sort(compareVersions).map(formatVersionNo),
    ).toEqual(['1.9', '1.10']);
  });
});
