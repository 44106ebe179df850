/**
 * Brute-force protection for the token endpoint that an attacker cannot turn against the
 * owner of an account.
 *
 * Failed sign-ins are counted twice: per (account, client address) pair and per client
 * address. The account is the resolved one (a user's id, whichever of username or email was
 * typed; an API client's id), so aliases share one count. Past a few free failures every
 * further attempt of the pair, or from the address, is *delayed* — by a delay that doubles with
 * each failure up to a cap — and then checked as usual, so the right credential always gets
 * in, only later. Nothing an attacker does from one address changes what the owner sees from
 * another: the owner's own pair has no failures.
 *
 * One hard refusal remains, for clearly abusive addresses: once an address has failed
 * `address.refuseAfter` times in a window, its attempts for accounts it has itself been
 * failing for are refused (429) until the window closes. Its attempts for any other account
 * still go ahead (delayed), so a visitor behind the same address (a site that signs everyone
 * in from its server) who has not been failing is never refused.
 *
 * Attempts still running count as failures until they succeed, so parallel guesses cannot
 * slip under a threshold. A success clears its pair, never the address: knowing one password
 * buys no guesses at others.
 *
 * The state is in memory on purpose: per process, no disk write per attempt, and a restart
 * forgetting it is harmless. It is bounded ({@link SignInThrottleOptions.maxEntries}); when
 * full, closed windows are dropped first, then the oldest entries.
 */

/** How delays grow with failures: none up to `freeFailures`, then `firstDelayMs` doubling up to `maxDelayMs`. */
export interface DelayCurve {
  /** Failures in a window that cost nothing. */
  freeFailures: number;
  /** Delay of the first attempt past the free ones, in ms. */
  firstDelayMs: number;
  /** The longest delay, in ms (kept well under clients' 30 s request timeout). */
  maxDelayMs: number;
}

/** Options of {@link SignInThrottle}; every field has a default. */
export interface SignInThrottleOptions {
  /** Length of a window, from its first failure (default 15 minutes). */
  windowSeconds: number;
  /** Per (account, address) pair (default: 3 free, then 1 s doubling up to 10 s). */
  pair: DelayCurve;
  /**
   * Per client address (default: 20 free, then 250 ms doubling up to 5 s; refused for the
   * accounts it has been failing for after 100). Laxer than per pair because a site that signs
   * its visitors in from its server sends every visitor's attempts from one address.
   */
  address: DelayCurve & { refuseAfter: number };
  /** Most keys remembered at once (default 10 000). */
  maxEntries: number;
}

/** The defaults of {@link SignInThrottleOptions}. */
export const DEFAULT_SIGN_IN_THROTTLE: SignInThrottleOptions = {
  windowSeconds: 15 * 60,
  pair: { freeFailures: 3, firstDelayMs: 1000, maxDelayMs: 10_000 },
  address: { freeFailures: 20, firstDelayMs: 250, maxDelayMs: 5000, refuseAfter: 100 },
  maxEntries: 10_000,
};

/** Options as callers pass them: any subset, curves included. */
export type SignInThrottleSettings = Partial<Omit<SignInThrottleOptions, 'pair' | 'address'>> & {
  pair?: Partial<DelayCurve>;
  address?: Partial<SignInThrottleOptions['address']>;
};

/** Who is signing in: the resolved account key and the client address (both normalised by the caller). */
export interface ThrottleSubject {
  /** e.g. `user:<id>`, `login:<lower-cased login>` for unknown ones, `client:<id>`. */
  account: string;
  /** The client address, as {@link addressKey} gives it. */
  address: string;
}

/** What to do with an attempt. */
export type ThrottleDecision =
  | { action: 'allow'; delayMs: number; attempt: ThrottleAttempt }
  | { action: 'refuse'; retryAfterSeconds: number };

/** An attempt in progress; settle it exactly once with {@link SignInThrottle.succeeded} or {@link SignInThrottle.failed}. */
export interface ThrottleAttempt {
  readonly pairKey: string;
  readonly addressKey: string;
}

interface Counter {
  /** Failures recorded in the current window. */
  failures: number;
  /** Attempts begun but not yet settled: they count as failures until they succeed. */
  pending: number;
  /** ms since epoch when the window opened. */
  windowStart: number;
}

/**
 * The in-memory sign-in throttle. Every method takes `now` (ms since epoch) so callers decide
 * the clock; tests move a fake one instead of sleeping.
 *
 * @example
 * const throttle = new SignInThrottle();
 * const decision = throttle.begin({ account: `user:${user.id}`, address: addressKey(request.ip) }, now());
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
      pair: { ...DEFAULT_SIGN_IN_THROTTLE.pair, ...settings.pair },
      address: { ...DEFAULT_SIGN_IN_THROTTLE.address, ...settings.address },
    };
  }

  /**
   * Starts an attempt: refused only when the address is past its refusal threshold *and* has
   * itself been failing for this account (failures or attempts still running); otherwise
   * allowed after the longer of the pair's and the address's delays. The attempt counts
   * against both at once.
   */
  begin(subject: ThrottleSubject, now: number): ThrottleDecision {
    const pairKey = `pair:${subject.account}\u0000${subject.address}`;
    const addressKey = `address:${subject.address}`;
    const pair = this.current(pairKey, now);
    const address = this.current(addressKey, now);
    const pairCount = count(pair);
    const addressCount = count(address);
    if (address && addressCount >= this.options.address.refuseAfter && pairCount > 0) {
      const retryAfterMs = Math.max(1000, address.windowStart + this.windowMs - now);
      return { action: 'refuse', retryAfterSeconds: Math.ceil(retryAfterMs / 1000) };
    }
    const delayMs = Math.max(
      delayFor(this.options.pair, pairCount),
      delayFor(this.options.address, addressCount),
    );
    (pair ?? this.open(pairKey, now)).pending += 1;
    (address ?? this.open(addressKey, now)).pending += 1;
    return { action: 'allow', delayMs, attempt: { pairKey, addressKey } };
  }

  /** Settles an attempt that failed: it stays counted against the pair and the address. */
  failed(attempt: ThrottleAttempt, now: number): void {
    for (const key of [attempt.pairKey, attempt.addressKey]) {
      const counter = this.settle(key, now);
      if (counter) counter.failures += 1;
    }
  }

  /** Settles an attempt that succeeded: the pair is cleared; the address keeps its failures. */
  succeeded(attempt: ThrottleAttempt, now: number): void {
    const pair = this.settle(attempt.pairKey, now);
    if (pair) this.counters.delete(attempt.pairKey);
    const address = this.settle(attempt.addressKey, now);
    if (address && address.failures === 0 && address.pending === 0) this.counters.delete(attempt.addressKey);
  }

  /** How many keys are remembered (for tests). */
  get size(): number {
    return this.counters.size;
  }

  private get windowMs(): number {
    return this.options.windowSeconds * 1000;
  }

  /** The key's counter when its window is still open; a closed window is forgotten. */
  private current(key: string, now: number): Counter | undefined {
    const counter = this.counters.get(key);
    if (!counter) return undefined;
    if (now - counter.windowStart < this.windowMs) return counter;
    if (counter.pending === 0) {
      this.counters.delete(key);
      return undefined;
    }
    // Attempts still running keep the entry; the failures of the closed window are forgotten.
    counter.failures = 0;
    counter.windowStart = now;
    return counter;
  }

  private open(key: string, now: number): Counter {
    if (this.counters.size >= this.options.maxEntries) this.evict(now);
    const counter: Counter = { failures: 0, pending: 0, windowStart: now };
    this.counters.set(key, counter);
    return counter;
  }

  /** Takes the attempt off the pending count; the counter may have been evicted meanwhile. */
  private settle(key: string, now: number): Counter | undefined {
    const counter = this.counters.get(key);
    if (!counter) return undefined;
    counter.pending = Math.max(0, counter.pending - 1);
    // A window that closed while the attempt was running restarts with this outcome.
    if (now - counter.windowStart >= this.windowMs) {
      counter.failures = 0;
      counter.windowStart = now;
    }
    return counter;
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

/** The outcome of {@link underThrottle}: the check's value (`undefined` for a failure), or a refusal. */
export type ThrottledCheck<T> = { ok: true; value: T | undefined } | { ok: false; retryAfterSeconds: number };

/**
 * Runs one credential check under the throttle: refused when {@link SignInThrottle.begin}
 * refuses, else after its delay, settled as a failure unless `check` returns a value. The check
 * runs after the delay, so it sees the account as it is then. Every password check of the
 * platform goes through here (sign-in, the sign-in page, the current password of a password
 * change), so guessing costs the same wherever it is tried.
 *
 * @example
 * const checked = await underThrottle(throttle, { account: `user:${id}`, address }, clock, () => verify());
 * if (!checked.ok) return tooManyRequests(checked.retryAfterSeconds);
 */
export async function underThrottle<T>(
  throttle: SignInThrottle,
  subject: ThrottleSubject,
  clock: { now: () => number; sleep: (ms: number) => Promise<void> },
  check: () => Promise<T | undefined>,
): Promise<ThrottledCheck<T>> {
  const decision = throttle.begin(subject, clock.now());
  if (decision.action === 'refuse') return { ok: false, retryAfterSeconds: decision.retryAfterSeconds };
  let value: T | undefined;
  try {
    if (decision.delayMs > 0) await clock.sleep(decision.delayMs);
    value = await check();
  } finally {
    if (value === undefined) throttle.failed(decision.attempt, clock.now());
    else throttle.succeeded(decision.attempt, clock.now());
  }
  return { ok: true, value };
}

function count(counter: Counter | undefined): number {
  return counter ? counter.failures + counter.pending : 0;
}

/**
 * The delay before an attempt made after `failures` failures (running attempts included):
 * none while free, then doubling from the first delay up to the cap.
 *
 * @example
 * delayFor({ freeFailures: 3, firstDelayMs: 1000, maxDelayMs: 10_000 }, 5); // 4000
 */
export function delayFor(curve: DelayCurve, failures: number): number {
  if (failures < curve.freeFailures) return 0;
  const doublings = Math.min(failures - curve.freeFailures, 30);
  return Math.min(curve.maxDelayMs, curve.firstDelayMs * 2 ** doublings);
}

/**
 * The throttle key of a client address: IPv4-mapped IPv6 addresses count as their IPv4
 * address, and IPv6 addresses by their /64 prefix (one subscriber usually holds a whole /64,
 * so counting single addresses would hand an attacker 2^64 fresh counters).
 *
 * @example
 * addressKey('::ffff:10.0.0.1'); // '10.0.0.1'
 * addressKey('2001:db8:1:2:aaaa::1'); // '2001:db8:1:2::/64'
 */
export function addressKey(ip: string): string {
  const address = ip.trim().toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  const [head = '', tail = ''] = address.split('%')[0]!.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === '' ? [] : tail.split(':');
  const groups = address.includes('::')
    ? [
        ...headGroups,
        ...Array.from({ length: Math.max(0, 8 - headGroups.length - tailGroups.length) }, () => '0'),
        ...tailGroups,
      ]
    : headGroups;
  const prefix = groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, '') || '0');
  return `${prefix.join(':')}::/64`;
}
