import { LRUCache } from 'lru-cache';

/** Settings of a {@link RateLimiter}. */
export interface RateLimitOptions {
  /** Requests one address may make per minute, sustained (default 1200: 20 a second). */
  perMinute?: number;
  /** Requests one address may make at once before the sustained rate applies (default 600). */
  burst?: number;
  /** Addresses remembered; the least recently seen are forgotten first (default 50 000). */
  maxAddresses?: number;
  /** The clock, ms since epoch (default `Date.now`). */
  now?: () => number;
}

/** The default settings: far above what a visitor's pages ask (a page view makes a handful of calls). */
export const DEFAULT_RATE_LIMIT = Object.freeze({ perMinute: 1200, burst: 600, maxAddresses: 50_000 });

/** One address's bucket: tokens left when last seen. */
interface Bucket {
  tokens: number;
  at: number;
}

/**
 * A token bucket per client address: each request takes a token, tokens come back at
 * `perMinute / 60` a second up to `burst`. Addresses are kept in an LRU, so a flood of new
 * addresses costs bounded memory (a forgotten address starts again with a full bucket).
 *
 * @example
 * const limiter = new RateLimiter({ perMinute: 60, burst: 10 });
 * limiter.take('203.0.113.9'); // 0 (allowed), or the seconds to wait before trying again
 */
export class RateLimiter {
  readonly perMinute: number;
  readonly burst: number;
  private readonly buckets: LRUCache<string, Bucket>;
  private readonly now: () => number;

  constructor(options: RateLimitOptions = {}) {
    this.perMinute = positive(options.perMinute, DEFAULT_RATE_LIMIT.perMinute, 'perMinute');
    this.burst = positive(options.burst, DEFAULT_RATE_LIMIT.burst, 'burst');
    this.buckets = new LRUCache({
      max: positive(options.maxAddresses, DEFAULT_RATE_LIMIT.maxAddresses, 'maxAddresses'),
    });
    this.now = options.now ?? Date.now;
  }

  /**
   * Takes a token for `address`: `0` when the request may go ahead, else the whole seconds
   * (at least 1) until a token is back, for `Retry-After`.
   */
  take(address: string): number {
    const now = this.now();
    const perMs = this.perMinute / 60_000;
    const bucket = this.buckets.get(address) ?? { tokens: this.burst, at: now };
    const tokens = Math.min(this.burst, bucket.tokens + Math.max(0, now - bucket.at) * perMs);
    if (tokens >= 1) {
      this.buckets.set(address, { tokens: tokens - 1, at: now });
      return 0;
    }
    this.buckets.set(address, { tokens, at: now });
    return Math.max(1, Math.ceil((1 - tokens) / perMs / 1000));
  }
}

function positive(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`Rate limit: ${name} must be a positive number`);
  return value;
}

/**
 * The delivery proxy's rate limit from `CANOPY_DELIVERY_RATE_LIMIT`: `off` (or `0`) for none,
 * else requests per minute per address, optionally with the burst after a slash
 * (`1200/600`). Anything else is an error naming the variable.
 *
 * @example
 * rateLimitFromEnv('600/200'); // { perMinute: 600, burst: 200 }
 * rateLimitFromEnv('off'); // false
 */
export function rateLimitFromEnv(raw: string): RateLimitOptions | false {
  const value = raw.trim().toLowerCase();
  if (value === 'off' || value === 'false' || value === '0') return false;
  const match = /^(\d+)(?:\s*\/\s*(\d+))?$/.exec(value);
  if (!match || Number(match[1]) <= 0 || (match[2] !== undefined && Number(match[2]) <= 0)) {
    throw new Error(
      `CANOPY_DELIVERY_RATE_LIMIT must be 'off' or requests per minute per address, optionally with a burst (e.g. 1200/600), not '${raw}'`,
    );
  }
  return { perMinute: Number(match[1]), ...(match[2] !== undefined ? { burst: Number(match[2]) } : {}) };
}
