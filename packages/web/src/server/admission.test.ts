import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdmissionGate } from './admission.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('AdmissionGate', () => {
  it('admits up to the limit at once and refuses at once when the queue is full', async () => {
    const gate = new AdmissionGate({ maxConcurrentPages: 2, maxQueuedPages: 0 });
    const first = await gate.enter();
    const second = await gate.enter();
    expect(first).toBeTypeOf('function');
    expect(second).toBeTypeOf('function');
    expect(await gate.enter()).toBeNull();
    expect(gate.stats).toEqual({ active: 2, queued: 0, refused: 1 });
    first?.();
    expect(await gate.enter()).toBeTypeOf('function');
  });

  it('queues in order, hands a freed slot to the first waiter, and refuses a waiter after the wait limit', async () => {
    const gate = new AdmissionGate({ maxConcurrentPages: 1, maxQueuedPages: 2, maxQueueWaitMs: 500 });
    const holder = await gate.enter();
    const order: string[] = [];
    const a = gate.enter().then((release) => {
      order.push(release ? 'a admitted' : 'a refused');
      return release;
    });
    const b = gate.enter().then((release) => {
      order.push(release ? 'b admitted' : 'b refused');
      return release;
    });
    expect(await gate.enter()).toBeNull(); // queue full
    expect(gate.stats.queued).toBe(2);
    holder?.();
    const releaseA = await a;
    expect(order).toEqual(['a admitted']);
    await vi.advanceTimersByTimeAsync(499);
    expect(order).toEqual(['a admitted']);
    await vi.advanceTimersByTimeAsync(1);
    expect(await b).toBeNull();
    expect(order).toEqual(['a admitted', 'b refused']);
    expect(gate.stats).toEqual({ active: 1, queued: 0, refused: 2 });
    releaseA?.();
    expect(gate.stats.active).toBe(0);
  });

  it('ignores a second release of the same slot', async () => {
    const gate = new AdmissionGate({ maxConcurrentPages: 1, maxQueuedPages: 0 });
    const release = await gate.enter();
    release?.();
    release?.();
    expect(gate.stats.active).toBe(0);
    await gate.enter();
    expect(await gate.enter()).toBeNull();
  });

  it('rejects limits that make no sense', () => {
    expect(() => new AdmissionGate({ maxConcurrentPages: 0 })).toThrow(/at least 1/);
    expect(() => new AdmissionGate({ maxQueuedPages: -1 })).toThrow(/whole number/);
    expect(() => new AdmissionGate({ maxQueueWaitMs: 1.5 })).toThrow(/whole number/);
  });
});
