import { Client } from '@canopy/client';
import { describe, expect, it } from 'vitest';
import { ApiCallLog } from '../delivery/api-call-log.js';
import { createDeliveryAccess } from '../delivery/delivery-access.js';
import { type SharedAnswerStore, sharedAnswerClientParts } from '../delivery/shared-answers.js';
import { createDeliveryCache } from './delivery-cache.js';

function fakePlatform() {
  const calls: string[] = [];
  let status = 200;
  let fail = false;
  const fetchFn = (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const url = String(input);
    calls.push(`${init?.method ?? 'GET'} ${url}`);
    if (fail) throw new TypeError('fetch failed');
    const body = status === 204 ? null : JSON.stringify({ url, n: calls.length, nested: { list: [1] } });
    return new Response(body, {
      status,
      headers: { 'content-type': 'application/json', 'surrogate-key': 'project:p entry:1' },
    });
  }) as typeof fetch;
  return {
    fetchFn,
    calls,
    setStatus: (value: number) => {
      status = value;
    },
    setFail: (value: boolean) => {
      fail = value;
    },
  };
}

/** A delivery client of one request reading through `store`, recording its calls in `log`. */
function clientFor(store: SharedAnswerStore, fetchFn: typeof fetch, log = new ApiCallLog()) {
  const client = Client.create({
    rootUrl: 'http://p',
    projectId: 'website',
    accessToken: 't',
    ...sharedAnswerClientParts(store, fetchFn, log),
  });
  return { client, log };
}

const read = (store: SharedAnswerStore, fetchFn: typeof fetch, path = '/a') =>
  clientFor(store, fetchFn).client.http.request<Record<string, unknown>>(path, { cacheable: true });

describe('createDeliveryCache', () => {
  it('serves repeated reads parsed from the cache, with their surrogate keys', async () => {
    const platform = fakePlatform();
    const cache = createDeliveryCache();
    const store = cache.forToken('t');
    const first = clientFor(store, platform.fetchFn);
    const second = clientFor(store, platform.fetchFn);
    const a = await first.client.http.request('/api/a', { cacheable: true });
    const b = await second.client.http.request('/api/a', { cacheable: true });
    expect(platform.calls).toHaveLength(1);
    // The very same parsed object: a hit costs no parse.
    expect(b).toBe(a);
    expect(second.log.keys()).toEqual(['project:p', 'entry:1']);
    expect(second.log.entries()).toEqual([{ status: 200, keyCount: 2, url: '/api/a' }]);
    expect(first.log.entries()).toEqual(second.log.entries());
    expect(cache.size).toBe(1);
  });

  it('freezes shared answers, so no request can change what the next one reads', async () => {
    const platform = fakePlatform();
    const store = createDeliveryCache().forToken('t');
    const answer = await read(store, platform.fetchFn);
    expect(Object.isFrozen(answer)).toBe(true);
    expect(Object.isFrozen((answer.nested as { list: number[] }).list)).toBe(true);
    expect(() => {
      (answer as { n: number }).n = 99;
    }).toThrow(TypeError);
  });

  it('shares one request between concurrent identical reads', async () => {
    const platform = fakePlatform();
    const store = createDeliveryCache().forToken('t');
    const [a, b] = await Promise.all([read(store, platform.fetchFn), read(store, platform.fetchFn)]);
    expect(platform.calls).toHaveLength(1);
    expect(b).toBe(a);
  });

  it('keeps answers for different credentials apart', async () => {
    const platform = fakePlatform();
    const cache = createDeliveryCache();
    expect(cache.forToken('published')).toBe(cache.forToken('published'));
    await read(cache.forToken('published'), platform.fetchFn);
    await read(cache.forToken('preview'), platform.fetchFn);
    expect(platform.calls).toHaveLength(2);
  });

  it('never keeps failures or answers other than 200, so it recovers with the platform', async () => {
    const platform = fakePlatform();
    const cache = createDeliveryCache();
    const store = cache.forToken('t');
    platform.setFail(true);
    await expect(read(store, platform.fetchFn)).rejects.toThrow('Network request failed');
    platform.setFail(false);
    platform.setStatus(500);
    await expect(read(store, platform.fetchFn)).rejects.toMatchObject({ status: 500 });
    platform.setStatus(204);
    await read(store, platform.fetchFn);
    await Promise.resolve();
    expect(cache.size).toBe(0);
    platform.setStatus(200);
    await read(store, platform.fetchFn);
    await read(store, platform.fetchFn);
    expect(platform.calls).toHaveLength(4);
  });

  it('gives concurrent readers of a failing request its failure, and records it for each', async () => {
    const platform = fakePlatform();
    platform.setStatus(404);
    const store = createDeliveryCache().forToken('t');
    const first = clientFor(store, platform.fetchFn);
    const second = clientFor(store, platform.fetchFn);
    const results = await Promise.allSettled([
      first.client.http.request('/x', { cacheable: true }),
      second.client.http.request('/x', { cacheable: true }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(platform.calls).toHaveLength(1);
    expect(second.log.entries()).toEqual([{ status: 404, keyCount: 2, url: '/x' }]);
  });

  it('expires answers after the ttl and evicts past the limit', async () => {
    const platform = fakePlatform();
    let clock = 0;
    const cache = createDeliveryCache({ ttlSeconds: 10, limit: 2, now: () => clock });
    const store = cache.forToken('t');
    await read(store, platform.fetchFn, '/a');
    clock = 9_999;
    await read(store, platform.fetchFn, '/a');
    expect(platform.calls).toHaveLength(1);
    clock = 10_000;
    await read(store, platform.fetchFn, '/a');
    expect(platform.calls).toHaveLength(2);
    await read(store, platform.fetchFn, '/b');
    await read(store, platform.fetchFn, '/c');
    expect(cache.size).toBe(2);
    await read(store, platform.fetchFn, '/a');
    expect(platform.calls).toHaveLength(5);
  });

  it('caches POST searches by body and passes other requests through', async () => {
    const platform = fakePlatform();
    const cache = createDeliveryCache();
    const { client } = clientFor(cache.forToken('t'), platform.fetchFn);
    const search = (body: unknown) =>
      client.http.request('/api/entries/search', { method: 'POST', body, cacheable: true });
    await search({ a: 1 });
    await search({ a: 1 });
    await search({ a: 2 });
    expect(platform.calls).toHaveLength(2);
    await client.http.request('/api/entries', { method: 'POST', body: {} });
    await client.http.request('/api/entries', { method: 'POST', body: {} });
    expect(platform.calls).toHaveLength(4);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('serves the delivery clients of createDeliveryAccess, published and preview apart', async () => {
    const platform = fakePlatform();
    const cache = createDeliveryCache();
    const access = createDeliveryAccess({
      rootUrl: 'http://p',
      projectId: 'website',
      accessToken: 'published-token',
      previewToken: 'preview-token',
      fetchFn: platform.fetchFn,
      cache: cache.forToken('published-token'),
      previewCache: cache.forToken('preview-token'),
    });
    for (const versionStatus of ['published', 'latest', 'published', 'latest'] as const) {
      const log = new ApiCallLog();
      await access.client({ versionStatus, log }).nodes.getRoot({ depth: 1 });
      expect(log.keys()).toEqual(['project:p', 'entry:1']);
    }
    expect(platform.calls).toEqual([
      'GET http://p/api/delivery/projects/website/nodes/root?depth=1&language=en-GB',
      'GET http://p/api/delivery/projects/website/nodes/root?depth=1&language=en-GB&versionStatus=latest',
    ]);
  });

  it("never reads or keeps a signed-in visitor's answers in the shared cache, and sends their cookie", async () => {
    const platform = fakePlatform();
    const cookies: (string | null)[] = [];
    const fetchFn: typeof fetch = (input, init) => {
      cookies.push(new Headers(init?.headers).get('cookie'));
      return platform.fetchFn(input, init);
    };
    const cache = createDeliveryCache();
    const options = {
      rootUrl: 'http://p',
      projectId: 'website',
      accessToken: 'published-token',
      fetchFn,
      cache: cache.forToken('published-token'),
    };
    const anonymous = createDeliveryAccess(options);
    const visitor = createDeliveryAccess({ ...options, visitorCookie: 'RefreshToken=r1' });
    await anonymous.client({ versionStatus: 'published' }).nodes.getRoot();
    expect(cache.size).toBe(1);
    // The visitor reads fresh (not the anonymous answer) and leaves nothing behind.
    await visitor.client({ versionStatus: 'published' }).nodes.getRoot();
    await visitor.client({ versionStatus: 'published' }).nodes.get({ path: '/members' });
    expect(cache.size).toBe(1);
    await anonymous.client({ versionStatus: 'published' }).nodes.getRoot();
    expect(platform.calls).toHaveLength(3);
    expect(cookies).toEqual([null, 'RefreshToken=r1', 'RefreshToken=r1']);
  });
});
