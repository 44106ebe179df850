import { describe, expect, it } from 'vitest';
import { createStalePages, type PageCopy, type StalePageRequest, varyHeaderNames } from './stale-pages.js';

const request = (url: string, headers: StalePageRequest['headers'] = {}): StalePageRequest => ({
  format: 'html',
  origin: 'https://www.example.com',
  url,
  headers,
});
const copy = (body: string): PageCopy => ({ status: 200, headers: {}, body, nonce: null });

describe('createStalePages', () => {
  it('recalls the last copy of a page with its age, until the maximum age', () => {
    let now = 0;
    const pages = createStalePages({ maxAgeSeconds: 10, now: () => now });
    pages.remember(request('/a'), undefined, copy('one'));
    pages.remember(request('/a'), undefined, copy('two'));
    now = 9_999;
    expect(pages.recall(request('/a'))).toMatchObject({ page: { body: 'two' }, ageSeconds: 9 });
    now = 10_000;
    expect(pages.recall(request('/a'))).toBeNull();
    expect(pages.size).toBe(0);
  });

  it('keys by format, host and URL', () => {
    const pages = createStalePages();
    pages.remember(request('/a'), undefined, copy('html'));
    expect(pages.recall({ ...request('/a'), format: 'json' })).toBeNull();
    expect(pages.recall({ ...request('/a'), origin: 'https://WWW.example.com' })?.page.body).toBe('html');
    expect(pages.recall({ ...request('/a'), origin: 'https://other.example.com' })).toBeNull();
    expect(pages.recall(request('/a?b=1'))).toBeNull();
  });

  it('is bounded by count and bytes, least recently used out first', () => {
    const pages = createStalePages({ limit: 8, maxBytes: 1_000_000 });
    for (let i = 0; i < 6; i++) pages.remember(request(`/p${i}`), undefined, copy(`page ${i}`));
    // Three quarters of eight: six pages.
    expect(pages.size).toBe(6);
    pages.recall(request('/p0'));
    pages.remember(request('/p6'), undefined, copy('page 6'));
    expect(pages.recall(request('/p0'))).not.toBeNull();
    expect(pages.recall(request('/p1'))).toBeNull();

    const small = createStalePages({ limit: 100, maxBytes: 400 });
    small.remember(request('/big'), undefined, copy('x'.repeat(301)));
    expect(small.recall(request('/big'))).toBeNull();
    small.remember(request('/a'), undefined, copy('x'.repeat(200)));
    small.remember(request('/b'), undefined, copy('x'.repeat(200)));
    expect(small.bytes).toBeLessThanOrEqual(300);
    expect(small.recall(request('/b'))).not.toBeNull();
  });

  it('keeps URLs with a query string apart, so they cannot push pages out', () => {
    const pages = createStalePages({ limit: 8 });
    pages.remember(request('/home'), undefined, copy('home'));
    for (let i = 0; i < 100; i++) pages.remember(request(`/search?term=${i}`), undefined, copy('results'));
    expect(pages.recall(request('/home'))?.page.body).toBe('home');
    expect(pages.recall(request('/search?term=99'))).not.toBeNull();
    expect(pages.recall(request('/search?term=0'))).toBeNull();
  });

  it('follows Vary, and keeps nothing that varies on everything', () => {
    const pages = createStalePages();
    pages.remember(
      request('/v', { cookie: 'consent=1', 'accept-language': 'cy' }),
      'Cookie',
      copy('consented'),
    );
    expect(pages.recall(request('/v', { cookie: 'consent=1', 'accept-language': 'en' }))?.page.body).toBe(
      'consented',
    );
    expect(pages.recall(request('/v', { cookie: 'consent=0' }))).toBeNull();
    expect(pages.recall(request('/v'))).toBeNull();
    pages.remember(request('/star'), '*', copy('anything'));
    expect(pages.recall(request('/star'))).toBeNull();
  });

  it('marks copies outdated on a content change without dropping them', () => {
    const pages = createStalePages();
    pages.remember(request('/a'), undefined, copy('a'));
    pages.markOutdated();
    expect(pages.recall(request('/a'))?.page.outdated).toBe(true);
    expect(pages.outdated).toBe(1);
    pages.remember(request('/a'), undefined, copy('a again'));
    expect(pages.recall(request('/a'))?.page.outdated).toBe(false);
    expect(pages.outdated).toBe(0);
  });

  it('marks outdated only the copies whose keys a change purges', () => {
    const pages = createStalePages();
    const keyed = (body: string, keys: string): PageCopy => ({
      ...copy(body),
      headers: { 'surrogate-key': keys },
    });
    pages.remember(request('/courses/law'), undefined, keyed('English', 'project:w entry:e1 entry:e1:en-GB'));
    pages.remember(
      request('/cy/cyrsiau/y-gyfraith'),
      undefined,
      keyed('Welsh', 'project:w entry:e1 entry:e1:cy'),
    );
    pages.remember(request('/version'), undefined, copy('no keys'));
    pages.markOutdated(['entry:e1:cy', 'entry:e1:*', 'listing:w:cy']);
    expect(pages.recallFresh(request('/courses/law'), 5)?.page.body).toBe('English');
    expect(pages.recallFresh(request('/cy/cyrsiau/y-gyfraith'), 5)).toBeNull();
    // A copy without keys could show anything: a change reaches it.
    expect(pages.recallFresh(request('/version'), 5)).toBeNull();
    // A project key reaches every copy.
    pages.markOutdated(['project:w']);
    expect(pages.recallFresh(request('/courses/law'), 5)).toBeNull();
  });

  it('recalls a fresh copy only while it is young and no content changed since', () => {
    let now = 0;
    const pages = createStalePages({ now: () => now });
    pages.remember(request('/a', { cookie: 'x=1' }), 'Cookie', copy('one'));
    now = 4_999;
    expect(pages.recallFresh(request('/a', { cookie: 'x=1' }), 5)).toMatchObject({
      page: { body: 'one' },
      ageSeconds: 4,
    });
    expect(pages.recallFresh(request('/a', { cookie: 'x=2' }), 5)).toBeNull();
    expect(pages.recallFresh(request('/a', { cookie: 'x=1' }), 0)).toBeNull();
    now = 5_000;
    expect(pages.recallFresh(request('/a', { cookie: 'x=1' }), 5)).toBeNull();
    // Still there for an outage.
    expect(pages.recall(request('/a', { cookie: 'x=1' }))?.page.body).toBe('one');
    pages.remember(request('/a', { cookie: 'x=1' }), 'Cookie', copy('two'));
    pages.markOutdated();
    expect(pages.recallFresh(request('/a', { cookie: 'x=1' }), 5)).toBeNull();
    expect(pages.recall(request('/a', { cookie: 'x=1' }))?.page.body).toBe('two');
    // Rendered while content changed: kept for an outage, never reused as fresh.
    pages.remember(request('/b'), undefined, copy('changing'), true);
    expect(pages.recallFresh(request('/b'), 5)).toBeNull();
    expect(pages.recall(request('/b'))?.page.body).toBe('changing');
  });

  it('refuses settings that make no sense', () => {
    expect(() => createStalePages({ maxAgeSeconds: 0 })).toThrow(RangeError);
    expect(() => createStalePages({ limit: 1.5 })).toThrow(RangeError);
    expect(() => createStalePages({ maxBytes: -1 })).toThrow(RangeError);
  });
});

describe('varyHeaderNames', () => {
  it('lists the names lower-case and sorted, without Accept-Encoding', () => {
    expect(varyHeaderNames(undefined)).toEqual([]);
    expect(varyHeaderNames('Cookie, Accept-Language, accept-encoding, cookie')).toEqual([
      'accept-language',
      'cookie',
    ]);
    expect(varyHeaderNames('Cookie, *')).toBe('*');
  });
});
