import { describe, expect, it } from 'vitest';
import { DEFAULT_CACHE_LIMIT, MruCache } from './mru-cache.js';
import { ResponseCache } from './response-cache.js';

describe('MruCache', () => {
  it('holds 100 entries by default and evicts the least recently used at the 101st', () => {
    const cache = new MruCache<string, number>();
    expect(cache.limit).toBe(DEFAULT_CACHE_LIMIT);
    for (let i = 0; i < 100; i++) cache.set(`k${i}`, i);
    expect(cache.size).toBe(100);
    // Reading k0 makes it the most recent, so k1 is now the oldest.
    expect(cache.get('k0')).toBe(0);
    cache.set('k100', 100);
    expect(cache.size).toBe(100);
    expect(cache.has('k1')).toBe(false);
    expect(cache.has('k0')).toBe(true);
    expect(cache.keys().slice(0, 3)).toEqual(['k2', 'k3', 'k4']);
    expect(cache.keys().slice(-2)).toEqual(['k0', 'k100']);
    cache.set('k101', 101);
    expect(cache.has('k2')).toBe(false);
  });

  it('makes a rewritten key the most recent without growing', () => {
    const cache = new MruCache<string, number>({ limit: 3 });
    cache.set('a', 1).set('b', 2).set('c', 3).set('a', 4);
    expect(cache.keys()).toEqual(['b', 'c', 'a']);
    cache.set('d', 5);
    expect(cache.keys()).toEqual(['c', 'a', 'd']);
    expect(cache.get('a')).toBe(4);
  });

  it('does not change recency on has(), and supports delete and clear', () => {
    const cache = new MruCache<string, number>({ limit: 2 });
    cache.set('a', 1).set('b', 2);
    expect(cache.has('a')).toBe(true);
    cache.set('c', 3);
    expect(cache.has('a')).toBe(false);
    expect(cache.delete('b')).toBe(true);
    expect(cache.delete('b')).toBe(false);
    cache.clear();
    expect(cache.size).toBe(0);
    expect(cache.get('c')).toBeUndefined();
  });

  it('rejects a limit that is not a positive integer', () => {
    expect(() => new MruCache({ limit: 0 })).toThrow(RangeError);
    expect(() => new MruCache({ limit: 1.5 })).toThrow(RangeError);
  });
});

describe('ResponseCache', () => {
  it('drops a rejected promise but keeps a replacement stored meanwhile', async () => {
    const cache = new ResponseCache({ limit: 5 });
    const failing = Promise.reject(new Error('x'));
    cache.set('k', failing);
    await failing.catch(() => undefined);
    await Promise.resolve();
    expect(cache.has('k')).toBe(false);

    let rejectFirst: (error: Error) => void = () => undefined;
    const first = new Promise((_, reject) => {
      rejectFirst = reject;
    });
    cache.set('j', first);
    const second = Promise.resolve('fresh');
    cache.set('j', second);
    rejectFirst(new Error('late'));
    await first.catch(() => undefined);
    await Promise.resolve();
    expect(cache.get('j')).toBe(second);
  });
});
