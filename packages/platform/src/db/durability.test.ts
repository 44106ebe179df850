import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { findRepoRoot } from '../cli/data-dir.js';
import { openDatabase } from './open.js';

const writer = fileURLToPath(new URL('../test-support/durability-writer.ts', import.meta.url));
const repoRoot = findRepoRoot(fileURLToPath(new URL('.', import.meta.url)))!;

// The child runs the TypeScript writer through Vite's module runner (what Vitest itself
// uses), so it exercises the real openDatabase without a build step.
const childScript = `
import { runnerImport } from 'vite';
const { module } = await runnerImport(process.env.WRITER, { configFile: false, logLevel: 'silent' });
module.runDurabilityWriter(process.env.DB_FILE);
`;

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'canopy-durability-'));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

it('keeps every acknowledged write when the writer is killed mid-stream', async () => {
  const file = join(dir, 'platform.db');
  const child = spawn(process.execPath, ['--input-type=module', '-e', childScript], {
    cwd: repoRoot,
    env: { ...process.env, WRITER: writer, DB_FILE: file },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const acknowledged: string[] = [];
  let buffered = '';
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.on('exit', (_code, signal) => resolve(signal)),
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`writer made no progress: ${stderr}`)), 30_000);
    child.stdout.on('data', (chunk) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) if (line !== 'ready') acknowledged.push(line);
      if (acknowledged.length >= 300 && !child.killed) {
        child.kill('SIGKILL');
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', () => {
      clearTimeout(timer);
      if (acknowledged.length < 300) reject(new Error(`writer exited early: ${stderr}`));
    });
  });
  expect(await exited).toBe('SIGKILL');
  // Anything printed before the process died was acknowledged too.
  for (const line of buffered.split('\n')) if (/^[0-9a-f-]{36}$/.test(line)) acknowledged.push(line);

  const db = openDatabase(file);
  try {
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    const stored = new Set(
      (db.prepare('SELECT entry_id FROM entry_versions').all() as { entry_id: string }[]).map(
        (r) => r.entry_id,
      ),
    );
    const lost = acknowledged.filter((id) => !stored.has(id));
    expect(lost).toEqual([]);
    expect(stored.size).toBeGreaterThanOrEqual(acknowledged.length);
  } finally {
    db.close();
  }
}, 60_000);
