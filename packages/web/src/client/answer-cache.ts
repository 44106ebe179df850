import { ResponseCache } from '@canopy/client';
import { clientCacheKey, deepFreeze } from '../delivery/shared-answers.js';

/** The response header in which the site server names its current content version. */
export const CONTENT_VERSION_HEADER = 'x-canopy-content-version';

/** How long answers are reused before the server said otherwise (the site server's default `max-age`). */
export const DEFAULT_REUSE_MS = 60_000;

/** Default bounds of the browser's answer cache. */
export const DEFAULT_BROWSER_CACHE = { maxEntries: 200, maxBytes: 4 * 1024 * 1024 } as const;

/** Options of {@link BrowserAnswerCache}. */
export interface BrowserAnswerCacheOptions {
  /** Most answers kept (default 200); the least recently used goes first. */
  maxEntries?: number;
  /** Most characters of JSON kept, all answers together (default 4 MiB). */
  maxBytes?: number;
  /** The clock (tests). */
  now?: () => number;
}

/** What the fetch learnt about an answer, kept until the client hands the parsed value to the cache. */
interface AnswerMeta {
  /** How long the answer may be reused, in ms; 0 for not at all. */
  freshMs: number;
  bytes: number;
  version: number | null;
}

interface Slot {
  pending: Promise<unknown>;
  /** When the answer stops being fresh; `Infinity` while it is in flight. */
  expires: number;
  bytes: number;
}

/**
 * The content version an answer names: the time (ms since the epoch) of the last content change
 * its server saw. Several instances of a site saw the same change at slightly different times,
 * so versions are compared by size: only a newer one counts.
 */
export function contentVersionOf(header: string | null): number | null {
  if (header === null || !/^\d{1,16}$/.test(header.trim())) return null;
  return Number(header.trim());
}

/**
 * How long an answer with this `Cache-Control` may be reused, in seconds: its `max-age`, or 0
 * when it says `no-store` or `no-cache` or names no age.
 *
 * @example
 * freshSeconds('private, max-age=30'); // 30
 * freshSeconds('private, no-store');   // 0
 */
export function freshSeconds(cacheControl: string | null): number {
  if (!cacheControl) return 0;
  let maxAge = 0;
  for (const part of cacheControl.toLowerCase().split(',')) {
    const [name = '', value] = part.trim().split('=');
    if (name === 'no-store' || name === 'no-cache') return 0;
    if (name === 'max-age' && value !== undefined) {
      const seconds = Number.parseInt(value.trim(), 10);
      maxAge = Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
    }
  }
  return maxAge;
}

/**
 * The browser's cache of delivery answers: what the site's `/api/delivery` proxy answered,
 * parsed and frozen, so going back, forward or to a page seen a moment ago, and the navigation
 * after a prefetch, cost no request. It is the delivery client's {@link ResponseCache}
 * (concurrent identical reads share one request; failures are never kept) with three rules
 * the server's answers set:
 *
 * - an answer is reused only for the `max-age` of its `Cache-Control` (the proxy sends a
 *   short one; `no-store` answers are not kept at all), 200 answers only;
 * - the answers carry the server's content version (`x-canopy-content-version`: when it last
 *   heard of a content change from the platform); the first answer with a newer version empties
 *   the cache, so nothing older than a change the server has seen is reused after it;
 * - at most `maxEntries` answers and `maxBytes` characters of JSON, least recently used out first.
 *
 * @example
 * const cache = new BrowserAnswerCache();
 * const client = Client.create({ rootUrl: location.origin, projectId, ...cache.clientParts(fetch) });
 */
export class BrowserAnswerCache extends ResponseCache {
  private readonly slots = new Map<string, Slot>();
  private readonly meta = new Map<string, AnswerMeta>();
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly now: () => number;
  private bytes = 0;
  /** The newest content version seen, once one was. */
  private version: number | null = null;
  /** The last `max-age` an answer carried, in ms (before any: the server's default). */
  private lastFreshMs = DEFAULT_REUSE_MS;
  private changes = 0;

  constructor(options: BrowserAnswerCacheOptions = {}) {
    super({ limit: 1 });
    this.maxEntries = options.maxEntries ?? DEFAULT_BROWSER_CACHE.maxEntries;
    this.maxBytes = options.maxBytes ?? DEFAULT_BROWSER_CACHE.maxBytes;
    this.now = options.now ?? Date.now;
  }

  /**
   * The fetch and cache a delivery client is created with: the fetch notes what the cache
   * needs of each answer (freshness, size, content version) and bypasses the browser's HTTP
   * cache, since this cache decides what is reused.
   */
  clientParts(fetchFn: typeof fetch): { fetchFn: typeof fetch; cache: ResponseCache } {
    const noting: typeof fetch = async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const key = clientCacheKey((init?.method ?? 'GET').toUpperCase(), url, init?.body);
      // A request given up (its navigation superseded, or timed out) fails for everyone who
      // shares it: it leaves the cache at once, so a navigation starting now asks again
      // instead of sharing the failure.
      init?.signal?.addEventListener('abort', () => this.dropInFlight(key), { once: true });
      const response = await fetchFn(input, { ...init, cache: 'no-store' });
      const version = contentVersionOf(response.headers.get(CONTENT_VERSION_HEADER));
      if (version !== null) this.noteVersion(version);
      const freshMs =
        response.status === 200 ? freshSeconds(response.headers.get('cache-control')) * 1000 : 0;
      if (freshMs === 0) return response;
      // Read here to know the answer's size; the client gets the same text.
      const text = await response.text();
      this.meta.set(key, { freshMs, bytes: text.length, version });
      return new Response(text, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    };
    return { fetchFn: noting, cache: this };
  }

  override get(key: string): Promise<unknown> | undefined {
    const slot = this.slots.get(key);
    if (!slot) return undefined;
    if (slot.expires <= this.now()) {
      this.remove(key);
      return undefined;
    }
    this.slots.delete(key);
    this.slots.set(key, slot);
    return slot.pending;
  }

  override set(key: string, pending: Promise<unknown>): void {
    this.remove(key);
    const slot: Slot = { pending, expires: Number.POSITIVE_INFINITY, bytes: 0 };
    this.slots.set(key, slot);
    this.trim();
    pending.then(
      (value) => {
        const meta = this.meta.get(key);
        this.meta.delete(key);
        if (this.slots.get(key) !== slot) return;
        const outdated = meta?.version != null && this.version !== null && meta.version < this.version;
        if (!meta || meta.freshMs === 0 || outdated) {
          this.remove(key);
          return;
        }
        deepFreeze(value);
        slot.expires = this.now() + meta.freshMs;
        slot.bytes = meta.bytes;
        this.bytes += meta.bytes;
        this.trim();
      },
      () => {
        this.meta.delete(key);
        if (this.slots.get(key) === slot) this.remove(key);
      },
    );
  }

  override has(key: string): boolean {
    const slot = this.slots.get(key);
    return slot !== undefined && slot.expires > this.now();
  }

  override delete(key: string): boolean {
    return this.remove(key);
  }

  override clear(): void {
    this.slots.clear();
    this.bytes = 0;
  }

  override keys(): string[] {
    return [...this.slots.keys()];
  }

  override get size(): number {
    return this.slots.size;
  }

  /** How many content changes the answers have told of so far (newer versions after the first). */
  get changesSeen(): number {
    return this.changes;
  }

  /** The newest content version seen in an answer, or `null` before one. */
  get contentVersion(): number | null {
    return this.version;
  }

  /** How long the server lets answers be reused (the last `max-age` seen), in ms. */
  get reuseMs(): number {
    return this.lastFreshMs;
  }

  /** Characters of JSON held by settled answers. */
  get heldBytes(): number {
    return this.bytes;
  }

  /** A newer content version empties the cache: its answers may predate the change. */
  private noteVersion(version: number): void {
    if (this.version !== null && version > this.version) {
      this.clear();
      this.changes++;
    }
    if (this.version === null || version > this.version) this.version = version;
  }

  /** Forgets the answer under `key` if it is still in flight (a settled one stays). */
  private dropInFlight(key: string): void {
    if (this.slots.get(key)?.expires === Number.POSITIVE_INFINITY) this.remove(key);
  }

  private remove(key: string): boolean {
    const slot = this.slots.get(key);
    if (!slot) return false;
    this.slots.delete(key);
    this.bytes -= slot.bytes;
    return true;
  }

  /** Least recently used out until both bounds hold (answers in flight count only by number). */
  private trim(): void {
    for (const key of this.slots.keys()) {
      if (this.slots.size <= this.maxEntries && this.bytes <= this.maxBytes) return;
      this.remove(key);
    }
  }
}
