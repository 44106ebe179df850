import { existsSync, statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DEFAULT_HOST, DEFAULT_PORT } from '../config.js';
import { openDatabase } from '../db/open.js';
import { readOutbox } from '../mail/outbox.js';
import { loadGeneratedContent } from '../seed/generated-load.js';
import { describeCredentials, platformCredentials } from './credentials.js';
import {
  databaseFile,
  prepareDataDir,
  resetDataDir,
  resolveDataDir,
  whileSeeding,
  whileSeedingAsync,
} from './data-dir.js';
import { demoSeedContent, demoTokenSeeds, seedDemo } from './demo.js';
import type { CliIo } from './io.js';
import { progressLine } from './progress.js';
import { serve } from './serve.js';
import { parsePort, USAGE, UsageError } from './usage.js';

/**
 * Runs `canopy-platform` with the given arguments (without `node` and the script) and returns
 * the exit code: 0 on success, 1 on failure, 2 on bad arguments (with the usage printed).
 *
 * @example
 * const code = await runCli(['credentials', '--json'], processIo());
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'serve':
        return await serveCommand(rest, io);
      case 'seed':
        return await seedCommand(rest, io);
      case 'reset':
        return resetCommand(rest, io);
      case 'credentials':
        return credentialsCommand(rest, io);
      case 'outbox':
        return outboxCommand(rest, io);
      case undefined:
      case 'help':
      case '-h':
      case '--help':
        io.stdout.write(USAGE);
        return command === undefined ? 2 : 0;
      default:
        throw new UsageError(`Unknown command "${command}"`);
    }
  } catch (error) {
    if (error instanceof UsageError || isParseArgsError(error)) {
      io.stderr.write(`canopy-platform: ${(error as Error).message}\n\n${USAGE}`);
      return 2;
    }
    io.stderr.write(`canopy-platform: ${(error as Error).message ?? String(error)}\n`);
    return 1;
  }
}

function isParseArgsError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS');
}

const common = {
  data: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

async function serveCommand(args: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({
    args: [...args],
    options: {
      ...common,
      port: { type: 'string' },
      host: { type: 'string' },
      verbose: { type: 'boolean' },
      quiet: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) return help(io);
  return serve(
    {
      dataDir: resolveDataDir(values.data, io.env),
      port: parsePort(values.port, DEFAULT_PORT),
      host: values.host?.trim() || DEFAULT_HOST,
      verbose: values.verbose ?? false,
      quiet: values.quiet ?? false,
    },
    io,
  );
}

async function seedCommand(args: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({
    args: [...args],
    options: { ...common, generate: { type: 'string' }, entries: { type: 'string' } },
    strict: true,
  });
  if (values.help) return help(io);
  const dataDir = resolveDataDir(values.data, io.env);
  let count: number | undefined;
  const flag = values.entries !== undefined ? '--entries' : '--generate';
  const wanted = values.entries ?? values.generate;
  if (wanted !== undefined) {
    if (!/^\d{1,7}$/.test(wanted) || Number(wanted) < 1) {
      throw new UsageError(`${flag} needs a number of entries from 1 to 9999999, not "${wanted}"`);
    }
    count = Number(wanted);
  }
  prepareDataDir(dataDir);
  const db = openDatabase(databaseFile(dataDir));
  if (count === undefined) {
    try {
      const content = await demoSeedContent(io.env);
      const result = whileSeeding(dataDir, () => seedDemo(db, dataDir, io.env, content));
      io.stderr.write(
        `Seeded the demo project "${result.projectId}": ${result.entries} entries, ${result.nodes} nodes, ` +
          `${result.assetFiles} asset files in ${(result.milliseconds / 1000).toFixed(1)} s\n`,
      );
      return 0;
    } finally {
      db.close();
    }
  }
  // Opened to migrate it; the load runs on a worker thread of its own (a bounded heap) and
  // needs the database to itself.
  db.close();
  let nextReport = 5;
  const started = performance.now();
  const result = await whileSeedingAsync(dataDir, () =>
    loadGeneratedContent({
      databaseFile: databaseFile(dataDir),
      dataDir,
      count,
      deliveryTokens: demoTokenSeeds(io.env),
      onProgress: (done) => {
        // The generator adds images on top of `count`, so the percentage is approximate.
        const percent = Math.min(100, Math.floor((done / count) * 100));
        if (percent >= nextReport) {
          io.stderr.write(`${progressLine(done, count, performance.now() - started)}\n`);
          nextReport = Math.floor(percent / 5) * 5 + 5;
        }
      },
    }),
  );
  io.stderr.write(
    `Seeded ${result.entries} generated entries (${result.versions} versions, ${result.nodes} nodes) into ` +
      `project "${result.projectId}" in ${(result.milliseconds / 1000).toFixed(1)} s\n` +
      `Database: ${megabytes(databaseBytes(dataDir))} MB; peak memory of this process: ` +
      `${megabytes(process.resourceUsage().maxRSS * 1024)} MB\n`,
  );
  return 0;
}

/** Bytes of the database file and its WAL files. */
function databaseBytes(dataDir: string): number {
  const file = databaseFile(dataDir);
  return [file, `${file}-wal`, `${file}-shm`].reduce(
    (sum, name) => sum + (existsSync(name) ? statSync(name).size : 0),
    0,
  );
}

function megabytes(bytes: number): string {
  return Math.round(bytes / 1e6).toLocaleString('en-GB');
}

function resetCommand(args: readonly string[], io: CliIo): number {
  const { values } = parseArgs({ args: [...args], options: common, strict: true });
  if (values.help) return help(io);
  const dataDir = resolveDataDir(values.data, io.env);
  const removed = resetDataDir(dataDir);
  io.stderr.write(
    removed.length === 0
      ? `Nothing to reset in ${dataDir}\n`
      : `Reset ${dataDir} (removed ${removed.length} items)\n`,
  );
  return 0;
}

function credentialsCommand(args: readonly string[], io: CliIo): number {
  const { values } = parseArgs({
    args: [...args],
    options: { ...common, json: { type: 'boolean' }, port: { type: 'string' }, host: { type: 'string' } },
    strict: true,
  });
  if (values.help) return help(io);
  const credentials = platformCredentials(
    io.env,
    resolveDataDir(values.data, io.env),
    values.host?.trim() || DEFAULT_HOST,
    parsePort(values.port, DEFAULT_PORT),
  );
  io.stdout.write(
    values.json ? `${JSON.stringify(credentials, null, 2)}\n` : describeCredentials(credentials),
  );
  return 0;
}

function outboxCommand(args: readonly string[], io: CliIo): number {
  const { values } = parseArgs({
    args: [...args],
    options: { ...common, json: { type: 'boolean' }, to: { type: 'string' } },
    strict: true,
  });
  if (values.help) return help(io);
  const mails = readOutbox(resolveDataDir(values.data, io.env), values.to ? { to: values.to } : {});
  if (values.json) {
    io.stdout.write(`${JSON.stringify(mails, null, 2)}\n`);
  } else if (mails.length === 0) {
    io.stdout.write('The outbox is empty.\n');
  } else {
    for (const mail of mails) {
      io.stdout.write(`${mail.created}  to ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n\n`);
    }
  }
  return 0;
}

function help(io: CliIo): number {
  io.stdout.write(USAGE);
  return 0;
}
