import { describe, expect, it } from 'vitest';
import { addressKey, delayFor, SignInThrottle, type ThrottleDecision } from './throttle.js';

const settings = {
  windowSeconds: 60,
  pair: { freeFailures: 2, firstDelayMs: 100, maxDelayMs: 800 },
  address: { freeFailures: 5, firstDelayMs: 10, maxDelayMs: 50, refuseAfter: 8 },
};

function attempt(
  throttle: SignInThrottle,
  account: string,
  now: number,
  address = '10.0.0.1',
  outcome: 'fail' | 'succeed' = 'fail',
): ThrottleDecision {
  const decision = throttle.begin({ account, address }, now);
  if (decision.action === 'allow') {
    if (outcome === 'fail') throttle.failed(decision.attempt, now);
    else throttle.succeeded(decision.attempt, now);
  }
  return decision;
}

const delayOf = (decision: ThrottleDecision): number | 'refused' =>
  decision.action === 'allow' ? decision.delayMs : 'refused';

describe('sign-in throttle', () => {
  it('delays the attempts of a failing pair more and more, up to the cap, and never refuses them alone', () => {
    const throttle = new SignInThrottle({ ...settings, address: { ...settings.address, freeFailures: 100 } });
    const delays = [0, 1, 2, 3, 4, 5, 6].map((i) => delayOf(attempt(throttle, 'user:1', i)));
    expect(delays).toEqual([0, 0, 100, 200, 400, 800, 800]);
  });

  it('does not delay the same account from another address, nor another account from the same one', () => {
    const throttle = new SignInThrottle(settings);
    for (let i = 0; i < 4; i++) attempt(throttle, 'user:1', i, '10.0.0.66');
    expect(delayOf(attempt(throttle, 'user:1', 10, '10.0.0.2', 'succeed'))).toBe(0);
    expect(delayOf(attempt(throttle, 'user:2', 10, '10.0.0.66', 'succeed'))).toBe(0);
    expect(delayOf(attempt(throttle, 'user:1', 10, '10.0.0.66', 'succeed'))).toBe(400);
  });

  it('clears the pair on success but keeps the address failures', () => {
    const throttle = new SignInThrottle(settings);
    for (let i = 0; i < 4; i++) attempt(throttle, 'user:1', i);
    expect(delayOf(attempt(throttle, 'user:1', 5, '10.0.0.1', 'succeed'))).toBe(400);
    expect(delayOf(attempt(throttle, 'user:1', 6, '10.0.0.1', 'succeed'))).toBe(0);
    // The address still holds its four failures: two more reach its first delay.
    attempt(throttle, 'user:2', 7);
    expect(delayOf(attempt(throttle, 'user:3', 8))).toBe(10);
  });

  it('refuses an abusive address only for the accounts it has been failing for', () => {
    const throttle = new SignInThrottle(settings);
    for (let i = 0; i < 8; i++) attempt(throttle, `user:${i % 2}`, i * 1000);
    const refused = attempt(throttle, 'user:0', 9000);
    // The address's window opened at its first failure (t = 0) and lasts 60 s.
    expect(refused).toEqual({ action: 'refuse', retryAfterSeconds: 51 });
    expect(attempt(throttle, 'user:1', 9000).action).toBe('refuse');
    // An account this address has not been failing for is only delayed, by the address's cap.
    expect(delayOf(attempt(throttle, 'user:7', 9000, '10.0.0.1', 'succeed'))).toBe(50);
    // Another address is unaffected.
    expect(delayOf(attempt(throttle, 'user:0', 9000, '10.0.0.2', 'succeed'))).toBe(0);
    // Once the window closes, the address starts afresh.
    expect(attempt(throttle, 'user:0', 60_000)).toMatchObject({ action: 'allow' });
  });

  it('counts attempts still running, so parallel guesses are delayed and then refused', () => {
    const throttle = new SignInThrottle(settings);
    const running = Array.from({ length: 10 }, () => throttle.begin({ account: 'user:1', address: 'a' }, 0));
    expect(running.map(delayOf)).toEqual([0, 0, 100, 200, 400, 800, 800, 800, 'refused', 'refused']);
    for (const decision of running) if (decision.action === 'allow') throttle.failed(decision.attempt, 1);
    // A second account's first attempt from the same busy address still goes ahead.
    expect(throttle.begin({ account: 'user:2', address: 'a' }, 2).action).toBe('allow');
  });

  it('stays within its size bound, dropping closed windows first', () => {
    const throttle = new SignInThrottle({ ...settings, maxEntries: 10 });
    for (let i = 0; i < 50; i++) attempt(throttle, `user:${i}`, i * 10, `10.0.2.${i}`);
    expect(throttle.size).toBeLessThanOrEqual(10);
    // Entries whose window closed are dropped on the next insertion.
    attempt(throttle, 'late', 1_000_000, '10.0.3.1');
    expect(throttle.size).toBe(2);
  });
});

describe('delay curve', () => {
  it('is free, then doubles up to the cap, even after very many failures', () => {
    const curve = { freeFailures: 3, firstDelayMs: 1000, maxDelayMs: 10_000 };
    expect([0, 2, 3, 4, 5, 6, 7, 1e9].map((failures) => delayFor(curve, failures))).toEqual([
      0, 0, 1000, 2000, 4000, 8000, 10_000, 10_000,
    ]);
  });
});

describe('address keys', () => {
  it('counts IPv4-mapped addresses as IPv4 and IPv6 addresses by their /64', () => {
    expect(addressKey('127.0.0.1')).toBe('127.0.0.1');
    expect(addressKey('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(addressKey('2001:DB8:0001:0002:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});
