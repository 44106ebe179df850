import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';

// Every command the README and docs/ mention runs from the repository root as a linked bin
// (node_modules/.bin, what `npm install` makes) and answers --help with its usage and exit 0.

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));
const BINS = ['canopy-platform', 'canopy-web'] as const;

function documentedCommands(): string[] {
  const files = ['README.md', ...readdirSync(join(root, 'docs')).map((name) => join('docs', name))].filter(
    (name) => name.endsWith('.md'),
  );
  const found = new Set<string>();
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const match of text.matchAll(/\b(canopy-(?:platform|web)) ([a-z][a-z-]+)/g))
      found.add(`${match[1]} ${match[2]}`);
  }
  return [...found].sort();
}

const bin = (name: string) => join(root, 'node_modules', '.bin', name);

beforeAll(async () => {
  // The bins run the compiled packages, as `npm install` leaves them (its `prepare` step):
  // `tsc -b` (incremental, so quick once built), then the copies and the bins' executable bit.
  await run(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-b'], { cwd: root });
  await run(process.execPath, [join(root, 'scripts', 'copy-assets.mjs')], { cwd: root });
}, 300_000);

describe('documented commands', () => {
  const commands = documentedCommands();

  it('finds the commands the docs describe', () => {
    expect(commands).toEqual(
      expect.arrayContaining(['canopy-platform serve', 'canopy-platform seed', 'canopy-web build']),
    );
  });

  it.each(BINS)('%s --help prints its usage and exits 0', async (name) => {
    const { stdout } = await run(bin(name), ['--help'], { cwd: root });
    expect(stdout).toMatch(new RegExp(`^Usage: ${name} <command>`));
  });

  it.each(commands)('%s --help prints its usage and exits 0', async (command) => {
    const [name = '', sub = ''] = command.split(' ');
    const { stdout } = await run(bin(name), [sub, '--help'], { cwd: root, timeout: 30_000 });
    expect(stdout).toContain(`Usage: ${name}`);
    expect(stdout).toContain(sub);
  });

  it('refuses an unknown command with a message and a non-zero exit', async () => {
    await expect(run(bin('canopy-platform'), ['frobnicate'], { cwd: root })).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('frobnicate'),
    });
  });
});
