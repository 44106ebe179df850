// `canopy-web start --workers N`: the primary process of a node:cluster site. It forks N
// workers that each run the whole site server on the one shared port (the operating system
// spreads connections over them), replaces a worker that dies, and stops them all on SIGINT
// or SIGTERM. The workers share nothing but configuration: sessions are sealed cookies, caches
// are per process, and each worker hears the platform's event stream itself.
import cluster, { type Worker } from 'node:cluster';
import { randomBytes } from 'node:crypto';

/** What the primary needs to know and say. */
export interface PrimaryOptions {
  workers: number;
  /** Prints the banner once every worker listens (`url` is the shared address). */
  onListening(url: string): void;
  log?: Pick<Console, 'log' | 'error' | 'warn'>;
}

/** Environment variable that tells a worker its number (1…N). */
export const WORKER_ID_ENV = 'CANOPY_WORKER_ID';

/** The message a worker sends its primary once it listens. */
export const LISTENING_MESSAGE = 'canopy:listening';

function isListeningMessage(message: unknown): message is { type: string; url: string } {
  const candidate = message as { type?: unknown; url?: unknown } | null;
  return candidate?.type === LISTENING_MESSAGE && typeof candidate.url === 'string';
}

/** Pause before replacing a worker that died: 0.5 s, doubling to 30 s while they keep dying. */
export function restartDelayMs(recentFailures: number): number {
  return Math.min(30_000, 500 * 2 ** Math.max(0, recentFailures - 1));
}

/** A failure streak ends once a worker has run this long. */
const STABLE_AFTER_MS = 60_000;
/** How long stopping workers may take before they are killed. */
const STOP_TIMEOUT_MS = 10_000;

/**
 * Runs the primary until it is told to stop; resolves with the exit code. A worker that exits
 * before the site first listens means the configuration is wrong (port taken, no build): the
 * primary then stops everything and fails rather than restarting for ever.
 */
export function runPrimary(options: PrimaryOptions): Promise<number> {
  const log = options.log ?? console;
  const env: Record<string, string> = {};
  // Every worker must open every other worker's session cookies: without a configured secret,
  // one is made here for all of them (sessions then end when the primary stops).
  if (!process.env.CANOPY_SESSION_SECRET?.trim()) {
    env.CANOPY_SESSION_SECRET = randomBytes(32).toString('base64url');
    log.warn(
      'No session secret configured (CANOPY_SESSION_SECRET): the workers share one made for this start; sign-ins end when it stops',
    );
  }
  return new Promise((resolve) => {
    let stopping = false;
    let started = false;
    let listening = 0;
    let failures = 0;
    let lastFailure = 0;
    const workers = new Map<number, Worker>();
    const timers = new Set<NodeJS.Timeout>();

    const fork = (id: number) => {
      const worker = cluster.fork({ ...env, [WORKER_ID_ENV]: String(id) });
      const forkedAt = Date.now();
      workers.set(id, worker);
      // Sent by the worker once its server listens (see LISTENING_MESSAGE).
      worker.on('message', (message: unknown) => {
        if (!isListeningMessage(message) || started) return;
        listening++;
        if (listening === options.workers) {
          started = true;
          options.onListening(message.url);
        }
      });
      worker.once('exit', (exitCode, signal) => {
        workers.delete(id);
        if (stopping) {
          if (workers.size === 0) finish(stopCode);
          return;
        }
        const how = signal ? `signal ${signal}` : `exit code ${exitCode}`;
        if (!started) {
          log.error(`Worker ${id} stopped (${how}) before the site was listening; stopping.`);
          stop(1);
          return;
        }
        // A clean exit is an operator stopping that worker on purpose.
        if (exitCode === 0 && !signal) {
          log.warn(`Worker ${id} stopped (${how}); ${workers.size} left.`);
          if (workers.size === 0) finish(0);
          return;
        }
        const now = Date.now();
        failures = now - lastFailure > STABLE_AFTER_MS && now - forkedAt > STABLE_AFTER_MS ? 1 : failures + 1;
        lastFailure = now;
        const delay = restartDelayMs(failures);
        log.error(`Worker ${id} died (${how}); starting it again in ${delay / 1000} s.`);
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (!stopping) fork(id);
        }, delay);
        timers.add(timer);
      });
    };

    let stopCode = 0;
    const finish = (exitCode: number) => {
      for (const timer of timers) clearTimeout(timer);
      resolve(exitCode);
    };
    const stop = (exitCode: number) => {
      if (stopping) return;
      stopping = true;
      stopCode = exitCode;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      if (workers.size === 0) {
        finish(stopCode);
        return;
      }
      for (const worker of workers.values()) worker.process.kill('SIGTERM');
      const force = setTimeout(() => {
        for (const worker of workers.values()) worker.process.kill('SIGKILL');
      }, STOP_TIMEOUT_MS);
      force.unref();
      // Resolves through the last worker's 'exit' (see fork).
    };
    process.once('SIGINT', () => stop(0));
    process.once('SIGTERM', () => stop(0));
    for (let id = 1; id <= options.workers; id++) fork(id);
  });
}
