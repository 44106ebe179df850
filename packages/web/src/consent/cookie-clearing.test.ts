import { describe, expect, it } from 'vitest';
import { NO_CONSENT } from './consent-record.js';
import {
  cookieNameMatches,
  cookieNames,
  cookiesToClear,
  domainVariants,
  expiredCookies,
  pathVariants,
  patternsOf,
  withdrawalWrites,
} from './cookie-clearing.js';

describe('cookie names and patterns', () => {
  it('matches exact names only exactly', () => {
    expect(cookieNameMatches('aw_visitor', 'aw_visitor')).toBe(true);
    expect(cookieNameMatches('aw_visitor', 'aw_visitor2')).toBe(false);
    expect(cookieNameMatches('aw_visitor', 'AW_VISITOR')).toBe(false);
  });

  it('lets * stand for any run of characters, and nothing else be special', () => {
    expect(cookieNameMatches('_ga_*', '_ga_X1Y2')).toBe(true);
    expect(cookieNameMatches('_ga_*', '_ga_')).toBe(true);
    expect(cookieNameMatches('_ga_*', '_gat')).toBe(false);
    expect(cookieNameMatches('*_id', 'yt_id')).toBe(true);
    // A dot is a dot, not any character.
    expect(cookieNameMatches('a.b*', 'axb1')).toBe(false);
    expect(cookieNameMatches('a.b*', 'a.b1')).toBe(true);
  });

  it('reads the names of a Cookie header', () => {
    expect(cookieNames('a=1; b=2;c=3; a=4')).toEqual(['a', 'b', 'c']);
    expect(cookieNames('')).toEqual([]);
    expect(cookieNames(undefined)).toEqual([]);
  });

  it('clears exact names even when absent, pattern matches only when present, and keeps what it must', () => {
    expect(
      cookiesToClear('aw_visitor=1; _ga_X=2; theme=dark; site_consent=x', ['aw_visitor', '_ga_*', 'YSC']),
    ).toEqual(['aw_visitor', 'YSC', '_ga_X']);
    expect(cookiesToClear('x_1=1; x_2=2; site_consent=z', ['x_*', 'site_*'], ['site_consent'])).toEqual([
      'x_1',
      'x_2',
    ]);
    expect(cookiesToClear('theme=dark', [])).toEqual([]);
  });

  it('gathers the patterns of the withdrawn categories only', () => {
    const byCategory = { analytics: ['aw_visitor'], marketing: ['YSC', 'VISITOR_*'] };
    expect(patternsOf(byCategory, ['marketing'])).toEqual(['YSC', 'VISITOR_*']);
    expect(patternsOf(byCategory, ['functional'])).toEqual([]);
  });
});

describe('where a cookie may have been set', () => {
  it('has host-only cookies alone on localhost and IP addresses', () => {
    expect(domainVariants('localhost')).toEqual([null]);
    expect(domainVariants('127.0.0.1')).toEqual([null]);
    expect(domainVariants('::1')).toEqual([null]);
  });

  it('has the host and each parent domain of two labels or more on a named host', () => {
    expect(domainVariants('www.Aberwen.ac.uk')).toEqual([
      null,
      'www.aberwen.ac.uk',
      'aberwen.ac.uk',
      'ac.uk',
    ]);
    expect(domainVariants('example.com')).toEqual([null, 'example.com']);
  });

  it('has / and each leading part of the path, with and without a trailing slash', () => {
    expect(pathVariants('/')).toEqual(['/']);
    expect(pathVariants('/news/item')).toEqual(['/', '/news', '/news/', '/news/item', '/news/item/']);
    expect(pathVariants('/a/b/c/d/e/f')).toHaveLength(9);
  });
});

describe('expiredCookies', () => {
  it('expires each name on every domain and path variant', () => {
    const writes = expiredCookies(['aw_visitor'], {
      hostname: 'www.aberwen.ac.uk',
      pathname: '/news',
      secure: true,
    });
    expect(writes).toHaveLength(4 * 3);
    expect(writes).toContain(
      'aw_visitor=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax; Secure',
    );
    expect(writes).toContain(
      'aw_visitor=; Path=/news; Domain=aberwen.ac.uk; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax; Secure',
    );
  });

  it('writes no Secure over HTTP and nothing for a name a cookie cannot have', () => {
    expect(
      expiredCookies(['aw_visitor', 'bad name', 'a;b'], {
        hostname: 'localhost',
        pathname: '/',
        secure: false,
      }),
    ).toEqual(['aw_visitor=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax']);
  });

  it('leaves out a path a cookie attribute cannot carry', () => {
    const writes = expiredCookies(['a'], { hostname: 'localhost', pathname: '/x;y', secure: false });
    expect(writes).toEqual(['a=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax']);
  });
});

describe('withdrawalWrites', () => {
  const settings = {
    cookieName: 'aberwen_consent',
    cookiesByCategory: { analytics: ['aw_visitor', '_ga_*'], marketing: ['YSC'] },
  };
  const place = { hostname: 'localhost', pathname: '/', secure: false };
  const ALL = { analytics: true, advertising: true, functional: true, marketing: true };

  it('deletes the cookies of the category switched off, and only those', () => {
    const writes = withdrawalWrites(
      settings,
      ALL,
      { ...ALL, analytics: false },
      'aw_visitor=v1; _ga_Q=1; YSC=2; aberwen_consent=x',
      place,
    );
    expect(writes.map((write) => write.split('=')[0])).toEqual(['aw_visitor', '_ga_Q']);
  });

  it('deletes nothing when nothing was switched off (first choice, or more allowed)', () => {
    expect(withdrawalWrites(settings, null, NO_CONSENT, 'aw_visitor=1', place)).toEqual([]);
    expect(withdrawalWrites(settings, NO_CONSENT, ALL, 'aw_visitor=1', place)).toEqual([]);
  });
});
