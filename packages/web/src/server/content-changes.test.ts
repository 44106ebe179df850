import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type ChangeStream,
  type ChangeStreamHooks,
  type ContentChangeWatcher,
  type ContentChangeWatcherOptions,
  describeError,
  watchContentChanges,
} from './content-changes.js';

/** A stream the test ends, fails or feeds by hand. */
class FakeStream implements ChangeStream {
  readonly closed: Promise<void>;
  closeCalls = 0;
  private settle!: { end: () => void; fail: (error: unknown) => void };

  constructor(readonly hooks: ChangeStreamHooks) {
    this.closed = new Promise<void>((end, fail) => {
      this.settle = { end, fail };
    });
    // The watcher may never look at a failure once it has stopped.
    this.closed.catch(() => undefined);
  }

  close(): void {
    this.closeCalls++;
    this.settle.end();
  }

  /** The platform ended the stream normally. */
  end(): void {
    this.settle.end();
  }

  /** The connection failed. */
  fail(error: unknown): void {
    this.settle.fail(error);
  }
}

/** A pending attempt to open a stream: the test accepts or refuses it. */
interface Attempt {
  hooks: ChangeStreamHooks;
  accept(): FakeStream;
  refuse(error: unknown): void;
}

/** The platform side: records every attempt, which stays pending until the test answers it. */
class FakePlatform {
  readonly attempts: Attempt[] = [];

  readonly open = (hooks: ChangeStreamHooks): Promise<ChangeStream> =>
    new Promise((resolve, reject) => {
      this.attempts.push({
        hooks,
        accept: () => {
          const stream = new FakeStream(hooks);
          resolve(stream);
          return stream;
        },
        refuse: reject,
      });
    });

  get last(): Attempt {
    const attempt = this.attempts.at(-1);
    if (!attempt) throw new Error('No attempt yet');
    return attempt;
  }
}

const refused = () => Object.assign(new Error('Network request failed'), { cause: { code: 'ECONNREFUSED' } });

let platform: FakePlatform;
let purges: number;
let lines: { level: 'info' | 'warn'; message: string }[];
let watcher: ContentChangeWatcher | null;

function start(overrides: Partial<ContentChangeWatcherOptions> = {}): ContentChangeWatcher {
  watcher = watchContentChanges({
    open: platform.open,
    onChange: () => {
      purges++;
    },
    log: {
      info: (message) => lines.push({ level: 'info', message }),
      warn: (message) => lines.push({ level: 'warn', message }),
    },
    // The upper end of every jitter range, so each delay is exactly its ceiling.
    random: () => 1,
    backoff: { initialDelayMs: 1000, maxDelayMs: 8000 },
    idleTimeoutMs: 45_000,
    stableAfterMs: 60_000,
    ...overrides,
  });
  return watcher;
}

/** Runs what is due after `ms` of fake time, promise callbacks included. */
const elapse = (ms: number) => vi.advanceTimersByTimeAsync(ms);
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  platform = new FakePlatform();
  purges = 0;
  lines = [];
  watcher = null;
});

afterEach(async () => {
  await watcher?.stop();
  vi.useRealTimers();
});

describe('watchContentChanges', () => {
  it('subscribes, purges once on opening and once per change, and logs the subscription once', async () => {
    const running = start();
    expect(running.state).toBe('connecting');
    await settle();
    expect(platform.attempts).toHaveLength(1);
    const stream = platform.last.accept();
    await settle();
    expect(running.state).toBe('subscribed');
    expect(purges).toBe(1);
    stream.hooks.onChange();
    stream.hooks.onChange();
    expect(purges).toBe(3);
    expect(lines).toEqual([{ level: 'info', message: expect.stringContaining('subscribed') }]);
  });

  it('retries a refused subscription with doubling, capped delays and one warning for the whole streak', async () => {
    const running = start();
    await settle();
    const delays: number[] = [];
    for (let failure = 0; failure < 6; failure++) {
      platform.last.refuse(refused());
      await settle();
      expect(running.state).toBe('reconnecting');
      // The delays are multiples of 500 ms: step through them to find when the next attempt comes.
      const before = platform.attempts.length;
      let waited = 0;
      while (platform.attempts.length === before) {
        await elapse(500);
        waited += 500;
      }
      delays.push(waited);
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 8000, 8000]);
    expect(lines).toEqual([
      {
        level: 'warn',
        message: expect.stringContaining(
          "cannot subscribe to the platform's event stream (Network request failed: ECONNREFUSED)",
        ),
      },
    ]);
    platform.last.accept();
    await settle();
    expect(running.state).toBe('subscribed');
    expect(purges).toBe(1);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toEqual({ level: 'warn', message: expect.stringContaining('6 failed attempts') });
  });

  it('does not try again before the delay has passed', async () => {
    start();
    await settle();
    platform.last.refuse(refused());
    await settle();
    await elapse(999);
    expect(platform.attempts).toHaveLength(1);
    await elapse(1);
    expect(platform.attempts).toHaveLength(2);
  });

  it('jitters each delay within the upper half of its ceiling', async () => {
    start({ random: () => 0 });
    await settle();
    platform.last.refuse(refused());
    await settle();
    await elapse(499);
    expect(platform.attempts).toHaveLength(1);
    await elapse(1);
    expect(platform.attempts).toHaveLength(2);
  });

  it('resubscribes after the platform ends a stream, logging the end and the return at info', async () => {
    const running = start();
    await settle();
    const first = platform.last.accept();
    await settle();
    first.end();
    await settle();
    expect(running.state).toBe('reconnecting');
    expect(lines.at(-1)).toEqual({
      level: 'info',
      message: expect.stringContaining('the platform closed it'),
    });
    await elapse(1000);
    expect(platform.attempts).toHaveLength(2);
    platform.last.accept();
    await settle();
    expect(running.state).toBe('subscribed');
    // Changes made while no stream was open were never announced: purge again.
    expect(purges).toBe(2);
    expect(lines.map((line) => line.level)).toEqual(['info', 'info', 'info']);
  });

  it('warns when a stream fails, and gives the all-clear at the same level', async () => {
    start();
    await settle();
    platform.last.accept().fail(new Error('terminated'));
    await settle();
    expect(lines.at(-1)).toEqual({ level: 'warn', message: expect.stringContaining('(terminated)') });
    await elapse(1000);
    platform.last.accept();
    await settle();
    expect(lines.map((line) => line.level)).toEqual(['info', 'warn', 'warn']);
    expect(lines.at(-1)?.message).toContain('again');
  });

  it('starts the backoff over after a stream that lasted, and continues it after one that did not', async () => {
    start();
    await settle();
    // Three refusals: the next delay would be 8 s.
    for (let i = 0; i < 3; i++) {
      platform.last.refuse(refused());
      await elapse(8000);
    }
    expect(platform.attempts).toHaveLength(4);
    const brief = platform.last.accept();
    await settle();
    brief.end();
    await settle();
    // A stream that ended at once is part of the streak: 8 s, not 1 s.
    await elapse(7999);
    expect(platform.attempts).toHaveLength(4);
    await elapse(1);
    expect(platform.attempts).toHaveLength(5);

    const lasting = platform.last.accept();
    await elapse(30_000);
    lasting.hooks.onActivity();
    await elapse(30_000);
    lasting.end();
    await settle();
    await elapse(1000);
    expect(platform.attempts).toHaveLength(6);
  });

  it('logs a normal end, then the first refusal once, then the return at warning level', async () => {
    start();
    await settle();
    const stream = platform.last.accept();
    await elapse(30_000);
    stream.hooks.onActivity();
    await elapse(30_000);
    stream.end();
    await settle();
    for (let i = 0; i < 4; i++) {
      await elapse(8000);
      platform.last.refuse(refused());
    }
    await elapse(8000);
    platform.last.accept();
    await settle();
    expect(lines.map((line) => line.level)).toEqual(['info', 'info', 'warn', 'warn']);
    expect(lines[2]?.message).toContain('cannot subscribe');
    expect(lines[3]?.message).toContain('4 failed attempts');
  });

  it('reopens a stream that falls silent, and keeps one that shows signs of life', async () => {
    const running = start();
    await settle();
    const stream = platform.last.accept();
    await settle();
    for (let beat = 0; beat < 10; beat++) {
      await elapse(15_000);
      stream.hooks.onActivity();
    }
    expect(stream.closeCalls).toBe(0);
    expect(running.state).toBe('subscribed');

    await elapse(44_999);
    expect(stream.closeCalls).toBe(0);
    await elapse(1);
    expect(stream.closeCalls).toBe(1);
    expect(running.state).toBe('reconnecting');
    expect(lines.at(-1)).toEqual({ level: 'warn', message: expect.stringContaining('not even a heartbeat') });
    await elapse(1000);
    expect(platform.attempts).toHaveLength(2);
  });

  it('counts an open that throws at once as a failed attempt', async () => {
    let calls = 0;
    const running = start({
      open: () => {
        calls++;
        throw new Error('bad configuration');
      },
    });
    await settle();
    expect(running.state).toBe('reconnecting');
    await elapse(1000);
    expect(calls).toBe(2);
    expect(lines).toEqual([{ level: 'warn', message: expect.stringContaining('bad configuration') }]);
  });

  it('keeps the stream when a purge throws', async () => {
    let fail = false;
    const running = start({
      onChange: () => {
        if (fail) throw new Error('purge broke');
      },
    });
    await settle();
    const stream = platform.last.accept();
    await settle();
    fail = true;
    stream.hooks.onChange();
    expect(running.state).toBe('subscribed');
    expect(stream.closeCalls).toBe(0);
    expect(lines.at(-1)).toEqual({ level: 'warn', message: expect.stringContaining('purge broke') });
  });

  describe('stop', () => {
    it('closes the open stream and leaves no timer behind', async () => {
      const running = start();
      await settle();
      const stream = platform.last.accept();
      await settle();
      expect(vi.getTimerCount()).toBe(1);
      await running.stop();
      expect(stream.closeCalls).toBe(1);
      expect(running.state).toBe('off');
      expect(vi.getTimerCount()).toBe(0);
      stream.hooks.onChange();
      expect(purges).toBe(1);
    });

    it('cancels a pending retry', async () => {
      const running = start();
      await settle();
      platform.last.refuse(refused());
      await settle();
      expect(vi.getTimerCount()).toBe(1);
      await running.stop();
      expect(vi.getTimerCount()).toBe(0);
      await elapse(120_000);
      expect(platform.attempts).toHaveLength(1);
    });

    it('aborts an attempt in flight, and closes a stream that opens after all', async () => {
      const running = start();
      await settle();
      const attempt = platform.last;
      await running.stop();
      expect(attempt.hooks.signal.aborted).toBe(true);
      expect(running.state).toBe('off');
      const late = attempt.accept();
      await settle();
      expect(late.closeCalls).toBe(1);
      expect(purges).toBe(0);
      expect(vi.getTimerCount()).toBe(0);
    });

    it('returns even when the open never settles, and may be called again', async () => {
      const running = start({ open: () => new Promise<ChangeStream>(() => undefined) });
      await settle();
      await running.stop();
      await running.stop();
      expect(running.state).toBe('off');
      expect(lines).toEqual([]);
    });
  });
});

describe('describeError', () => {
  it('adds the system error code behind a network failure', () => {
    const fetchFailed = new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }),
    });
    const requestError = Object.assign(new Error('Network request failed', { cause: fetchFailed }), {
      code: 'network',
    });
    expect(describeError(requestError)).toBe('Network request failed: ECONNREFUSED');
  });

  it('keeps plain messages as they are', () => {
    expect(describeError(new Error('401 Unauthorized (http://p/x)'))).toBe('401 Unauthorized (http://p/x)');
    expect(describeError('just text')).toBe('just text');
  });
});
