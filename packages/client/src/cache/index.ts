/** Bounded most-recently-used caches for API responses. */
export { DEFAULT_CACHE_LIMIT, MruCache, type MruCacheOptions } from './mru-cache.js';
export { ResponseCache } from './response-cache.js';
