import { type BackoffPolicy, backoffDelay, DEFAULT_BACKOFF } from './reconnect-backoff.js';

/**
 * Whether the server hears about content changes: `subscribed` (edits show at once),
 * `connecting` (the first subscription is being opened), `reconnecting` (the stream ended or
 * failed; cached answers fall back to their TTL until it is back) or `off` (no credentials, or
 * stopped).
 */
export type ContentChangesState = 'off' | 'connecting' | 'subscribed' | 'reconnecting';

/** An open subscription to the platform's changes. */
export interface ChangeStream {
  /** Settles when the stream ends: resolves when it was closed or ended normally, rejects when it failed. */
  readonly closed: Promise<void>;
  /** Closes the stream; `closed` then settles. Safe to call more than once. */
  close(): void;
}

/**
 * Why the watcher purges: an event of the stream (its data, the platform's JSON summary of the
 * change), or a subscription that opened (`first` for the watcher's first one; a later one
 * follows a gap in which changes went unannounced).
 */
export type ContentChange = { kind: 'event'; data: string } | { kind: 'subscribed'; first: boolean };

/** What a {@link ChangeStream} reports to its watcher. */
export interface ChangeStreamHooks {
  /** Something that pages may show has changed; `data` is the event's data when there is one. */
  onChange(data?: string): void;
  /** Bytes arrived (an event or a heartbeat): the connection is alive. */
  onActivity(): void;
  /** Aborted when the watcher stops: requests in flight should end then. */
  signal: AbortSignal;
}

/**
 * Opens a subscription: resolves once the platform has accepted it, rejects when it cannot be
 * opened. The I/O lives behind this function, so the watcher's logic runs without a network.
 */
export type OpenChangeStream = (hooks: ChangeStreamHooks) => Promise<ChangeStream>;

/** Where the watcher reports its state changes (pino's `info` and `warn` fit). */
export interface ChangeLog {
  info(message: string): void;
  warn(message: string): void;
}

/** Options of {@link watchContentChanges}. */
export interface ContentChangeWatcherOptions {
  open: OpenChangeStream;
  /** Purges what may be stale: called for every change, and whenever a subscription opens. */
  onChange: (change: ContentChange) => void;
  log: ChangeLog;
  /** Spacing of reconnection attempts (default one second doubling up to a minute, jittered). */
  backoff?: Partial<BackoffPolicy>;
  /**
   * A stream that has received nothing, not even a heartbeat, for this long is taken for dead
   * and reopened (default 45 s: three of the platform's 15 s heartbeats); 0 never does.
   */
  idleTimeoutMs?: number;
  /** A stream open at least this long counts as healthy: the next reconnection starts the backoff over. */
  stableAfterMs?: number;
  /** Random numbers in [0, 1) for the jitter (tests). */
  random?: () => number;
  /** How an error appears in the log (default: its message and network error code). */
  describeError?: (error: unknown) => string;
}

/** A running subscription to content changes. */
export interface ContentChangeWatcher {
  readonly state: ContentChangesState;
  /**
   * Closes the stream and cancels any pending retry; resolves once nothing of the watcher is
   * left running (no timer, no open stream). Safe to call more than once.
   */
  stop(): Promise<void>;
}

/** Three missed heartbeats of the platform (it sends one every 15 s). */
export const DEFAULT_IDLE_TIMEOUT_MS = 45_000;

/** A stream that lasted a minute was healthy; its end is not part of a failure streak. */
export const DEFAULT_STABLE_AFTER_MS = 60_000;

/** How a stream ended, and how loudly to say so. */
interface StreamEnd {
  level: 'info' | 'warn';
  reason: string;
}

/** The time since the last subscription was lost, while the watcher tries to get one back. */
interface Outage {
  since: number;
  failedAttempts: number;
  /** `info` while only a normal end happened, `warn` once something failed. */
  level: 'info' | 'warn';
}

const PREFIX = 'Content changes:';

/**
 * Keeps a subscription to the platform's content changes open for as long as it runs: it calls
 * `onChange` for every change, and also each time a subscription opens, since changes made
 * while none was open were never announced. When the stream ends or fails, or falls silent for
 * longer than `idleTimeoutMs`, it opens a new one after a capped, jittered exponential backoff,
 * for ever, until {@link ContentChangeWatcher.stop}. It never throws.
 *
 * It logs one line per change of state, not per attempt: the first subscription (`info`), the
 * loss of one (`info` when the platform ended it normally, `warn` when it failed), the first
 * failure to get one back (`warn`) and the subscription that ends the outage, at the outage's
 * level, so whoever saw the warning also sees the all-clear.
 *
 * @example
 * const watcher = watchContentChanges({ open, onChange: () => cache.clear(), log: app.log });
 * watcher.state; // 'connecting', then 'subscribed'
 * await watcher.stop();
 */
export function watchContentChanges(options: ContentChangeWatcherOptions): ContentChangeWatcher {
  const { log } = options;
  const policy: BackoffPolicy = { ...DEFAULT_BACKOFF, ...options.backoff };
  const idleTimeoutMs = options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  const stableAfterMs = options.stableAfterMs ?? DEFAULT_STABLE_AFTER_MS;
  const random = options.random ?? Math.random;
  const describe = options.describeError ?? describeError;
  const stopController = new AbortController();
  const stopSignal = stopController.signal;
  const stopped = new Promise<'stopped'>((resolve) => {
    stopSignal.addEventListener('abort', () => resolve('stopped'), { once: true });
  });
  let state: ContentChangesState = 'connecting';
  let current: ChangeStream | null = null;
  let lastActivity = Date.now();

  const purge = (change: ContentChange): void => {
    if (stopSignal.aborted) return;
    try {
      options.onChange(change);
    } catch (error) {
      // A purge that fails must not take the subscription down with it.
      log.warn(`${PREFIX} purging the cache failed (${describe(error)})`);
    }
  };
  const hooks: ChangeStreamHooks = {
    onChange: (data) => purge({ kind: 'event', data: data ?? '' }),
    onActivity: () => {
      lastActivity = Date.now();
    },
    signal: stopSignal,
  };

  /** Opens a stream; `null` when the watcher stopped first (a stream opened late is closed). */
  const openStream = async (): Promise<ChangeStream | null> => {
    // A synchronous throw of `open` is a failed attempt like any other.
    const opening = new Promise<ChangeStream>((resolve) => resolve(options.open(hooks)));
    const first = await Promise.race([opening, stopped]);
    if (first !== 'stopped' && !stopSignal.aborted) return first;
    opening.then(
      (late) => late.close(),
      () => undefined,
    );
    return null;
  };

  /** Waits for the stream to end, closing it when it falls silent; says how it ended. */
  const watch = async (stream: ChangeStream): Promise<StreamEnd | null> => {
    let silent = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    lastActivity = Date.now();
    const check = () => {
      const idle = Date.now() - lastActivity;
      if (idle >= idleTimeoutMs) {
        silent = true;
        stream.close();
        return;
      }
      // Re-armed lazily rather than reset on every chunk: one timer per idle period.
      timer = setTimeout(check, idleTimeoutMs - idle);
      timer.unref?.();
    };
    if (idleTimeoutMs > 0 && Number.isFinite(idleTimeoutMs)) {
      timer = setTimeout(check, idleTimeoutMs);
      timer.unref?.();
    }
    try {
      const ended = await Promise.race([stream.closed.then(() => 'ended' as const), stopped]);
      if (ended === 'stopped') return null;
      if (silent) {
        const seconds = Math.round(idleTimeoutMs / 1000);
        return { level: 'warn', reason: `nothing received for ${seconds} s, not even a heartbeat` };
      }
      return { level: 'info', reason: 'the platform closed it' };
    } catch (error) {
      return { level: 'warn', reason: describe(error) };
    } finally {
      clearTimeout(timer);
    }
  };

  /** Resolves after `ms`, or at once when the watcher stops. */
  const pause = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      if (stopSignal.aborted) {
        resolve();
        return;
      }
      const wake = () => {
        clearTimeout(timer);
        stopSignal.removeEventListener('abort', wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      stopSignal.addEventListener('abort', wake, { once: true });
    });

  const subscribed = (outage: Outage | null): void => {
    state = 'subscribed';
    if (!outage) {
      log.info(
        `${PREFIX} subscribed to the platform's event stream; the delivery cache is purged on every change`,
      );
      return;
    }
    // Tenths: most outages are a platform restart, well under a second.
    const seconds = Math.round((Date.now() - outage.since) / 100) / 10;
    const attempts =
      outage.failedAttempts > 0
        ? `, ${outage.failedAttempts} failed attempt${outage.failedAttempts === 1 ? '' : 's'}`
        : '';
    log[outage.level](
      `${PREFIX} subscribed to the platform's event stream again (after ${seconds} s${attempts}); the delivery cache was purged`,
    );
  };

  const openFailed = (outage: Outage | null, error: unknown): Outage => {
    state = 'reconnecting';
    const reason = describe(error);
    if (!outage) {
      log.warn(
        `${PREFIX} cannot subscribe to the platform's event stream (${reason}); retrying with backoff, cached answers expire by their TTL meanwhile`,
      );
      return { since: Date.now(), failedAttempts: 1, level: 'warn' };
    }
    // After a normal end the first failure is news; later ones are the same outage.
    if (outage.level === 'info') {
      log.warn(
        `${PREFIX} cannot subscribe to the platform's event stream again (${reason}); retrying with backoff`,
      );
    }
    return { ...outage, failedAttempts: outage.failedAttempts + 1, level: 'warn' };
  };

  const lost = (end: StreamEnd): Outage => {
    state = 'reconnecting';
    log[end.level](`${PREFIX} lost the platform's event stream (${end.reason}); subscribing again`);
    return { since: Date.now(), failedAttempts: 0, level: end.level };
  };

  const run = async (): Promise<void> => {
    let attempt = 0;
    let outage: Outage | null = null;
    let first = true;
    while (!stopSignal.aborted) {
      let stream: ChangeStream | null;
      try {
        stream = await openStream();
      } catch (error) {
        if (stopSignal.aborted) break;
        outage = openFailed(outage, error);
        await pause(backoffDelay(attempt++, policy, random));
        continue;
      }
      if (!stream) break;
      current = stream;
      subscribed(outage);
      outage = null;
      purge({ kind: 'subscribed', first });
      first = false;
      const openedAt = Date.now();
      const end = await watch(stream);
      current = null;
      if (!end || stopSignal.aborted) break;
      if (Date.now() - openedAt >= stableAfterMs) attempt = 0;
      outage = lost(end);
      await pause(backoffDelay(attempt++, policy, random));
    }
  };

  const done = run()
    .catch((error: unknown) => {
      // Unreachable by design; if it happens, the server keeps serving on the TTL alone.
      log.warn(`${PREFIX} stopped after an unexpected error (${describe(error)})`);
    })
    .finally(() => {
      state = 'off';
    });

  return {
    get state() {
      return state;
    },
    stop() {
      if (!stopSignal.aborted) {
        state = 'off';
        stopController.abort();
        current?.close();
      }
      return done;
    },
  };
}

/**
 * An error as one short phrase for the log: its message, and the code of the network failure
 * behind it when there is one (`Network request failed: ECONNREFUSED`).
 */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  let code: string | null = null;
  let cause: unknown = error;
  for (let depth = 0; depth < 4 && cause && typeof cause === 'object'; depth++) {
    const candidate = (cause as { code?: unknown }).code;
    // System codes (ECONNREFUSED, UND_ERR_SOCKET), not the client's own lowercase ones.
    if (typeof candidate === 'string' && /^[A-Z][A-Z0-9_]+$/.test(candidate)) code = candidate;
    cause = (cause as { cause?: unknown }).cause;
  }
  return code && !error.message.includes(code) ? `${error.message}: ${code}` : error.message;
}
