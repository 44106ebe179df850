/** Options for {@link MruCache}. */
export interface MruCacheOptions {
  /** Most entries kept; the least recently used one is evicted past it. Default 100. */
  limit?: number;
}

/** The size the framework uses for the delivery cache (website spec §9). */
export const DEFAULT_CACHE_LIMIT = 100;

/**
 * A bounded map that keeps the most recently used entries: reading or writing an entry makes
 * it the most recent, and adding one past the limit evicts the least recently used.
 *
 * A `Map` keeps insertion order, so re-inserting on use makes its first key the eviction
 * candidate and every operation O(1).
 *
 * @example
 * const cache = new MruCache<string, number>({ limit: 2 });
 * cache.set('a', 1); cache.set('b', 2); cache.get('a'); cache.set('c', 3);
 * cache.has('b'); // false: 'b' was the least recently used
 */
export class MruCache<K, V> {
  readonly limit: number;
  private readonly entries = new Map<K, V>();

  constructor(options: MruCacheOptions = {}) {
    const limit = options.limit ?? DEFAULT_CACHE_LIMIT;
    if (!Number.isInteger(limit) || limit < 1)
      throw new RangeError('The cache limit must be a positive integer.');
    this.limit = limit;
  }

  /** Number of entries held. */
  get size(): number {
    return this.entries.size;
  }

  /** The value for `key`, made most recently used; `undefined` when absent. */
  get(key: K): V | undefined {
    if (!this.entries.has(key)) return undefined;
    const value = this.entries.get(key) as V;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /** Whether `key` is held, without changing its recency. */
  has(key: K): boolean {
    return this.entries.has(key);
  }

  /** Stores `value` as the most recently used entry, evicting the least recently used past the limit. */
  set(key: K, value: V): this {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.limit) {
      const oldest = this.entries.keys().next().value as K;
      this.entries.delete(oldest);
    }
    return this;
  }

  /** Removes `key`; returns whether it was held. */
  delete(key: K): boolean {
    return this.entries.delete(key);
  }

  /** Removes every entry. */
  clear(): void {
    this.entries.clear();
  }

  /** Keys from least to most recently used. */
  keys(): K[] {
    return [...this.entries.keys()];
  }
}
