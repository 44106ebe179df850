import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readTutorial, type TutorialStep } from './test-support/tutorial.js';

// Follows docs/first-site.md ("Your first site") as a reader would: runs its commands in order,
// writes its files, and checks what its prose says the reader sees. The tutorial's code blocks
// are the test's script, so the two cannot drift apart: a command or snippet that stops working
// fails here, and so does a code block the test does not know how to follow.

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const TUTORIAL = join(repoRoot, 'docs', 'first-site.md');
const BIN = fileURLToPath(new URL('../bin/create-canopy-site.mjs', import.meta.url));
const TEMPLATE_TYPES = fileURLToPath(
  new URL('../template/src/content/generated/content-types.ts', import.meta.url),
);
/** The addresses the tutorial names: `npm start` serves there unless PORT and PLATFORM_PORT say otherwise. */
const TUTORIAL_SITE = 'http://127.0.0.1:3000';
/**
 * Where the new site is written: a temporary folder inside the workspace (git ignores it), so
 * its imports resolve to the repository's packages and node_modules, as `npm install` in a new
 * site links them, without installing anything.
 */
const SITES_DIR = join(repoRoot, '.test-sites');
/** Long steps: `npm start` builds the site, `npm test` seeds a platform and serves the site. */
const STEP_TIMEOUT = 300_000;

const tutorial = readFileSync(TUTORIAL, 'utf8');
const steps = readTutorial(tutorial);

interface RunningStart {
  child: ChildProcess;
  siteUrl: string;
  platformUrl: string;
  output: () => string;
  /** How it ended: its exit code, or the signal that ended it. */
  exited: Promise<string>;
}

let folder = '';
let cwd = '';
let running: RunningStart | null = null;
let starts = 0;

afterAll(async () => {
  await stopStart();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('docs/first-site.md, followed step by step', () => {
  it('marks every code block as a command to run, a file to write or an excerpt of one', () => {
    expect(steps.filter((step) => step.kind === 'run').length).toBeGreaterThanOrEqual(5);
    expect(steps.filter((step) => step.kind === 'file').map((step) => step.path)).toEqual(
      expect.arrayContaining(['src/mappings.ts', 'src/routes.ts']),
    );
  });

  for (const [index, step] of steps.entries()) {
    it(
      `step ${index + 1}: ${describeStep(step)}`,
      async () => {
        await follow(step);
      },
      STEP_TIMEOUT,
    );
  }

  it('serves every page the tutorial links to, at the end', async () => {
    expect(running, 'the tutorial ends with the site running').not.toBeNull();
    const paths = [
      ...tutorial.matchAll(new RegExp(`${TUTORIAL_SITE.replaceAll('.', '\\.')}(/[^\\s),]*)`, 'g')),
    ].map((match) => (match[1] ?? '/').replace(/[.:]$/, ''));
    expect(paths).toEqual(expect.arrayContaining(['/', '/courses/bsc-marine-biology', '/contact']));
    for (const path of new Set(paths)) {
      expect((await get(path)).status, path).toBe(200);
    }
    expect((await get('/courses/bsc-marine-biology')).body).toContain('<h1>BSc Marine Biology</h1>');
    expect((await get('/contact')).body).toContain('<h1>Contact us</h1>');
  });
});

function describeStep(step: TutorialStep): string {
  if (step.kind === 'run') return step.lines.join('; ');
  if (step.kind === 'stop') return 'stop the site (Ctrl+C)';
  return `${step.kind === 'file' ? 'write' : 'find in'} ${step.path}`;
}

async function follow(step: TutorialStep): Promise<void> {
  switch (step.kind) {
    case 'file':
      mkdirSync(dirname(resolve(cwd, step.path)), { recursive: true });
      writeFileSync(resolve(cwd, step.path), step.body);
      return;
    case 'excerpt':
      expect(readFileSync(resolve(cwd, step.path), 'utf8')).toContain(step.body);
      return;
    case 'stop':
      expect(running, 'a site to stop').not.toBeNull();
      // npm passes Ctrl+C on to the site and then ends by it, as a shell sees it.
      expect(await stopStart()).toMatch(/^(0|SIGINT)$/);
      return;
    case 'run':
      for (const line of step.lines) await runCommand(line);
  }
}

/** Runs one command line of the tutorial: the commands a reader types, each as it behaves. */
async function runCommand(line: string): Promise<void> {
  const words = line.split(/\s+/);
  const env: Record<string, string> = {};
  while (/^[A-Z_]+=\S*$/.test(words[0] ?? '')) {
    const [name, ...value] = (words.shift() as string).split('=');
    env[name as string] = value.join('=');
  }
  const [command, ...args] = words;
  const text = words.join(' ');
  if (command === 'npx' && args[0] === 'create-canopy-site') {
    mkdirSync(SITES_DIR, { recursive: true });
    folder = mkdtempSync(join(SITES_DIR, 'new-site-'));
    cwd = folder;
    const result = await exec(process.execPath, [BIN, ...args.slice(1)], env);
    expect(result.output).toContain('npm install && npm start');
  } else if (command === 'cd' && args.length === 1) {
    cwd = resolve(cwd, args[0] as string);
    expect(existsSync(join(cwd, 'package.json')), `${cwd} is a site`).toBe(true);
  } else if (text === 'npm install') {
    // The site lives in the workspace: what npm install would link is already there.
    const manifest = JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8'));
    for (const name of Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })) {
      expect(installedFrom(cwd, name), `${name} resolves from the site`).toBe(true);
    }
  } else if (text === 'npm start') {
    await stopStart();
    running = await startSite(env);
    starts++;
    await afterStart(starts);
  } else if (text === 'npm test' || text === 'npm run typecheck' || text === 'npm run types') {
    // A second terminal while the site runs: the platform is where `npm start` put it.
    const platform: Record<string, string> = running ? { CANOPY_PLATFORM_URL: running.platformUrl } : {};
    const before = text === 'npm run types' ? readFileSync(TEMPLATE_TYPES, 'utf8') : null;
    await exec('npm', args[0] === 'run' ? ['run', args[1] as string] : [args[0] as string], {
      ...platform,
      ...env,
    });
    if (before !== null) {
      // Against the demo project the file comes out the same, as the tutorial says.
      expect(readFileSync(join(cwd, 'src/content/generated/content-types.ts'), 'utf8')).toBe(before);
    }
  } else {
    throw new Error(`docs/first-site.md runs "${line}", which this test does not know how to follow`);
  }
}

/** What the tutorial says the reader sees once `npm start` is up. */
async function afterStart(count: number): Promise<void> {
  if (count !== 1) return;
  const home = await get('/');
  expect(home.status).toBe(200);
  expect(home.body).toContain('<h1>Aberwen University</h1>');
  expect(home.body).toMatch(/<a class="site-name" href="\/"[^>]*>My Canopy site<\/a>/);
  expect(home.body).toContain('<h2 id="featured-courses">Featured courses</h2>');
  expect(home.body).toContain('href="/courses/bsc-marine-biology"');
  const script = /import\("(\/static\/assets\/entry-client-[\w-]+\.js)"\)/.exec(home.body)?.[1];
  expect(script, 'the page loads its built script').toBeTruthy();
  expect((await get(script as string)).status).toBe(200);
  // "which answer 404 Page Not Found for now"
  const course = await get('/courses/bsc-marine-biology');
  expect(course.status).toBe(404);
  expect(course.body).toContain('404 Page Not Found');
  const about = await get('/about-this-site');
  expect(about.status).toBe(200);
  expect(about.body).toContain('<h1>About this site</h1>');
}

async function get(path: string): Promise<{ status: number; body: string }> {
  if (!running) throw new Error('the site is not running');
  const response = await fetch(`${running.siteUrl}${path}`);
  return { status: response.status, body: await response.text() };
}

/** Whether `name` is installed where Node looks for it from `from` (its folder or one above). */
function installedFrom(from: string, name: string): boolean {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'node_modules', name, 'package.json'))) return true;
    if (dirname(dir) === dir) return false;
  }
}

/** The environment of a command: the test runner's own variables left out. */
function commandEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  for (const name of Object.keys(env)) {
    if (name.startsWith('VITEST') || name === 'TEST' || name === 'NODE_ENV') delete env[name];
  }
  return env;
}

/** Runs a command to its end in the current folder; fails with its output unless it exits 0. */
function exec(command: string, args: string[], extra: Record<string, string>): Promise<{ output: string }> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd, env: commandEnv(extra), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', fail);
    child.on('close', (code) => {
      if (code === 0) done({ output });
      else fail(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output.slice(-4000)}`));
    });
  });
}

/** A free port of 127.0.0.1 (for the platform, whose address the site must know in advance). */
function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** `npm start` in the background, on free ports; resolves once it says where the site runs. */
async function startSite(extra: Record<string, string>): Promise<RunningStart> {
  const platformPort = await freePort();
  const env = commandEnv({ PORT: '0', PLATFORM_PORT: String(platformPort), ...extra });
  // A process group of its own, so stopping it reaches npm and the node process it runs.
  const child = spawn('npm', ['start'], { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<string>((done) =>
    child.on('exit', (code, signal) => done(String(code ?? signal))),
  );
  try {
    const [siteUrl, platformUrl] = await new Promise<[string, string]>((done, fail) => {
      const seen = (chunk: Buffer) => {
        output += chunk;
        // The last lines it prints once both listen.
        const ready = /The site is running: (\S+)\nThe content platform: (\S+)\nPress Ctrl\+C to stop\./.exec(
          output,
        );
        if (ready) done([ready[1] as string, ready[2] as string]);
      };
      child.stdout?.on('data', seen);
      child.stderr?.on('data', seen);
      void exited.then((code) =>
        fail(new Error(`npm start exited with ${code} before the site ran:\n${output.slice(-4000)}`)),
      );
    });
    expect(platformUrl).toBe(`http://127.0.0.1:${platformPort}`);
    return { child, siteUrl, platformUrl, output: () => output, exited };
  } catch (error) {
    if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
    throw error;
  }
}

/** Ctrl+C for a running `npm start`: how it ended, or null when nothing ran. */
async function stopStart(): Promise<string | null> {
  const current = running;
  running = null;
  if (!current?.child.pid) return null;
  process.kill(-current.child.pid, 'SIGINT');
  const timer = setTimeout(() => {
    if (current.child.pid) process.kill(-current.child.pid, 'SIGKILL');
  }, 30_000);
  const code = await current.exited;
  clearTimeout(timer);
  return code;
}
