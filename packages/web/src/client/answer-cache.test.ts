import { Client } from '@canopy/client';
import { describe, expect, it, vi } from 'vitest';
import {
  BrowserAnswerCache,
  CONTENT_VERSION_HEADER,
  contentVersionOf,
  freshSeconds,
} from './answer-cache.js';

/** A fake delivery proxy: counts requests, answers JSON with the given headers. */
function proxy(headers: () => Record<string, string>, status = 200) {
  const calls: string[] = [];
  const fetchFn: typeof fetch = async (input) => {
    const url = String(input);
    calls.push(url);
    return new Response(JSON.stringify({ id: url, items: [] }), {
      status,
      headers: { 'content-type': 'application/json', ...headers() },
    });
  };
  return { calls, fetchFn };
}

function clientWith(cache: BrowserAnswerCache, fetchFn: typeof fetch) {
  return Client.create({
    rootUrl: 'https://site.example',
    projectId: 'website',
    accessToken: 'x',
    ...cache.clientParts(fetchFn),
  });
}

describe('freshSeconds', () => {
  it('reads max-age and refuses no-store, no-cache and nonsense', () => {
    expect(freshSeconds('private, max-age=30')).toBe(30);
    expect(freshSeconds('private, no-store')).toBe(0);
    expect(freshSeconds('no-cache, max-age=30')).toBe(0);
    expect(freshSeconds('max-age=-5')).toBe(0);
    expect(freshSeconds('max-age=abc')).toBe(0);
    expect(freshSeconds(null)).toBe(0);
  });
});

describe('contentVersionOf', () => {
  it('takes whole numbers only', () => {
    expect(contentVersionOf('1764160000000')).toBe(1764160000000);
    expect(contentVersionOf('1e9')).toBeNull();
    expect(contentVersionOf('')).toBeNull();
    expect(contentVersionOf(null)).toBeNull();
  });
});

describe('BrowserAnswerCache', () => {
  it('reuses an answer for its max-age, then asks again', async () => {
    let now = 1000;
    const cache = new BrowserAnswerCache({ now: () => now });
    const server = proxy(() => ({ 'cache-control': 'private, max-age=30' }));
    const client = clientWith(cache, server.fetchFn);
    const first = await client.nodes.get({ path: '/about' });
    const again = await client.nodes.get({ path: '/about' });
    expect(again).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(server.calls).toHaveLength(1);
    now += 30_000;
    await client.nodes.get({ path: '/about' });
    expect(server.calls).toHaveLength(2);
  });

  it('keeps nothing the server says not to keep, nor failures', async () => {
    const cache = new BrowserAnswerCache();
    const noStore = proxy(() => ({ 'cache-control': 'private, no-store' }));
    const client = clientWith(cache, noStore.fetchFn);
    await client.nodes.get({ path: '/a' });
    await client.nodes.get({ path: '/a' });
    expect(noStore.calls).toHaveLength(2);
    const failing = proxy(() => ({ 'cache-control': 'private, max-age=30' }), 500);
    const other = clientWith(cache, failing.fetchFn);
    await expect(other.nodes.get({ path: '/b' })).rejects.toThrow();
    await expect(other.nodes.get({ path: '/b' })).rejects.toThrow();
    expect(failing.calls).toHaveLength(2);
    expect(cache.size).toBe(0);
  });

  it('drops everything once an answer tells of a newer content version', async () => {
    let version = '100';
    const cache = new BrowserAnswerCache();
    const server = proxy(() => ({
      'cache-control': 'private, max-age=60',
      [CONTENT_VERSION_HEADER]: version,
    }));
    const client = clientWith(cache, server.fetchFn);
    await client.nodes.get({ path: '/a' });
    await client.nodes.get({ path: '/b' });
    expect(cache.changesSeen).toBe(0);
    version = '200';
    await client.nodes.get({ path: '/c' });
    expect(cache.changesSeen).toBe(1);
    expect(cache.contentVersion).toBe(200);
    await client.nodes.get({ path: '/a' });
    expect(server.calls.filter((url) => url.includes('%2Fa') || url.endsWith('/a'))).toHaveLength(2);
    // An older version (another instance that heard of the change later) changes nothing.
    version = '150';
    await client.nodes.get({ path: '/d' });
    expect(cache.changesSeen).toBe(1);
  });

  it('never hands a request its caller gave up to a caller that comes after', async () => {
    const cache = new BrowserAnswerCache();
    const calls: string[] = [];
    // A proxy that answers only when told to, and stops as fetch does when its signal aborts.
    const answers: (() => void)[] = [];
    const slow: typeof fetch = (input, init) =>
      new Promise((resolve, reject) => {
        calls.push(String(input));
        init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        answers.push(() =>
          resolve(
            new Response('{"id":"n1"}', {
              headers: { 'content-type': 'application/json', 'cache-control': 'private, max-age=60' },
            }),
          ),
        );
      });
    const client = clientWith(cache, slow);
    const leaving = new AbortController();
    const first = client.nodes.get({ path: '/about', signal: leaving.signal });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(cache.size).toBe(1);
    // Gone the moment the caller gives up, before its failure has travelled back to it.
    leaving.abort();
    expect(cache.size).toBe(0);
    await expect(first).rejects.toThrow();
    const second = client.nodes.get({ path: '/about' });
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    for (const answer of answers) answer();
    await expect(second).resolves.toEqual({ id: 'n1' });
    // The answer that came is kept as any other.
    await client.nodes.get({ path: '/about' });
    expect(calls).toHaveLength(2);
  });

  it('stays within its count and byte bounds, least recently used out first', async () => {
    const cache = new BrowserAnswerCache({ maxEntries: 2, maxBytes: 1_000_000 });
    const server = proxy(() => ({ 'cache-control': 'private, max-age=60' }));
    const client = clientWith(cache, server.fetchFn);
    await client.nodes.get({ path: '/a' });
    await client.nodes.get({ path: '/b' });
    await client.nodes.get({ path: '/a' });
    await client.nodes.get({ path: '/c' });
    expect(cache.size).toBe(2);
    await client.nodes.get({ path: '/a' });
    expect(server.calls).toHaveLength(3);
    const small = new BrowserAnswerCache({ maxBytes: 150 });
    const tiny = clientWith(small, server.fetchFn);
    await tiny.nodes.get({ path: '/x' });
    await tiny.nodes.get({ path: '/y' });
    expect(small.heldBytes).toBeLessThanOrEqual(150);
  });
});
