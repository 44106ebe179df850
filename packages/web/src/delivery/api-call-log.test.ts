import { describe, expect, it } from 'vitest';
import {
  ApiCallLog,
  callLanguage,
  loggableUrl,
  pageSurrogateKeys,
  parseSurrogateKeys,
  recordingFetch,
} from './api-call-log.js';

describe('ApiCallLog', () => {
  it('records calls, counts keys and feeds its parent', () => {
    const request = new ApiCallLog();
    const route = new ApiCallLog(request);
    route.record({ status: 200, url: '/a', keys: ['k1', 'k2'] });
    request.record({ status: 200, url: '/b', keys: ['k2', 'k3'] });
    expect(route.entries()).toEqual([{ status: 200, keyCount: 2, url: '/a' }]);
    expect(route.keys()).toEqual(['k1', 'k2']);
    expect(request.entries().map((call) => call.url)).toEqual(['/a', '/b']);
    expect(request.keys()).toEqual(['k1', 'k2', 'k3']);
  });
});

describe('recordingFetch', () => {
  it('records status, keys and the URL without origin or token', async () => {
    const log = new ApiCallLog();
    const fake = (async () =>
      new Response('{}', {
        status: 404,
        headers: { 'surrogate-key': 'project:p  entry:1' },
      })) as typeof fetch;
    const response = await recordingFetch(fake, log)('http://platform:3001/api/x?accessToken=secret&a=1');
    expect(response.status).toBe(404);
    expect(log.entries()).toEqual([{ status: 404, keyCount: 2, url: '/api/x?a=1' }]);
  });

  it('records a network failure as status 0 and rethrows', async () => {
    const log = new ApiCallLog();
    const failing = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    await expect(recordingFetch(failing, log)('http://platform/api/y')).rejects.toThrow('fetch failed');
    expect(log.entries()).toEqual([{ status: 0, keyCount: 0, url: '/api/y' }]);
  });
});

describe('helpers', () => {
  it('parses surrogate keys and strips tokens from URLs', () => {
    expect(parseSurrogateKeys(' a  b\tc ')).toEqual(['a', 'b', 'c']);
    expect(parseSurrogateKeys(null)).toEqual([]);
    expect(loggableUrl('/only/path?accessToken=x')).toBe('/only/path');
  });
});

describe('pageSurrogateKeys', () => {
  it('adds the listing key of a project whose entries were searched or listed', () => {
    const log = new ApiCallLog();
    log.record({
      status: 200,
      url: '/api/delivery/projects/website/nodes/root',
      keys: ['project:website', 'node:1'],
    });
    expect(pageSurrogateKeys(log)).toEqual(['project:website', 'node:1']);
    log.record({
      status: 200,
      url: '/api/delivery/projects/website/entries/search?where=x',
      keys: ['entry:2'],
    });
    log.record({ status: 200, url: '/api/delivery/projects/website/contentTypes/course/entries', keys: [] });
    // A list of one content type has that type's narrower key: other entries' edits leave it.
    expect(pageSurrogateKeys(log)).toEqual([
      'project:website',
      'node:1',
      'entry:2',
      'listing:website',
      'listing:website/course',
      // entry:2 came without a variation's key: any language's change purges the page.
      'entry:2:*',
    ]);
  });

  it("keys a search or list in one language by that language, and each variation's entry as it came", () => {
    const log = new ApiCallLog();
    const where = encodeURIComponent(JSON.stringify([{ field: 'sys.language', equalTo: 'cy' }]));
    log.record({
      status: 200,
      url: `/api/delivery/projects/website/entries/search?where=${where}`,
      keys: ['project:website', 'entry:2', 'entry:2:cy'],
    });
    log.record({
      status: 200,
      url: '/api/delivery/projects/website/contentTypes/course/entries?language=cy',
      keys: [],
    });
    log.record({
      status: 200,
      url: '/api/delivery/projects/website/entries?language=cy&language=en-GB',
      keys: [],
    });
    expect(pageSurrogateKeys(log)).toEqual([
      'project:website',
      'entry:2',
      'entry:2:cy',
      'listing:website:cy',
      'listing:website/course:cy',
      // Two languages: a list of every language, as far as its key says.
      'listing:website',
    ]);
  });
});

describe('callLanguage', () => {
  it('reads the one language a call asks for', () => {
    expect(callLanguage('/x/entries?language=cy')).toBe('cy');
    expect(
      callLanguage(
        `/x/entries/search?where=${encodeURIComponent('[{"field":"sys.language","equalTo":"en-GB"}]')}`,
      ),
    ).toBe('en-GB');
    expect(callLanguage('/x/entries')).toBeNull();
    expect(
      callLanguage(
        `/x/entries/search?where=${encodeURIComponent('[{"not":[{"field":"sys.language","equalTo":"cy"}]}]')}`,
      ),
    ).toBeNull();
    // Beside other clauses, nested or negated ones included, a top-level equality still decides.
    const search = [
      { field: 'sys.language', equalTo: 'cy' },
      { not: [{ field: 'sys.id', in: ['e1'] }] },
      { or: [{ field: 'sys.language', equalTo: 'en-GB' }] },
    ];
    expect(callLanguage(`/x/entries/search?where=${encodeURIComponent(JSON.stringify(search))}`)).toBe('cy');
    expect(callLanguage('/x/entries?language=cy&language=en-GB')).toBeNull();
    expect(callLanguage('/x/entries/search?where=%5Bnot-json')).toBeNull();
  });
});
