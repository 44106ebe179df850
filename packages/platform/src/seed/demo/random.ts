/** A small seeded pseudo-random source; never `Math.random()`, so seeded content is repeatable. */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
  /** An integer in [min, max] inclusive. */
  between(min: number, max: number): number;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** `count` distinct elements of `items`, in random order (all of them when `count` is larger). */
  sample<T>(items: readonly T[], count: number): T[];
}

/**
 * Mulberry32: 32 bits of state, fast, and good enough for picking words — this is not for
 * anything that needs real randomness.
 */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number): number => Math.floor(next() * n);
  return {
    next,
    int,
    between: (min, max) => min + int(max - min + 1),
    pick: (items) => {
      if (items.length === 0) throw new Error('pick() needs a non-empty list');
      return items[int(items.length)]!;
    },
    chance: (p) => next() < p,
    sample: (items, count) => {
      const copy = [...items];
      // Partial Fisher-Yates: only the first `count` slots need shuffling.
      const n = Math.min(count, copy.length);
      for (let i = 0; i < n; i++) {
        const j = i + int(copy.length - i);
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy.slice(0, n);
    },
  };
}

/** FNV-1a hash of a string: a cheap way to turn a stable name into a PRNG seed. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Combines numbers into one 32-bit seed, so each item of a series gets its own stream. */
export function mixSeed(...parts: number[]): number {
  let hash = 0x9e3779b9;
  for (const part of parts) {
    hash = Math.imul(hash ^ (part >>> 0), 0x85ebca6b);
    hash ^= hash >>> 13;
    hash = Math.imul(hash, 0xc2b2ae35);
    hash ^= hash >>> 16;
  }
  return hash >>> 0;
}
