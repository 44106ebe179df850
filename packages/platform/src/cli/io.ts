import type { PlatformEnv } from '../config.js';

/** Where a CLI run reads its environment and writes its output; tests pass their own. */
export interface CliIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  env: PlatformEnv;
  /**
   * Resolves when `serve` should shut down. The default waits for SIGINT or SIGTERM; tests
   * pass a promise they resolve themselves.
   */
  shutdownSignal?: Promise<unknown>;
}

/** The process's own streams and environment; `serve` stops on SIGINT or SIGTERM. */
export function processIo(): CliIo {
  return { stdout: process.stdout, stderr: process.stderr, env: process.env };
}

/** A promise that resolves on the first SIGINT or SIGTERM, and a way to stop listening. */
export function processShutdownSignal(): { promise: Promise<string>; dispose(): void } {
  let dispose = () => {};
  const promise = new Promise<string>((resolve) => {
    const onSignal = (signal: string) => {
      dispose();
      resolve(signal);
    };
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
    dispose = () => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    };
  });
  return { promise, dispose };
}
