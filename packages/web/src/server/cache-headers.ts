/** How page responses may be cached (website spec §9). */
export interface CachePolicy {
  /** `Cache-Control` of pages; default `private` (browsers may cache, shared caches use Surrogate-Control). */
  cacheControl: string;
  /** Seconds an HTTP cache (Varnish, a CDN) keeps a good page; default 3600. */
  surrogateMaxAge: number;
  /** Seconds it keeps an error page (4xx, 5xx), short so a fix shows quickly; default 10. */
  errorSurrogateMaxAge: number;
  /**
   * Seconds a good page may still be served after it expired while its origin fails
   * (`stale-if-error`, RFC 5861) by the browser, a cache in front, and the site itself; the
   * site server sets it to its stale-page age. 0 or unset: not announced.
   */
  staleIfErrorSeconds?: number;
}

/** The spec's defaults. */
export const DEFAULT_CACHE_POLICY: CachePolicy = {
  cacheControl: 'private',
  surrogateMaxAge: 3600,
  errorSurrogateMaxAge: 10,
};

/** The longest `Surrogate-Key` header written; longer key lists fall back to the project keys. */
export const MAX_SURROGATE_KEY_LENGTH = 8000;

/** What the cache headers of one page depend on. */
export interface PageCacheInput {
  status: number;
  /** Surrogate keys the platform returned while the page was loaded. */
  surrogateKeys: readonly string[];
  /**
   * The page depends on who is signed in, carries a visitor's form token or cookie, or shows
   * drafts: no shared cache, and no page cache of the site, may keep it. Such a response has
   * `Cache-Control: private, no-store` (see {@link isPrivateResponse}).
   */
  uncacheable?: boolean;
}

/**
 * `Cache-Control`, `Surrogate-Control` and `Surrogate-Key` for a page.
 *
 * @example
 * pageCacheHeaders({ status: 200, surrogateKeys: ['project:website', 'node:1'] });
 * // { 'Cache-Control': 'private', 'Surrogate-Control': 'max-age=3600', 'Surrogate-Key': 'project:website node:1' }
 * pageCacheHeaders({ status: 200, surrogateKeys: [] }, { ...DEFAULT_CACHE_POLICY, staleIfErrorSeconds: 86400 });
 * // { 'Cache-Control': 'private, stale-if-error=86400', 'Surrogate-Control': 'max-age=3600, stale-if-error=86400' }
 */
export function pageCacheHeaders(
  input: PageCacheInput,
  policy: CachePolicy = DEFAULT_CACHE_POLICY,
): Record<string, string> {
  if (input.uncacheable) {
    // No Surrogate-Control at all: an HTTP cache must not keep a personal page on any terms.
    return { 'Cache-Control': 'private, no-store', Vary: 'Cookie' };
  }
  const error = input.status >= 400;
  const maxAge = error ? policy.errorSurrogateMaxAge : policy.surrogateMaxAge;
  const staleIfError =
    !error && policy.staleIfErrorSeconds && policy.staleIfErrorSeconds > 0
      ? `, stale-if-error=${policy.staleIfErrorSeconds}`
      : '';
  const headers: Record<string, string> = {
    'Cache-Control': `${policy.cacheControl}${staleIfError}`,
    'Surrogate-Control': `max-age=${maxAge}${staleIfError}`,
  };
  const keys = surrogateKeyHeader(input.surrogateKeys);
  if (keys) headers['Surrogate-Key'] = keys;
  return headers;
}

/**
 * The `Surrogate-Key` value: distinct keys, space-separated. When that would be longer than
 * `maxLength`, the keys of entries' variations (`entry:<id>:<language>`) stand in for their
 * entries' own (`entry:<id>`: only a change that names no language purges by it, and that
 * purges the project); when still too long, only the `project:` keys remain: purging by
 * project purges everything of it, so the page is still purged when it should be (just more
 * often).
 *
 * @example
 * surrogateKeyHeader(['entry:1', 'entry:1', 'node:2']); // 'entry:1 node:2'
 */
export function surrogateKeyHeader(
  keys: readonly string[],
  maxLength: number = MAX_SURROGATE_KEY_LENGTH,
): string {
  const distinct = [...new Set(keys.filter(Boolean))];
  const value = distinct.join(' ');
  if (value.length <= maxLength) return value;
  const varied = new Set(
    distinct
      .filter((key) => key.startsWith('entry:') && key.indexOf(':', 6) > 0)
      .map((key) => key.slice(0, key.lastIndexOf(':'))),
  );
  const shorter = distinct.filter((key) => !varied.has(key)).join(' ');
  if (shorter.length <= maxLength) return shorter;
  return distinct.filter((key) => key.startsWith('project:')).join(' ');
}

/**
 * Whether a response is private to one visitor (personal page, form token, session cookie,
 * drafts): the signal for any cache of pages, in front of the site or inside it, not to store
 * it. True when its `Cache-Control` has `no-store`, or it sets a cookie.
 *
 * @example
 * isPrivateResponse({ 'cache-control': 'private, no-store' }); // true
 */
export function isPrivateResponse(headers: Record<string, unknown>): boolean {
  const get = (name: string) => {
    const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name);
    return key === undefined ? undefined : headers[key];
  };
  if (get('set-cookie') !== undefined) return true;
  const cacheControl = String(get('cache-control') ?? '').toLowerCase();
  // Every page says `private` (the spec's default, for browsers); only `no-store` marks it personal.
  return /(^|[\s,])no-store([\s,]|$)/.test(cacheControl);
}
