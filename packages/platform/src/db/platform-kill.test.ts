import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { findRepoRoot } from '../cli/data-dir.js';
import { issueTestToken } from '../test-support/tokens.js';
import { openDatabase } from './open.js';

// The whole platform, not just its database layer: a real `canopy-platform serve` process
// taking entries from 50 concurrent HTTP writers is SIGKILLed mid-stream; after a restart on
// the same data directory, every write it acknowledged (answered 2xx) is there and SQLite's
// integrity check passes. The child runs the CLI from its TypeScript sources through Vite's
// module runner (what Vitest itself uses), so no build is needed.
const bin = fileURLToPath(new URL('../../bin/canopy-platform.ts', import.meta.url));
const repoRoot = findRepoRoot(fileURLToPath(new URL('.', import.meta.url)))!;
const script = `
import { runnerImport } from 'vite';
process.argv = [process.argv[0], process.env.PLATFORM_BIN, ...JSON.parse(process.env.PLATFORM_ARGS)];
await runnerImport(process.env.PLATFORM_BIN, { configFile: false, logLevel: 'silent' });
`;
const WRITERS = 50;
const KILL_AFTER_ACKNOWLEDGED = 250;

let dataDir: string;
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function startPlatform(port: number): ChildProcess {
  const env = { ...process.env };
  for (const name of Object.keys(env)) if (name.startsWith('CANOPY_')) delete env[name];
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: repoRoot,
    env: {
      ...env,
      PLATFORM_BIN: bin,
      PLATFORM_ARGS: JSON.stringify(['serve', '--port', String(port), '--data', dataDir]),
    },
    stdio: 'ignore',
  });
  children.push(child);
  return child;
}

async function waitForPlatform(origin: string): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < 90_000) {
    try {
      const response = await fetch(`${origin}/api/delivery/projects/website`, {
        headers: { accessToken: 'canopy-demo-delivery-token' },
      });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The platform did not answer at ${origin}`);
}

it('loses no acknowledged write when the platform process is killed under 50 concurrent writers', async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'canopy-platform-kill-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const platform = startPlatform(port);
  await waitForPlatform(origin);
  const db = openDatabase(join(dataDir, 'platform.db'));
  const token = issueTestToken(db, 'admin');
  db.close();

  const acknowledged: string[] = [];
  let killed = false;
  let refused = 0;
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    platform.on('exit', (_code, signal) => resolve(signal)),
  );
  const writer = async (writerNo: number) => {
    for (let n = 0; !killed; n++) {
      try {
        const response = await fetch(`${origin}/api/management/projects/website/entries`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            title: `Writer ${writerNo} event ${n}`,
            summary: 'Written while the platform may die',
            eventDates: { from: '2030-05-01T10:00:00Z', to: '2030-05-01T16:00:00Z' },
            category: 'Public lecture',
            bookingRequired: false,
            sys: { contentTypeId: 'event', language: 'en-GB' },
          }),
        });
        const body = (await response.json()) as { sys?: { id?: string } };
        if (!response.ok || !body.sys?.id) {
          refused++;
          continue;
        }
        acknowledged.push(body.sys.id);
        if (acknowledged.length >= KILL_AFTER_ACKNOWLEDGED && !killed) {
          killed = true;
          platform.kill('SIGKILL');
        }
      } catch {
        // The connection died with the process: this write was never acknowledged.
        if (killed) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, (_, i) => writer(i)));
  expect(await exited).toBe('SIGKILL');
  expect(refused).toBe(0);
  expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKNOWLEDGED);

  // Started again on the same data, the platform serves every acknowledged entry.
  startPlatform(port);
  await waitForPlatform(origin);
  const after = openDatabase(join(dataDir, 'platform.db'));
  try {
    expect(after.pragma('integrity_check', { simple: true })).toBe('ok');
    const stored = new Set(
      after.prepare('SELECT DISTINCT entry_id FROM entry_versions').pluck().all() as string[],
    );
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
  } finally {
    after.close();
  }
  const sample = acknowledged[acknowledged.length - 1]!;
  const entry = await fetch(`${origin}/api/management/projects/website/entries/${sample}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(entry.status).toBe(200);
}, 240_000);
