import { describe, expect, it } from 'vitest';
import { backoffDelay, DEFAULT_BACKOFF } from './reconnect-backoff.js';

const policy = { initialDelayMs: 1000, maxDelayMs: 16_000 };

describe('backoffDelay', () => {
  it('doubles its ceiling with every attempt up to the cap', () => {
    const ceilings = [0, 1, 2, 3, 4, 5, 6].map((attempt) => backoffDelay(attempt, policy, () => 1));
    expect(ceilings).toEqual([1000, 2000, 4000, 8000, 16_000, 16_000, 16_000]);
  });

  it('draws the delay from the upper half of the ceiling', () => {
    expect(backoffDelay(2, policy, () => 0)).toBe(2000);
    expect(backoffDelay(2, policy, () => 0.5)).toBe(3000);
    expect(backoffDelay(2, policy, () => 0.999_999)).toBe(4000);
    for (let attempt = 0; attempt < 50; attempt++) {
      const delay = backoffDelay(attempt, DEFAULT_BACKOFF);
      const ceiling = Math.min(DEFAULT_BACKOFF.maxDelayMs, DEFAULT_BACKOFF.initialDelayMs * 2 ** attempt);
      expect(delay).toBeGreaterThanOrEqual(ceiling / 2);
      expect(delay).toBeLessThanOrEqual(ceiling);
    }
  });

  it('stays finite for huge attempt numbers and treats odd ones as the first', () => {
    expect(backoffDelay(10_000, policy, () => 1)).toBe(16_000);
    expect(backoffDelay(Number.POSITIVE_INFINITY, policy, () => 1)).toBe(16_000);
    expect(backoffDelay(-3, policy, () => 1)).toBe(1000);
    expect(backoffDelay(Number.NaN, policy, () => 1)).toBe(1000);
  });

  it('never exceeds the cap, even when the first delay is larger', () => {
    expect(backoffDelay(0, { initialDelayMs: 5000, maxDelayMs: 2000 }, () => 1)).toBe(2000);
  });
});
