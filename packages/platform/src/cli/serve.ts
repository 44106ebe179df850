import { openDatabase } from '../db/open.js';
import { DEFAULT_SEARCH_BUDGET_MS, DEFAULT_SEARCH_WORKERS } from '../delivery/search-pool.js';
import { DEFAULT_REQUEST_TIMEOUT_MS, requestTimeoutFromEnv } from '../http/request-timeouts.js';
import { createPlatformServer } from '../http/server.js';
import { describeCredentials, platformCredentials } from './credentials.js';
import { databaseFile, prepareDataDir, seedingInterrupted, whileSeeding } from './data-dir.js';
import {
  demoSeedContent,
  ensureDemoTokens,
  isEmptyDatabase,
  missingDemoContentTypes,
  seedDemo,
} from './demo.js';
import { type CliIo, processShutdownSignal } from './io.js';

/** Options of {@link serve}. */
export interface ServeOptions {
  dataDir: string;
  port: number;
  host: string;
  verbose: boolean;
  /** Leave out the banner (a launcher such as `npm start` prints the addresses itself). */
  quiet?: boolean;
}

/**
 * Opens (and on first start seeds) the data directory, starts the platform, prints the
 * banner, and runs until the shutdown signal; then closes the server and the database.
 * Returns the exit code.
 */
export async function serve(options: ServeOptions, io: CliIo): Promise<number> {
  prepareDataDir(options.dataDir);
  const db = openDatabase(databaseFile(options.dataDir));
  const signals = io.shutdownSignal ? undefined : processShutdownSignal();
  try {
    const interrupted = seedingInterrupted(options.dataDir);
    if (interrupted || isEmptyDatabase(db)) {
      io.stderr.write(
        interrupted
          ? 'The last seed was interrupted: seeding the demo content again…\n'
          : 'First start: seeding the demo content…\n',
      );
      const content = await demoSeedContent(io.env);
      const result = whileSeeding(options.dataDir, () => seedDemo(db, options.dataDir, io.env, content));
      io.stderr.write(`Seeded ${result.entries} entries in ${(result.milliseconds / 1000).toFixed(1)} s\n`);
    }
    ensureDemoTokens(db, io.env);
    const missing = missingDemoContentTypes(db);
    if (missing.length > 0) {
      // Kept as it is (it may hold edits); the demo site reads these types and gets 404s.
      io.stderr.write(
        `The demo content in ${options.dataDir} was seeded by an older version: it lacks the content ` +
          `type${missing.length > 1 ? 's' : ''} ${missing.join(', ')}. ` +
          'Run `canopy-platform seed` to replace it with the current demo content.\n',
      );
    }
    const server = createPlatformServer({
      db,
      dataDir: options.dataDir,
      // Warnings and errors always; one line per request only when asked.
      logger: { level: options.verbose ? 'info' : 'warn' },
      ...trustedProxies(io.env.CANOPY_TRUST_PROXY),
      ...signInOrigins(io.env.CANOPY_SIGN_IN_ORIGINS),
      requestTimeoutMs: requestTimeoutFromEnv(io.env.CANOPY_REQUEST_TIMEOUT_MS) ?? DEFAULT_REQUEST_TIMEOUT_MS,
      searchWorkers: wholeNumber(io.env.CANOPY_SEARCH_WORKERS, 0, 16) ?? DEFAULT_SEARCH_WORKERS,
      searchBudgetMs: wholeNumber(io.env.CANOPY_SEARCH_BUDGET_MS, 1, 600_000) ?? DEFAULT_SEARCH_BUDGET_MS,
    });
    try {
      await server.listen({ port: options.port, host: options.host });
    } catch (error) {
      io.stderr.write(`Could not listen on ${options.host}:${options.port}: ${(error as Error).message}\n`);
      await server.close();
      return 1;
    }
    const address = server.server.address();
    const port = typeof address === 'object' && address !== null ? address.port : options.port;
    if (!options.quiet) {
      const credentials = platformCredentials(io.env, options.dataDir, options.host, port);
      io.stdout.write(
        `Canopy local content platform is running\n${describeCredentials(credentials)}Press Ctrl+C to stop.\n`,
      );
    }
    await (io.shutdownSignal ?? signals!.promise);
    io.stderr.write('Shutting down…\n');
    await server.close();
    return 0;
  } finally {
    signals?.dispose();
    db.close();
  }
}

/**
 * `CANOPY_TRUST_PROXY`: the proxies whose `X-Forwarded-For` names the client (comma-separated
 * addresses or CIDR ranges, e.g. the site server's address); unset or empty trusts none.
 *
 * @example
 * trustedProxies('127.0.0.1, 10.0.0.0/8'); // { trustProxy: ['127.0.0.1', '10.0.0.0/8'] }
 */
export function trustedProxies(value: string | undefined): { trustProxy?: string[] } {
  const list = (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  return list.length > 0 ? { trustProxy: list } : {};
}

/**
 * `CANOPY_SIGN_IN_ORIGINS`: the site origins the federated sign-in page may send visitors back
 * to (comma-separated, e.g. `https://www.example.org`); unset or empty allows sites on this
 * machine only.
 *
 * @example
 * signInOrigins('https://www.example.org, https://preview.example.org');
 */
export function signInOrigins(value: string | undefined): { signInRedirectOrigins?: string[] } {
  const list = (value ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  return list.length > 0 ? { signInRedirectOrigins: list } : {};
}

/**
 * `CANOPY_SEARCH_WORKERS` (0 = searches in the server's thread) and `CANOPY_SEARCH_BUDGET_MS`:
 * a whole number within the bounds, else undefined (the default applies).
 */
function wholeNumber(value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined || !/^\d{1,7}$/.test(value.trim())) return undefined;
  const number = Number(value.trim());
  return number >= min && number <= max ? number : undefined;
}
