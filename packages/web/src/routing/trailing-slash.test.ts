import { describe, expect, it } from 'vitest';
import {
  splitUrl,
  trailingSlashRedirect,
  trimTrailingSlash,
  withoutQueryParameter,
} from './trailing-slash.js';

describe('trimTrailingSlash', () => {
  it('removes trailing and repeated slashes but keeps the root', () => {
    expect(trimTrailingSlash('/')).toBe('/');
    expect(trimTrailingSlash('')).toBe('/');
    expect(trimTrailingSlash('//')).toBe('/');
    expect(trimTrailingSlash('/about/')).toBe('/about');
    expect(trimTrailingSlash('/about///')).toBe('/about');
    expect(trimTrailingSlash('/about//history')).toBe('/about/history');
    expect(trimTrailingSlash('/about/history')).toBe('/about/history');
  });
});

describe('trailingSlashRedirect', () => {
  it('redirects with 302 by default, keeping the query string and hash', () => {
    expect(trailingSlashRedirect('/courses/?level=ug&page=2#results')).toEqual({
      status: 302,
      location: '/courses?level=ug&page=2#results',
    });
    expect(trailingSlashRedirect('/courses/#top')).toEqual({ status: 302, location: '/courses#top' });
  });

  it('uses the configured status', () => {
    expect(trailingSlashRedirect('/news/', 301)).toEqual({ status: 301, location: '/news' });
    expect(trailingSlashRedirect('/news/', 308)?.status).toBe(308);
  });

  it('leaves canonical paths, the root and slashes inside the query alone', () => {
    expect(trailingSlashRedirect('/')).toBeNull();
    expect(trailingSlashRedirect('/?q=a/')).toBeNull();
    expect(trailingSlashRedirect('/news?next=/a/')).toBeNull();
    expect(trailingSlashRedirect('/news#/a/')).toBeNull();
  });

  it('collapses double slashes', () => {
    expect(trailingSlashRedirect('//news//item')).toEqual({ status: 302, location: '/news/item' });
  });
});

describe('splitUrl', () => {
  it('splits at the first ? or #', () => {
    expect(splitUrl('/a?b#c')).toEqual({ pathname: '/a', rest: '?b#c' });
    expect(splitUrl('/a#c?b')).toEqual({ pathname: '/a', rest: '#c?b' });
    expect(splitUrl('/a')).toEqual({ pathname: '/a', rest: '' });
  });
});

describe('withoutQueryParameter', () => {
  it('removes one parameter and keeps the rest exactly', () => {
    expect(withoutQueryParameter('?q=a%20b&redux=true&x=1', 'redux')).toBe('?q=a%20b&x=1');
    expect(withoutQueryParameter('?redux=true', 'redux')).toBe('');
    expect(withoutQueryParameter('', 'redux')).toBe('');
    expect(withoutQueryParameter('?reduxx=1&%72edux=true', 'redux')).toBe('?reduxx=1');
    expect(withoutQueryParameter('?bad=%E0%A4%A', 'redux')).toBe('?bad=%E0%A4%A');
  });
});
