import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CACHE_POLICY,
  isPrivateResponse,
  pageCacheHeaders,
  surrogateKeyHeader,
} from './cache-headers.js';

describe('pageCacheHeaders', () => {
  it('defaults to private with an hour for shared caches and the page keys', () => {
    expect(pageCacheHeaders({ status: 200, surrogateKeys: ['project:website', 'node:1', 'node:1'] })).toEqual(
      {
        'Cache-Control': 'private',
        'Surrogate-Control': 'max-age=3600',
        'Surrogate-Key': 'project:website node:1',
      },
    );
  });

  it('announces stale-if-error on good pages only, when the site serves stale pages', () => {
    const policy = { ...DEFAULT_CACHE_POLICY, staleIfErrorSeconds: 86400 };
    expect(pageCacheHeaders({ status: 200, surrogateKeys: [] }, policy)).toEqual({
      'Cache-Control': 'private, stale-if-error=86400',
      'Surrogate-Control': 'max-age=3600, stale-if-error=86400',
    });
    expect(pageCacheHeaders({ status: 404, surrogateKeys: [] }, policy)).toEqual({
      'Cache-Control': 'private',
      'Surrogate-Control': 'max-age=10',
    });
    expect(pageCacheHeaders({ status: 200, surrogateKeys: [], uncacheable: true }, policy)).toEqual({
      'Cache-Control': 'private, no-store',
      Vary: 'Cookie',
    });
  });

  it('keeps error pages briefly', () => {
    expect(pageCacheHeaders({ status: 404, surrogateKeys: [] })['Surrogate-Control']).toBe('max-age=10');
    expect(pageCacheHeaders({ status: 503, surrogateKeys: [] })['Surrogate-Control']).toBe('max-age=10');
    expect(pageCacheHeaders({ status: 302, surrogateKeys: [] })['Surrogate-Control']).toBe('max-age=3600');
  });

  it('omits Surrogate-Key when the platform returned none', () => {
    expect(pageCacheHeaders({ status: 200, surrogateKeys: [] })).not.toHaveProperty('Surrogate-Key');
  });

  it('lets no cache keep personal or preview pages', () => {
    expect(pageCacheHeaders({ status: 200, surrogateKeys: ['a'], uncacheable: true })).toEqual({
      'Cache-Control': 'private, no-store',
      Vary: 'Cookie',
    });
  });

  it('follows a configured policy', () => {
    const policy = { ...DEFAULT_CACHE_POLICY, cacheControl: 'public, max-age=60', surrogateMaxAge: 600 };
    expect(pageCacheHeaders({ status: 200, surrogateKeys: [] }, policy)).toEqual({
      'Cache-Control': 'public, max-age=60',
      'Surrogate-Control': 'max-age=600',
    });
  });
});

describe('surrogateKeyHeader', () => {
  it('falls back to the project keys when the list is too long', () => {
    const keys = ['project:website', ...Array.from({ length: 50 }, (_, i) => `entry:${i}`)];
    expect(surrogateKeyHeader(keys, 100)).toBe('project:website');
    expect(surrogateKeyHeader(keys).split(' ')).toHaveLength(51);
  });

  it("lets the variations' keys stand in for their entries' first", () => {
    const keys = ['project:w', 'entry:a', 'entry:a:cy', 'entry:b', 'entry:b:cy', 'entry:c', 'node:1'];
    expect(surrogateKeyHeader(keys, 60)).toBe('project:w entry:a:cy entry:b:cy entry:c node:1');
    expect(surrogateKeyHeader(keys, 20)).toBe('project:w');
  });
});

describe('isPrivateResponse', () => {
  it('marks personal answers and answers that set cookies, not ordinary pages', () => {
    expect(isPrivateResponse(pageCacheHeaders({ status: 200, surrogateKeys: [], uncacheable: true }))).toBe(
      true,
    );
    expect(isPrivateResponse(pageCacheHeaders({ status: 200, surrogateKeys: ['a'] }))).toBe(false);
    expect(isPrivateResponse({ 'cache-control': 'private', 'set-cookie': 'a=b' })).toBe(true);
  });
});
