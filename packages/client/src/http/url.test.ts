import { describe, expect, it } from 'vitest';
import { encodePath, encodeSegment, queryString, trimRootUrl } from './url.js';

describe('queryString', () => {
  it('sorts keys, encodes keys and values, joins arrays with commas and drops empty values', () => {
    expect(
      queryString({
        pageSize: 25,
        language: 'en-GB',
        fields: ['title', 'body'],
        empty: '',
        none: null,
        missing: undefined,
        list: [],
        flag: false,
        'odd key': 'a&b=c',
      }),
    ).toBe('?fields=title%2Cbody&flag=false&language=en-GB&odd%20key=a%26b%3Dc&pageSize=25');
  });

  it('is empty when nothing is left', () => {
    expect(queryString({ a: null, b: '' })).toBe('');
  });
});

describe('path encoding', () => {
  it('encodes a path parameter so it cannot change the path', () => {
    expect(encodeSegment('../admin?x=1#y')).toBe('..%2Fadmin%3Fx%3D1%23y');
    expect(encodeSegment(12)).toBe('12');
  });

  it('keeps the slashes of node paths and taxonomy keys and encodes each segment', () => {
    expect(encodePath('/a b/c?d')).toBe('/a%20b/c%3Fd');
    expect(encodePath('0/1/2')).toBe('0/1/2');
  });

  it('removes every trailing slash of a root URL', () => {
    expect(trimRootUrl('https://cms.example.com///')).toBe('https://cms.example.com');
    expect(trimRootUrl(null)).toBe('');
  });
});
