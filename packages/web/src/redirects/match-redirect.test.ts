import { describe, expect, it } from 'vitest';
import { compileRedirects, matchRedirect, type PlatformRedirect } from './match-redirect.js';

const redirect = (
  overrides: Partial<PlatformRedirect> & Pick<PlatformRedirect, 'match'>,
): PlatformRedirect => ({
  sourceDomain: '*',
  destination: '/news',
  statusCode: 301,
  appendSourcePathToDestination: false,
  ...overrides,
});

const request = (path: string, search = '', host = 'www.aberwen.example:3000') => ({ host, path, search });

function answer(redirects: PlatformRedirect[], path: string, search = '', host?: string) {
  const { redirects: compiled } = compileRedirects(redirects);
  return matchRedirect(compiled, request(path, search, host));
}

describe('matchRedirect', () => {
  it('matches exact paths without regard to case or a trailing slash', () => {
    const list = [redirect({ match: { type: 'exactMatch', value: '/Old-News' } })];
    expect(answer(list, '/old-news')).toMatchObject({ status: 301, location: '/news' });
    expect(answer(list, '/OLD-NEWS/')).toMatchObject({ location: '/news' });
    expect(answer(list, '/old-news/story')).toBeNull();
  });

  it('matches prefixes, the longest first, and appends the rest of the path and the query when asked', () => {
    const list = [
      redirect({ match: { type: 'beginsWith', value: '/old' }, destination: '/archive', statusCode: 302 }),
      redirect({
        match: { type: 'beginsWith', value: '/old-news' },
        destination: '/news/',
        appendSourcePathToDestination: true,
      }),
    ];
    expect(answer(list, '/old-news/open-day', '?ref=mail')).toMatchObject({
      status: 301,
      location: '/news/open-day?ref=mail',
    });
    expect(answer(list, '/old-news')).toMatchObject({ location: '/news/' });
    expect(answer(list, '/older')).toMatchObject({ status: 302, location: '/archive' });
    expect(answer(list, '/new')).toBeNull();
  });

  it('answers with the status code the editor chose: 301, 302, 303 or 307', () => {
    for (const statusCode of [301, 302, 303, 307]) {
      const list = [redirect({ match: { type: 'exactMatch', value: '/moved' }, statusCode })];
      expect(answer(list, '/moved'), `status ${statusCode}`).toMatchObject({
        status: statusCode,
        location: '/news',
      });
    }
  });

  it('matches regular expressions and fills in their groups', () => {
    const list = [
      redirect({
        match: { type: 'regex', value: '^/courses/(\\d{4})/(.+)$' },
        destination: '/courses/$2?year=$1',
      }),
    ];
    expect(answer(list, '/courses/2024/bsc-nursing')).toMatchObject({
      location: '/courses/bsc-nursing?year=2024',
    });
    expect(answer(list, '/courses/bsc-nursing')).toBeNull();
  });

  it('prefers redirects for the request host over those for every host', () => {
    const list = [
      redirect({ match: { type: 'exactMatch', value: '/apply' }, destination: '/how-to-apply' }),
      redirect({
        match: { type: 'exactMatch', value: '/apply' },
        sourceDomain: 'www.aberwen.example',
        destination: 'https://apply.aberwen.example/start',
      }),
    ];
    expect(answer(list, '/apply')).toMatchObject({ location: 'https://apply.aberwen.example/start' });
    expect(answer(list, '/apply', '', 'preview.aberwen.example')).toMatchObject({
      location: '/how-to-apply',
    });
  });

  it('keeps site destinations on the site, whatever the request path appends', () => {
    const list = [
      redirect({
        match: { type: 'beginsWith', value: '/' },
        destination: '/',
        appendSourcePathToDestination: true,
      }),
    ];
    for (const path of ['//evil.example', '/\\evil.example', '/%2F%2Fevil.example']) {
      const location = answer(list, path)?.location ?? '/';
      expect(new URL(location, 'https://www.aberwen.example').host, `${path} -> ${location}`).toBe(
        'www.aberwen.example',
      );
    }
  });

  it('leaves out redirects that cannot work, saying why', () => {
    const { redirects, rejected } = compileRedirects([
      redirect({ match: { type: 'exactMatch', value: '/a' }, statusCode: 308 }),
      redirect({ match: { type: 'contains', value: '/b' } }),
      redirect({ match: { type: 'regex', value: '(' } }),
      redirect({ match: { type: 'exactMatch', value: '/c' }, destination: 'javascript:alert(1)' }),
      redirect({ match: { type: 'exactMatch', value: 'd' } }),
      redirect({ match: { type: 'exactMatch', value: '/ok' } }),
    ]);
    expect(redirects).toHaveLength(1);
    expect(rejected.map((entry) => entry.reason)).toEqual([
      'status 308 is not 301, 302, 303 or 307',
      'its match type is not exactMatch, beginsWith or regex',
      'its regular expression does not compile',
      'its destination is neither a site path nor an http(s) URL',
      'its match value is not a path',
    ]);
  });
});
