import { describe, expect, it } from 'vitest';
import {
  ApiCallLog,
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
    ]);
  });
});
