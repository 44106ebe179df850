import { describe, expect, it } from 'vitest';
import { RateLimiter, rateLimitFromEnv } from './rate-limit.js';

describe('RateLimiter', () => {
  it('lets a burst through, then asks to wait until a token is back', () => {
    let now = 1_000_000;
    const limiter = new RateLimiter({ perMinute: 60, burst: 3, now: () => now });
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([0, 0, 0]);
    expect(limiter.take('a')).toBe(1);
    // Another address has a bucket of its own.
    expect(limiter.take('b')).toBe(0);
    now += 1000;
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBe(1);
  });

  it('never holds more than the burst, however long an address was away', () => {
    let now = 0;
    const limiter = new RateLimiter({ perMinute: 600, burst: 2, now: () => now });
    now += 3_600_000;
    expect([limiter.take('a'), limiter.take('a')]).toEqual([0, 0]);
    expect(limiter.take('a')).toBeGreaterThan(0);
  });

  it('says how many whole seconds to wait at a slow rate', () => {
    const limiter = new RateLimiter({ perMinute: 2, burst: 1, now: () => 0 });
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBe(30);
  });

  it('refuses settings that are not positive', () => {
    expect(() => new RateLimiter({ perMinute: 0 })).toThrow(/perMinute/);
  });
});

describe('rateLimitFromEnv', () => {
  it('reads off, a rate, and a rate with a burst', () => {
    expect(rateLimitFromEnv('off')).toBe(false);
    expect(rateLimitFromEnv('0')).toBe(false);
    expect(rateLimitFromEnv('600')).toEqual({ perMinute: 600 });
    expect(rateLimitFromEnv(' 1200 / 300 ')).toEqual({ perMinute: 1200, burst: 300 });
  });

  it('names the variable when the value is wrong', () => {
    expect(() => rateLimitFromEnv('fast')).toThrow(/CANOPY_DELIVERY_RATE_LIMIT/);
    expect(() => rateLimitFromEnv('10/0')).toThrow(/CANOPY_DELIVERY_RATE_LIMIT/);
  });
});
