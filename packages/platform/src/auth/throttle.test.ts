import { describe, expect, it } from 'vitest';
import { SignInThrottle, type ThrottleDecision, type ThrottleKey } from './throttle.js';

const keys = (login: string, address = '10.0.0.1'): ThrottleKey[] => [
  { kind: 'account', value: login },
  { kind: 'address', value: address },
];

function fail(throttle: SignInThrottle, login: string, now: number, address?: string): ThrottleDecision {
  const decision = throttle.begin(keys(login, address), now);
  if (decision.action === 'allow') throttle.failed(decision.attempt, now);
  return decision;
}

describe('sign-in throttle', () => {
  const settings = {
    windowSeconds: 60,
    delayMs: 500,
    account: { slowAfter: 2, limit: 4 },
    address: { slowAfter: 5, limit: 8 },
  };

  it('allows, then slows down, then refuses an account until its window closes', () => {
    const throttle = new SignInThrottle(settings);
    const start = 1_000_000;
    const decisions = [0, 1, 2, 3, 4].map((i) => fail(throttle, 'editor', start + i * 1000));
    expect(decisions.map((decision) => decision.action)).toEqual([
      'allow',
      'allow',
      'allow',
      'allow',
      'refuse',
    ]);
    expect(
      decisions.slice(0, 4).map((decision) => (decision.action === 'allow' ? decision.delayMs : -1)),
    ).toEqual([0, 0, 500, 500]);
    // The window opened at the first failure: 60 s later it has closed.
    expect(decisions[4]).toEqual({ action: 'refuse', retryAfterSeconds: 56 });
    expect(fail(throttle, 'editor', start + 59_999).action).toBe('refuse');
    expect(fail(throttle, 'editor', start + 60_000)).toMatchObject({ action: 'allow', delayMs: 0 });
  });

  it('clears the account on success but not the address', () => {
    const throttle = new SignInThrottle(settings);
    for (let i = 0; i < 3; i++) fail(throttle, 'editor', i);
    const attempt = throttle.begin(keys('editor'), 10);
    expect(attempt).toMatchObject({ action: 'allow', delayMs: 500 });
    if (attempt.action === 'allow') throttle.succeeded(attempt.attempt, 10);
    expect(throttle.begin(keys('editor'), 11)).toMatchObject({ action: 'allow', delayMs: 0 });
    // The address keeps its three failures (and the attempt still running): five more reach its limit.
    for (const login of ['a', 'b', 'c', 'd', 'e']) fail(throttle, login, 20);
    expect(throttle.begin(keys('f'), 30).action).toBe('refuse');
    expect(throttle.begin(keys('f', '10.0.0.2'), 30).action).toBe('allow');
  });

  it('counts attempts still running, so parallel guesses cannot pass the limit', () => {
    const throttle = new SignInThrottle(settings);
    const running = [0, 1, 2, 3, 4, 5].map(() => throttle.begin(keys('editor'), 0));
    expect(running.map((decision) => decision.action)).toEqual([
      'allow',
      'allow',
      'allow',
      'allow',
      'refuse',
      'refuse',
    ]);
  });

  it('keys are independent and normalised by the caller', () => {
    const throttle = new SignInThrottle(settings);
    for (let i = 0; i < 4; i++) fail(throttle, 'editor', 0, `10.0.1.${i}`);
    expect(throttle.begin(keys('editor', '10.9.9.9'), 1).action).toBe('refuse');
    expect(throttle.begin(keys('member', '10.9.9.9'), 1).action).toBe('allow');
  });

  it('stays within its size bound, dropping closed windows first', () => {
    const throttle = new SignInThrottle({ ...settings, maxEntries: 10 });
    for (let i = 0; i < 50; i++) fail(throttle, `user${i}`, i * 10, `10.0.2.${i}`);
    expect(throttle.size).toBeLessThanOrEqual(10);
    // Entries whose window closed are dropped on the next insertion.
    fail(throttle, 'late', 1_000_000, '10.0.3.1');
    expect(throttle.size).toBe(2);
  });
});
