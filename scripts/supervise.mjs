// Child processes of the local orchestrator (`npm start`), kept running: a supervised child
// that dies is started again after a growing pause instead of taking the stack down with it.
import { spawn } from 'node:child_process';

/** Pauses before restarts: 0.5 s, doubling to 30 s; a child that ran a minute starts over at 0.5 s. */
export const DEFAULT_BACKOFF = { initialMs: 500, maxMs: 30_000, resetAfterMs: 60_000 };

/**
 * The pause before restart number `attempt` (0 for the first): `initialMs` doubled per
 * earlier attempt, at most `maxMs`.
 *
 * @param {number} attempt
 * @param {{ initialMs: number, maxMs: number }} backoff
 * @returns {number}
 * @example
 * restartDelay(3, DEFAULT_BACKOFF); // 4000
 */
export function restartDelay(attempt, backoff) {
  return Math.min(backoff.maxMs, backoff.initialMs * 2 ** attempt);
}

/**
 * @typedef {object} SupervisedChild
 * @property {import('node:child_process').ChildProcess} child The running (or last) process.
 * @property {number} restarts How many times it has been started again.
 * @property {(signal?: NodeJS.Signals) => Promise<void>} stop Stops it for good (no restart).
 */

/**
 * Runs `node <args>` and watches it. With `restart`, an exit nobody asked for (crash, kill,
 * any exit code) starts it again after {@link restartDelay}; without, `onExit` hears of it
 * (the orchestrator then shuts down, as for the site).
 *
 * @param {object} options
 * @param {string} options.name Shown in messages, e.g. 'The platform'.
 * @param {string[]} options.args Arguments to node (script first).
 * @param {string} options.cwd
 * @param {NodeJS.ProcessEnv} options.env
 * @param {import('node:child_process').StdioOptions} [options.stdio]
 * @param {boolean} [options.restart]
 * @param {typeof DEFAULT_BACKOFF} [options.backoff]
 * @param {(code: number | null, signal: NodeJS.Signals | null) => void} [options.onExit]
 * @param {(child: import('node:child_process').ChildProcess) => void} [options.onStart]
 * @param {(message: string) => void} [options.log]
 * @returns {SupervisedChild}
 * @example
 * const platform = superviseChild({ name: 'The platform', args: [cli, 'serve'], cwd, env, restart: true });
 * await platform.stop();
 */
export function superviseChild(options) {
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const log = options.log ?? ((message) => console.error(message));
  let stopped = false;
  let attempt = 0;
  let restarts = 0;
  /** @type {NodeJS.Timeout | undefined} */
  let pending;
  /** @type {import('node:child_process').ChildProcess} */
  let child;

  const start = () => {
    const startedAt = Date.now();
    child = spawn(process.execPath, options.args, {
      cwd: options.cwd,
      env: options.env,
      stdio: options.stdio ?? ['ignore', 'inherit', 'inherit'],
    });
    options.onStart?.(child);
    child.on('exit', (code, signal) => {
      if (stopped) return;
      const reason = signal ?? `exit code ${code}`;
      if (!options.restart) {
        options.onExit?.(code, signal);
        return;
      }
      if (Date.now() - startedAt >= backoff.resetAfterMs) attempt = 0;
      const delay = restartDelay(attempt++, backoff);
      log(`${options.name} stopped (${reason}); starting it again in ${(delay / 1000).toFixed(1)} s.`);
      pending = setTimeout(() => {
        pending = undefined;
        if (stopped) return;
        restarts++;
        start();
      }, delay);
    });
  };
  start();

  return {
    get child() {
      return child;
    },
    get restarts() {
      return restarts;
    },
    stop(signal = 'SIGTERM') {
      stopped = true;
      if (pending) clearTimeout(pending);
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
      return new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill(signal);
      });
    },
  };
}
