/**
 * Brute-force protection for the token endpoint: failed sign-ins are counted per key (the
 * lower-cased login, the client id, the caller's address) in a fixed window that opens with
 * the first failure. Past a few failures answers are slowed down; past the limit they are
 * refused (429) until the window closes. A success clears the login's counter, never the
 * address's, so knowing one password does not buy more guesses at others.
 *
 * The state is in memory on purpose: it is per process, costs no disk write per attempt, and a
 * restart forgetting it is harmless for a platform that runs one process on a developer's
 * machine. It is bounded ({@link SignInThrottleOptions.maxEntries}); when full, closed windows
 * are dropped first, then the oldest entries.
 */

/** One kind of key and its thresholds. */
export interface ThrottleLimits {
  /** Failures in a window after which every further attempt is delayed. */
  slowAfter: number;
  /** Failures in a window after which attempts are refused until the window closes. */
  limit: number;
}

/** Options of {@link SignInThrottle}; every field has a default. */
export interface SignInThrottleOptions {
  /** Length of a window, from its first failure (default 15 minutes). */
  windowSeconds: number;
  /** Added delay, in ms, once a key is past `slowAfter` (default 750). */
  delayMs: number;
  /** Per login (username or email) and per API client id (default: slow after 3, refuse after 10). */
  account: ThrottleLimits;
  /**
   * Per client address (default: slow after 20, refuse after 100). Higher than per account
   * because a site that signs its visitors in from its server sends every visitor's attempts
   * from one address.
   */
  address: ThrottleLimits;
  /** Most keys remembered at once (default 10 000). */
  maxEntries: number;
}

/** The defaults of {@link SignInThrottleOptions}. */
export const DEFAULT_SIGN_IN_THROTTLE: SignInThrottleOptions = {
  windowSeconds: 15 * 60,
  delayMs: 750,
  account: { slowAfter: 3, limit: 10 },
  address: { slowAfter: 20, limit: 100 },
  maxEntries: 10_000,
};

/** Options as callers pass them: any subset, thresholds included. */
export type SignInThrottleSettings = Partial<Omit<SignInThrottleOptions, 'account' | 'address'>> & {
  account?: Partial<ThrottleLimits>;
  address?: Partial<ThrottleLimits>;
};

/** A key of the throttle: what it counts and the value (already normalised by the caller). */
export interface ThrottleKey {
  kind: 'account' | 'address';
  value: string;
}

/** What to do with an attempt. */
export type ThrottleDecision =
  | { action: 'allow'; delayMs: number; attempt: ThrottleAttempt }
  | { action: 'refuse'; retryAfterSeconds: number };

/** An attempt in progress; settle it exactly once with {@link SignInThrottle.succeeded} or {@link SignInThrottle.failed}. */
export interface ThrottleAttempt {
  readonly keys: readonly ThrottleKey[];
}

interface Counter {
  /** Failures recorded in the current window. */
  failures: number;
  /** Attempts begun but not yet settled: they count as failures until they succeed. */
  pending: number;
  /** ms since epoch when the window opened (first failure or attempt). */
  windowStart: number;
}

/**
 * The in-memory sign-in throttle. Every method takes `now` (ms since epoch) so callers decide
 * the clock; tests move a fake one instead of sleeping.
 *
 * @example
 * const throttle = new SignInThrottle();
 * const keys = [{ kind: 'account', value: 'editor' }, { kind: 'address', value: request.ip }];
 * const decision = throttle.begin(keys, now());
 * if (decision.action === 'refuse') return tooManyRequests(decision.retryAfterSeconds);
 * await sleep(decision.delayMs);
 * if (await check()) throttle.succeeded(decision.attempt, now());
 * else throttle.failed(decision.attempt, now());
 */
export class SignInThrottle {
  readonly options: SignInThrottleOptions;
  private readonly counters = new Map<string, Counter>();

  constructor(settings: SignInThrottleSettings = {}) {
    this.options = {
      ...DEFAULT_SIGN_IN_THROTTLE,
      ...settings,
      account: { ...DEFAULT_SIGN_IN_THROTTLE.account, ...settings.account },
      address: { ...DEFAULT_SIGN_IN_THROTTLE.address, ...settings.address },
    };
  }

  /**
   * Starts an attempt for all `keys`: refused when any key has reached its limit in an open
   * window (with the seconds until the last such window closes), else allowed, with a delay
   * when any key is past its `slowAfter`. An allowed attempt counts against its keys at once,
   * so concurrent guesses cannot all slip under the limit.
   */
  begin(keys: readonly ThrottleKey[], now: number): ThrottleDecision {
    let retryAfterMs = 0;
    let slow = false;
    for (const key of keys) {
      const counter = this.current(key, now);
      if (!counter) continue;
      const limits = this.options[key.kind];
      const count = counter.failures + counter.pending;
      if (count >= limits.limit) {
        retryAfterMs = Math.max(retryAfterMs, counter.windowStart + this.windowMs - now);
      } else if (count >= limits.slowAfter) {
        slow = true;
      }
    }
    if (retryAfterMs > 0) return { action: 'refuse', retryAfterSeconds: Math.ceil(retryAfterMs / 1000) };
    for (const key of keys) {
      const counter = this.current(key, now) ?? this.open(key, now);
      counter.pending += 1;
    }
    return { action: 'allow', delayMs: slow ? this.options.delayMs : 0, attempt: { keys: [...keys] } };
  }

  /** Settles an attempt that failed: it stays counted against every key. */
  failed(attempt: ThrottleAttempt, now: number): void {
    for (const key of attempt.keys) {
      const counter = this.settle(key, now);
      if (counter) counter.failures += 1;
    }
  }

  /** Settles an attempt that succeeded: account counters are cleared; address counters keep their failures. */
  succeeded(attempt: ThrottleAttempt, now: number): void {
    for (const key of attempt.keys) {
      const counter = this.settle(key, now);
      if (!counter) continue;
      if (key.kind === 'account') this.counters.delete(id(key));
      else this.dropIfIdle(key, counter);
    }
  }

  /** How many keys are remembered (for tests). */
  get size(): number {
    return this.counters.size;
  }

  private get windowMs(): number {
    return this.options.windowSeconds * 1000;
  }

  /** The key's counter when its window is still open; a closed window is forgotten. */
  private current(key: ThrottleKey, now: number): Counter | undefined {
    const counter = this.counters.get(id(key));
    if (!counter) return undefined;
    if (now - counter.windowStart < this.windowMs) return counter;
    if (counter.pending === 0) {
      this.counters.delete(id(key));
      return undefined;
    }
    // Attempts still running keep the entry; the failures of the closed window are forgotten.
    counter.failures = 0;
    counter.windowStart = now;
    return counter;
  }

  private open(key: ThrottleKey, now: number): Counter {
    if (this.counters.size >= this.options.maxEntries) this.evict(now);
    const counter: Counter = { failures: 0, pending: 0, windowStart: now };
    this.counters.set(id(key), counter);
    return counter;
  }

  /** Takes the attempt off the pending count; the counter may have been evicted meanwhile. */
  private settle(key: ThrottleKey, now: number): Counter | undefined {
    const counter = this.counters.get(id(key));
    if (!counter) return undefined;
    counter.pending = Math.max(0, counter.pending - 1);
    // A window that closed while the attempt was running restarts with this outcome.
    if (now - counter.windowStart >= this.windowMs) {
      counter.failures = 0;
      counter.windowStart = now;
    }
    return counter;
  }

  private dropIfIdle(key: ThrottleKey, counter: Counter): void {
    if (counter.failures === 0 && counter.pending === 0) this.counters.delete(id(key));
  }

  /** Makes room: closed windows first, then the oldest keys (Map order is insertion order). */
  private evict(now: number): void {
    for (const [key, counter] of this.counters) {
      if (now - counter.windowStart >= this.windowMs && counter.pending === 0) this.counters.delete(key);
    }
    const excess = this.counters.size - this.options.maxEntries + 1;
    if (excess <= 0) return;
    let dropped = 0;
    for (const key of this.counters.keys()) {
      if (dropped >= excess) break;
      this.counters.delete(key);
      dropped += 1;
    }
  }
}

function id(key: ThrottleKey): string {
  return `${key.kind}:${key.value}`;
}
