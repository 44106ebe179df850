import { describe, expect, it } from 'vitest';
import { OwnerMailLimit } from './owner-mail-limit.js';

describe('OwnerMailLimit', () => {
  it('lets a few mails to an address go in a window, then none until the first is a window old', () => {
    const limit = new OwnerMailLimit({ perAddress: 3, windowSeconds: 60 });
    const start = 1_000_000;
    expect([0, 1, 2, 3].map((i) => limit.allow('ann@example.org', start + i * 1000))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(limit.allow('ANN@Example.org', start + 59_000), 'the same address in other case').toBe(false);
    expect(limit.allow('bob@example.org', start + 5000), 'another address').toBe(true);
    expect(limit.allow('ann@example.org', start + 60_000), 'the first mail is a window old').toBe(true);
    expect(limit.allow('ann@example.org', start + 60_500)).toBe(false);
  });

  it('remembers a bounded number of addresses, forgetting the least recently mailed', () => {
    const limit = new OwnerMailLimit({ perAddress: 1, maxEntries: 2 });
    expect(limit.allow('a@example.org', 1)).toBe(true);
    expect(limit.allow('b@example.org', 2)).toBe(true);
    expect(limit.allow('c@example.org', 3)).toBe(true);
    // a was forgotten; b and c are still counted.
    expect(limit.allow('a@example.org', 4)).toBe(true);
    expect(limit.allow('c@example.org', 5)).toBe(false);
  });
});
