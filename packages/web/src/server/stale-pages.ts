import { LRUCache } from 'lru-cache';

/** Options of {@link createStalePages}. */
export interface StalePagesOptions {
  /**
   * Seconds after it was rendered that a page may still be served while the platform is down
   * or erroring (default 86 400, a day). Older copies are dropped: the visitor gets the 503.
   */
  maxAgeSeconds?: number;
  /** Most pages kept, least recently rendered or served evicted first (default 1000). */
  limit?: number;
  /** Most bytes of page bodies kept (default 64 MiB); a single larger page is not kept. */
  maxBytes?: number;
  /** The clock, in milliseconds (tests). */
  now?: () => number;
}

/** A day: how long the site keeps serving a page it cannot refresh. */
export const DEFAULT_STALE_MAX_AGE_SECONDS = 86_400;
export const DEFAULT_STALE_PAGE_LIMIT = 1000;
export const DEFAULT_STALE_PAGE_BYTES = 64 * 1024 * 1024;

/** A good answer as it went out, to be served again while the platform cannot be reached. */
export interface PageCopy {
  status: number;
  /** The response headers worth repeating: content type and surrogate keys. */
  headers: Readonly<Record<string, string>>;
  body: string;
  /** The CSP nonce written into `body`; a served copy gets a fresh one in its place. */
  nonce: string | null;
}

/** A kept copy and what is known about its age. */
export interface StoredPage extends PageCopy {
  /** When it was rendered (ms, on the store's clock). */
  readonly storedAt: number;
  /** Content changed on the platform after it was rendered (or while it was). */
  outdated: boolean;
  /** Its entity tag, worked out the first time it is served again. */
  etag?: string;
}

/** A copy fit to be served, with its age in whole seconds. */
export interface RecalledPage {
  page: StoredPage;
  ageSeconds: number;
}

/** The request an answer was (or is to be) rendered for, as the store keys it. */
export interface StalePageRequest {
  format: 'html' | 'json';
  /** Scheme, host and port the page was asked for: pages carry their origin (canonical links). */
  origin: string;
  /** Path and query as rendered (`?redux=true` removed: `format` says it). */
  url: string;
  /** The request headers; only those an answer's `Vary` names take part in its key. */
  headers: Readonly<Record<string, string | string[] | undefined>>;
}

/** The last good answer of every page, for the site to fall back on (see {@link createStalePages}). */
export interface StalePages {
  /**
   * Keeps `copy` as the last good answer for `request`, replacing any older one. `vary` is the
   * answer's `Vary` header: the copy is only ever served to requests with the same values of
   * the headers it names; `*` (varies on anything) is not kept. `outdated` marks a copy whose
   * content changed while it was rendered: kept for outages, never reused as fresh.
   */
  remember(request: StalePageRequest, vary: string | undefined, copy: PageCopy, outdated?: boolean): void;
  /** The last good answer for `request` if it is younger than the maximum age, else `null`. */
  recall(request: StalePageRequest): RecalledPage | null;
  /**
   * The last answer for `request` while it is as good as a new rendering: younger than
   * `seconds` and no content changed since it was rendered (see `markOutdated`). Null otherwise.
   */
  recallFresh(request: StalePageRequest, seconds: number): RecalledPage | null;
  /**
   * Content changed: the copies it reaches are now known to be outdated. They are kept (an
   * outage right after a publish should not empty the site) and still served only when the
   * platform fails. With the change's purge keys (see `purgeKeysForChange`), only the copies
   * whose `surrogate-key` names one of them, and those without keys; without keys, or with a
   * `project:` key among them, every copy. So a change of a Welsh variation leaves the
   * English pages fresh.
   */
  markOutdated(keys?: readonly string[]): void;
  clear(): void;
  readonly size: number;
  /** How many of them content changed since. */
  readonly outdated: number;
  /** Bytes of bodies held. */
  readonly bytes: number;
  readonly maxAgeSeconds: number;
}

/**
 * The site's stale-if-error store: the last good (200) answer of each anonymous page, bounded
 * in count and bytes, least recently used evicted first. Nothing is ever served from it while
 * the platform answers; it is the fallback when rendering a page fails because the platform is
 * down or erroring. Pages whose URL has a query string (searches, paging: endless variety) are
 * kept apart in a quarter of the space, so made-up query strings cannot push the site's pages
 * out. Like an HTTP cache, it keys an answer by the request headers its `Vary` names.
 *
 * @example
 * const pages = createStalePages({ maxAgeSeconds: 86_400 });
 * const request = { format: 'html', origin: 'https://www.example.com', url: '/about', headers: {} } as const;
 * pages.remember(request, undefined, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body, nonce });
 * pages.recall(request); // { page, ageSeconds: 0 }
 */
export function createStalePages(options: StalePagesOptions = {}): StalePages {
  const maxAgeSeconds = options.maxAgeSeconds ?? DEFAULT_STALE_MAX_AGE_SECONDS;
  const limit = options.limit ?? DEFAULT_STALE_PAGE_LIMIT;
  const maxBytes = options.maxBytes ?? DEFAULT_STALE_PAGE_BYTES;
  if (!(maxAgeSeconds > 0)) throw new RangeError('The stale page age must be a positive number of seconds.');
  if (!Number.isInteger(limit) || limit < 4)
    throw new RangeError('The stale page limit must be an integer of at least 4.');
  if (!Number.isInteger(maxBytes) || maxBytes < 4)
    throw new RangeError('The stale page size must be an integer of at least 4 bytes.');
  const now = options.now ?? Date.now;
  const maxAgeMs = maxAgeSeconds * 1000;
  const bucket = (share: number): Bucket => {
    const max = Math.max(1, Math.floor(limit * share));
    return {
      copies: new LRUCache<string, StoredPage>({
        max,
        maxSize: Math.max(1, Math.floor(maxBytes * share)),
        sizeCalculation: (page) => Math.max(1, Buffer.byteLength(page.body)),
      }),
      // The header names each URL's last answer varied on, to key the next lookup by.
      varyNames: new LRUCache<string, readonly string[]>({ max }),
    };
  };
  const pages = bucket(0.75);
  const queries = bucket(0.25);
  const bucketOf = (request: StalePageRequest) => (request.url.includes('?') ? queries : pages);
  const keyOf = (request: StalePageRequest, names: readonly string[]) =>
    `${urlKey(request)}${names.map((name) => `\n${name}: ${headerValue(request.headers[name])}`).join('')}`;
  const copies = () => [...pages.copies.values(), ...queries.copies.values()];

  return {
    remember(request, vary, copy, outdated = false) {
      const names = varyHeaderNames(vary);
      if (names === '*') return;
      const target = bucketOf(request);
      target.varyNames.set(urlKey(request), names);
      target.copies.set(keyOf(request, names), { ...copy, storedAt: now(), outdated });
    },
    recall(request) {
      const source = bucketOf(request);
      const names = source.varyNames.get(urlKey(request));
      if (!names) return null;
      const key = keyOf(request, names);
      const page = source.copies.get(key);
      if (!page) return null;
      const ageMs = Math.max(0, now() - page.storedAt);
      if (ageMs >= maxAgeMs) {
        source.copies.delete(key);
        return null;
      }
      return { page, ageSeconds: Math.floor(ageMs / 1000) };
    },
    recallFresh(request, seconds) {
      if (!(seconds > 0)) return null;
      const source = bucketOf(request);
      const names = source.varyNames.get(urlKey(request));
      if (!names) return null;
      const page = source.copies.get(keyOf(request, names));
      if (!page || page.outdated) return null;
      const ageMs = Math.max(0, now() - page.storedAt);
      return ageMs < seconds * 1000 ? { page, ageSeconds: Math.floor(ageMs / 1000) } : null;
    },
    markOutdated(keys) {
      const every = !keys || keys.some((key) => key.startsWith('project:'));
      const purged = new Set(keys);
      for (const page of copies()) {
        if (page.outdated) continue;
        const own = page.headers['surrogate-key']?.split(/\s+/).filter(Boolean) ?? [];
        if (every || own.length === 0 || own.some((key) => purged.has(key))) page.outdated = true;
      }
    },
    clear() {
      for (const each of [pages, queries]) {
        each.copies.clear();
        each.varyNames.clear();
      }
    },
    get size() {
      return pages.copies.size + queries.copies.size;
    },
    get outdated() {
      return copies().filter((page) => page.outdated).length;
    },
    get bytes() {
      return pages.copies.calculatedSize + queries.copies.calculatedSize;
    },
    maxAgeSeconds,
  };
}

/** One part of the store: the copies, and the header names each URL varied on. */
interface Bucket {
  copies: LRUCache<string, StoredPage>;
  varyNames: LRUCache<string, readonly string[]>;
}

/** Format, origin (pages carry it in their state) and URL: what every key starts with. */
function urlKey(request: StalePageRequest): string {
  return `${request.format} ${request.origin.toLowerCase()} ${request.url}`;
}

/**
 * The request header names a `Vary` value lists, lower-case and sorted, or `*`.
 * `Accept-Encoding` is left out: the site sends one encoding and compression happens in front of it.
 *
 * @example
 * varyHeaderNames('Cookie, accept-language'); // ['accept-language', 'cookie']
 */
export function varyHeaderNames(vary: string | undefined): readonly string[] | '*' {
  if (!vary) return [];
  const names = vary
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name && name !== 'accept-encoding');
  if (names.includes('*')) return '*';
  return [...new Set(names)].sort();
}

function headerValue(value: string | string[] | undefined): string {
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}
