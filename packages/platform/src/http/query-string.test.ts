import { describe, expect, it } from 'vitest';
import { parseQueryString, redactUrl } from './query-string.js';

describe('query strings', () => {
  it('lower-cases names, keeps the first value and never throws', () => {
    expect({
      ...parseQueryString('versionStatus=latest&PageSize=5&pagesize=7&zenQL=a%20%3D%20b&x=%E0%A4%A'),
    }).toEqual({
      versionstatus: 'latest',
      pagesize: '5',
      zenql: 'a = b',
      x: '\uFFFD%A',
    });
    expect({ ...parseQueryString('') }).toEqual({});
    expect(Object.getPrototypeOf(parseQueryString('__proto__=1'))).toBeNull();
  });

  it('masks access tokens for logs', () => {
    expect(redactUrl('/a?accessToken=abc&b=1')).toBe('/a?accessToken=***&b=1');
    expect(redactUrl('/a?b=1&ACCESSTOKEN=abc')).toBe('/a?b=1&ACCESSTOKEN=***');
  });
});
