#!/usr/bin/env node
// The command line of @canopy/web: build, start or develop a site.
import cluster from 'node:cluster';
import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunningSiteServer } from '../src/index.js';
import { preferProduction } from '../src/server/production-mode.js';
import { startBanner } from '../src/server/start-banner.js';
import { parseArguments, TYPES_USAGE, USAGE } from './arguments.js';
import { LISTENING_MESSAGE, runPrimary, WORKER_ID_ENV } from './workers.js';

/**
 * Runs `canopy-web` with the given arguments (without `node` and the script) and returns the
 * exit code: 0 done, 1 failed, 2 bad arguments. Servers run until SIGINT or SIGTERM.
 *
 * @example
 * process.exitCode = await main(['types', '--check']);
 */
export async function main(argv: string[]): Promise<number> {
  const parsed = parseArguments(argv);
  if ('error' in parsed) {
    console.error(`${parsed.error}\n\n${USAGE}`);
    return 2;
  }
  if (parsed.command === 'help') {
    console.log(parsed.topic === 'types' ? TYPES_USAGE : USAGE);
    return 0;
  }
  const siteRoot = resolve(parsed.site ?? process.cwd());
  if (parsed.command === 'types') {
    // Loaded here so the other commands do not load the generator, and it none of the server.
    const { runTypesCommand } = await import('./types-command.js');
    return runTypesCommand({
      siteRoot,
      ...(parsed.out !== undefined ? { out: parsed.out } : {}),
      ...(parsed.check ? { check: true } : {}),
      env: process.env,
      stdout: process.stdout,
      stderr: process.stderr,
    });
  }
  // `start` serves a built site: production unless NODE_ENV says otherwise. Set before
  // @canopy/web is loaded, since React picks its build when it is first imported.
  if (parsed.command === 'start') preferProduction(process.env);
  const overrides = {
    siteRoot,
    dev: parsed.command === 'dev',
    ...(parsed.port !== undefined ? { port: parsed.port } : {}),
    ...(parsed.host !== undefined ? { host: parsed.host } : {}),
  };
  if (parsed.workers !== undefined && cluster.isPrimary) {
    // The primary only forks and watches: it loads no site, and checks the settings first.
    const { siteServerOptionsFromEnv } = await import('../src/server/options.js');
    const { siteHosts } = await import('../src/server/site-hosts.js');
    const options = siteServerOptionsFromEnv(process.env, overrides);
    // Every worker would refuse to start without host names in production: say so once, here.
    siteHosts(options.hosts, { production: options.environment === 'production' });
    const workers = parsed.workers;
    return runPrimary({
      workers,
      onListening: (url) => {
        if (parsed.quiet) return;
        const banner = startBanner(options, url, 'start');
        banner[0] = `${banner[0]} (${workers} worker${workers === 1 ? '' : 's'})`;
        console.log(banner.join('\n'));
      },
    });
  }
  const { buildSite, siteServerOptionsFromEnv, startSiteServer } = await import('../src/index.js');
  if (parsed.command === 'build') {
    const { compressed } = await buildSite({ siteRoot });
    const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
    console.log(
      `Built ${siteRoot} (dist/client, dist/server); ${compressed.files} client files precompressed: ` +
        `${kB(compressed.bytes)} → ${kB(compressed.brotliBytes)} brotli, ${kB(compressed.gzipBytes)} gzip`,
    );
    return 0;
  }
  const workerId = cluster.isWorker ? Number(process.env[WORKER_ID_ENV]) || cluster.worker?.id || null : null;
  const options = await siteServerOptionsFromEnv(process.env, { ...overrides, workerId });
  const server: RunningSiteServer = await startSiteServer(options);
  // A worker's primary prints the banner once for all of them.
  if (cluster.isWorker) process.send?.({ type: LISTENING_MESSAGE, url: server.url });
  else if (!parsed.quiet) {
    console.log(startBanner(options, server.url, parsed.command).join('\n'));
  }
  await new Promise<void>((done) => {
    const stop = () => {
      void server.close().then(done);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  return 0;
}

/** Whether this module is the program node runs (not imported, as tests do). */
function isProgram(): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

/**
 * Runs the command with `argv` as a program would: the exit code goes to `process.exitCode`,
 * and a failure is printed as its message rather than a stack.
 *
 * @example await runAsProgram(['start', '--port', '3000']);
 */
export async function runAsProgram(argv: string[]): Promise<void> {
  try {
    process.exitCode = await main(argv);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}

// Awaited at the top level, so whoever runs this file through a module runner (Vite's, in the
// deployment test) stays with it until the server stops.
if (isProgram()) await runAsProgram(process.argv.slice(2));
