import { describe, expect, it } from 'vitest';
import type { ProjectResource } from '../contract.js';
import { HttpError } from './errors.js';
import {
  nonNegativeInteger,
  parseFieldLinkDepths,
  parseFieldList,
  parseLanguage,
  parseLinkDepth,
  parsePaging,
  parseVersionStatus,
} from './params.js';

const project: ProjectResource = {
  id: 'p',
  name: 'P',
  description: '',
  primaryLanguage: 'en-GB',
  supportedLanguages: ['en-GB', 'cy'],
  deliverySysExclusions: [],
};

function status(run: () => unknown): number | undefined {
  try {
    run();
  } catch (error) {
    return error instanceof HttpError ? error.status : -1;
  }
  return undefined;
}

describe('request parameters', () => {
  it('parses paging with defaults and limits', () => {
    expect(parsePaging(undefined, undefined)).toEqual({ pageIndex: 0, pageSize: 25 });
    expect(parsePaging('2', '10000')).toEqual({ pageIndex: 2, pageSize: 10000 });
    expect(parsePaging(3, 7)).toEqual({ pageIndex: 3, pageSize: 7 });
    for (const [index, size] of [
      ['-1', '1'],
      ['0', '10001'],
      ['0', '0'],
      ['1.5', '1'],
      ['0', 'abc'],
      [-1, 5],
      [0, 2.5],
    ]) {
      expect(status(() => parsePaging(index, size))).toBe(400);
    }
  });

  it('clamps link depths to 10 and rejects negatives', () => {
    expect(parseLinkDepth('99')).toBe(10);
    expect(parseLinkDepth(undefined)).toBe(0);
    expect(status(() => parseLinkDepth('-1'))).toBe(400);
    expect(parseFieldLinkDepths('{"a":1,"b.c":20}')).toEqual({ a: 1, 'b.c': 10 });
    expect(parseFieldLinkDepths({ a: 2 })).toEqual({ a: 2 });
    expect(status(() => parseFieldLinkDepths('{"a":-1}'))).toBe(400);
    expect(status(() => parseFieldLinkDepths('[]'))).toBe(400);
    expect(status(() => parseFieldLinkDepths('{'))).toBe(400);
    expect(nonNegativeInteger(' 7 ', 'x', 0)).toBe(7);
  });

  it('parses field lists as comma lists or JSON arrays', () => {
    expect(parseFieldList('a, b,,-c')).toEqual(['a', 'b', '-c']);
    expect(parseFieldList('["a","b"]')).toEqual(['a', 'b']);
    expect(parseFieldList(['a'])).toEqual(['a']);
    expect(status(() => parseFieldList('[1]'))).toBe(400);
  });

  it('parses version status and languages', () => {
    expect(parseVersionStatus(undefined)).toBe('published');
    expect(parseVersionStatus('Latest')).toBe('latest');
    expect(status(() => parseVersionStatus('draft'))).toBe(400);
    expect(parseLanguage(project, 'EN-gb')).toBe('en-GB');
    expect(parseLanguage(project, undefined)).toBeUndefined();
    expect(status(() => parseLanguage(project, 'fr'))).toBe(404);
  });
});
