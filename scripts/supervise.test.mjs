import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { DEFAULT_BACKOFF, restartDelay, superviseChild } from './supervise.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const platformBin = fileURLToPath(new URL('../packages/platform/bin/canopy-platform.ts', import.meta.url));

// The real platform CLI, run from its TypeScript sources through Vite's module runner (what
// Vitest itself uses), so the test needs no build.
const platformScript = `
import { runnerImport } from 'vite';
process.argv = [process.argv[0], process.env.PLATFORM_BIN, ...JSON.parse(process.env.PLATFORM_ARGS)];
await runnerImport(process.env.PLATFORM_BIN, { configFile: false, logLevel: 'silent' });
`;
// A stand-in for the site: a plain HTTP server that says which process answered.
const siteScript = `
import { createServer } from 'node:http';
createServer((_req, res) => res.end(String(process.pid))).listen(Number(process.env.PORT), '127.0.0.1');
`;

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/** Polls `url` until it answers with a status below 500; resolves with the body. */
async function waitForAnswer(url, headers = {}, timeoutMs = 90_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      const response = await fetch(url, { headers });
      if (response.status < 500) return response.text();
    } catch {
      // not listening (yet, or any more)
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** @type {Array<() => Promise<void>>} */
const cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

it('waits longer before each restart, up to the limit', () => {
  const delays = [0, 1, 2, 3, 10].map((attempt) => restartDelay(attempt, DEFAULT_BACKOFF));
  expect(delays).toEqual([500, 1000, 2000, 4000, 30_000]);
});

it('starts the platform again after it is killed, while the site keeps serving', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'canopy-supervise-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const [platformPort, sitePort] = [await freePort(), await freePort()];
  const env = { ...process.env };
  for (const name of Object.keys(env)) if (name.startsWith('CANOPY_')) delete env[name];
  const messages = [];
  const platform = superviseChild({
    name: 'The platform',
    args: ['--input-type=module', '-e', platformScript],
    cwd: root,
    env: {
      ...env,
      PLATFORM_BIN: platformBin,
      PLATFORM_ARGS: JSON.stringify(['serve', '--port', String(platformPort), '--data', dataDir]),
    },
    stdio: 'ignore',
    restart: true,
    backoff: { initialMs: 200, maxMs: 1000, resetAfterMs: 60_000 },
    log: (message) => messages.push(message),
  });
  cleanups.push(() => platform.stop());
  let siteExited = false;
  const site = superviseChild({
    name: 'The site',
    args: ['--input-type=module', '-e', siteScript],
    cwd: root,
    env: { ...env, PORT: String(sitePort) },
    stdio: 'ignore',
    onExit: () => {
      siteExited = true;
    },
  });
  cleanups.push(() => site.stop());

  const platformUrl = `http://127.0.0.1:${platformPort}/api/delivery/projects/website`;
  const token = { accessToken: 'canopy-demo-delivery-token' };
  const siteUrl = `http://127.0.0.1:${sitePort}/`;
  await waitForAnswer(platformUrl, token);
  const sitePid = await waitForAnswer(siteUrl);
  const firstPid = platform.child.pid;

  platform.child.kill('SIGKILL');
  // While the platform is down (or starting again) the site answers, from the same process.
  expect(await waitForAnswer(siteUrl)).toBe(sitePid);

  const project = JSON.parse(await waitForAnswer(platformUrl, token));
  expect(project.id).toBe('website');
  expect(platform.restarts).toBe(1);
  expect(platform.child.pid).not.toBe(firstPid);
  expect(messages).toEqual(['The platform stopped (SIGKILL); starting it again in 0.2 s.']);
  expect(await waitForAnswer(siteUrl)).toBe(sitePid);
  expect(siteExited).toBe(false);

  // Stopping is for good: no restart follows.
  await platform.stop();
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(platform.restarts).toBe(1);
  expect(platform.child.exitCode !== null || platform.child.signalCode !== null).toBe(true);
}, 180_000);

it('reports the exit of a child that is not restarted, once', async () => {
  const exits = [];
  const child = superviseChild({
    name: 'The site',
    args: ['-e', 'process.exit(3)'],
    cwd: root,
    env: process.env,
    stdio: 'ignore',
    onExit: (code) => exits.push(code),
  });
  cleanups.push(() => child.stop());
  await new Promise((resolve) => child.child.once('exit', resolve));
  expect(exits).toEqual([3]);
  expect(child.restarts).toBe(0);
});
