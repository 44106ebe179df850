import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSuggestionRequests } from './requests.js';

/** A load whose answers the test settles by hand, recording each call and its signal. */
function manualLoad() {
  const calls: {
    term: string;
    signal: AbortSignal;
    resolve(value: string): void;
    reject(error: unknown): void;
  }[] = [];
  const load = (term: string, signal: AbortSignal) =>
    new Promise<string>((resolve, reject) => {
      calls.push({ term, signal, resolve, reject });
    });
  return { calls, load };
}

describe('createSuggestionRequests', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('loads only the last of quick keystrokes, after the wait', async () => {
    const { calls, load } = manualLoad();
    const answers: string[] = [];
    const requests = createSuggestionRequests({
      load,
      delayMs: 100,
      onAnswer: (term, answer) => answers.push(`${term}:${answer}`),
      onError: () => answers.push('error'),
    });
    requests.request('ma');
    requests.request('mar');
    requests.request('mari');
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(100);
    expect(calls.map((call) => call.term)).toEqual(['mari']);
    calls[0]?.resolve('three');
    await vi.runAllTimersAsync();
    expect(answers).toEqual(['mari:three']);
  });

  it('aborts the request on the wire when the next keystroke comes, and drops its answer', async () => {
    const { calls, load } = manualLoad();
    const answers: string[] = [];
    const requests = createSuggestionRequests({
      load,
      delayMs: 50,
      onAnswer: (term, answer) => answers.push(`${term}:${answer}`),
      onError: (term) => answers.push(`${term}:error`),
    });
    requests.request('ma');
    await vi.advanceTimersByTimeAsync(50);
    const first = calls[0];
    requests.request('mar');
    expect(first?.signal.aborted).toBe(true);
    // The aborted request settles late, either way: neither reaches the box.
    first?.resolve('old');
    first?.reject(new Error('aborted'));
    await vi.advanceTimersByTimeAsync(50);
    calls[1]?.resolve('new');
    await vi.runAllTimersAsync();
    expect(answers).toEqual(['mar:new']);
  });

  it('reports a failure of the latest request, including one thrown at once', async () => {
    const errors: unknown[] = [];
    const requests = createSuggestionRequests<string>({
      load: () => {
        throw new Error('no client');
      },
      delayMs: 10,
      onAnswer: () => undefined,
      onError: (term, error) => errors.push([term, (error as Error).message]),
    });
    requests.request('mar');
    await vi.runAllTimersAsync();
    expect(errors).toEqual([['mar', 'no client']]);
  });

  it('cancels the wait and the running request', async () => {
    const { calls, load } = manualLoad();
    const answers: string[] = [];
    const requests = createSuggestionRequests({
      load,
      delayMs: 10,
      onAnswer: (t) => answers.push(t),
      onError: () => undefined,
    });
    requests.request('ma');
    requests.cancel();
    await vi.runAllTimersAsync();
    expect(calls).toEqual([]);
    requests.request('mar');
    await vi.advanceTimersByTimeAsync(10);
    requests.cancel();
    expect(calls[0]?.signal.aborted).toBe(true);
    calls[0]?.resolve('late');
    await vi.runAllTimersAsync();
    expect(answers).toEqual([]);
  });
});
