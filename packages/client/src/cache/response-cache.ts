import { MruCache, type MruCacheOptions } from './mru-cache.js';

/**
 * The delivery response cache: a {@link MruCache} of response promises.
 *
 * Key: `"<METHOD> <absolute URL>"`, plus a newline and the JSON body for a search sent as
 * POST. The URL holds every parameter that shapes the response (project, language, version
 * status, link depth, fields, the query), so equal keys mean equal requests; unlike the
 * framework cache of the official stack, an entry id alone is never a key. The key does not
 * hold the credentials: give each client configuration (published, preview) its own cache.
 *
 * Behaviour: the promise is cached as soon as the request starts, so concurrent identical
 * calls share one request; a rejected promise is dropped, so failures are retried next time.
 * Entries have no expiry; the site tier calls `clear()` when the platform reports a change.
 *
 * @example
 * const cache = new ResponseCache();            // 100 entries
 * const client = Client.create({ ...config, cache });
 */
export class ResponseCache {
  private readonly entries: MruCache<string, Promise<unknown>>;

  constructor(options: MruCacheOptions = {}) {
    this.entries = new MruCache(options);
  }

  /** Number of cached responses. */
  get size(): number {
    return this.entries.size;
  }

  /** Most entries kept. */
  get limit(): number {
    return this.entries.limit;
  }

  /** The cached promise for `key`, made most recently used. */
  get(key: string): Promise<unknown> | undefined {
    return this.entries.get(key);
  }

  /** Caches a pending response; it is removed again if it rejects. */
  set(key: string, pending: Promise<unknown>): void {
    this.entries.set(key, pending);
    pending.catch(() => {
      if (this.entries.has(key) && this.entries.get(key) === pending) this.entries.delete(key);
    });
  }

  /** Whether `key` is cached, without changing its recency. */
  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** Removes one cached response. */
  delete(key: string): boolean {
    return this.entries.delete(key);
  }

  /** Removes every cached response, e.g. after content changed. */
  clear(): void {
    this.entries.clear();
  }

  /** Cached keys from least to most recently used. */
  keys(): string[] {
    return this.entries.keys();
  }
}
