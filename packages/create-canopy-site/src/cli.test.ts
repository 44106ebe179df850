import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { runCreate, USAGE } from './cli.mjs';
import {
  canopyCheckout,
  PINNED_VERSIONS,
  packageNameProblem,
  scaffoldSite,
  sitePackageJson,
} from './scaffold.mjs';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const bin = fileURLToPath(new URL('../bin/create-canopy-site.mjs', import.meta.url));
let folder = '';

afterEach(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
  folder = '';
});

function run(argv: string[]) {
  folder ||= mkdtempSync(join(tmpdir(), 'create-canopy-site-'));
  let out = '';
  let err = '';
  const code = runCreate(argv, {
    stdout: { write: (text: string) => (out += text) },
    stderr: { write: (text: string) => (err += text) },
    cwd: folder,
  });
  return { code, out, err };
}

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8'));

describe('create-canopy-site', () => {
  it('--help exits 0 with the usage, from the command line too', () => {
    expect(run(['--help'])).toEqual({ code: 0, out: USAGE, err: '' });
    const spawned = spawnSync(process.execPath, [bin, '--help'], { cwd: repoRoot, encoding: 'utf8' });
    expect(spawned.status).toBe(0);
    expect(spawned.stdout).toBe(USAGE);
    expect(USAGE).toMatch(/^Usage: create-canopy-site <folder> \[options\]/);
  });

  it('writes a site: template, package.json, README and .gitignore, and says what to run next', () => {
    const result = run(['my-site']);
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(result.out).toContain('cd my-site\n  npm install && npm start');
    const site = join(folder, 'my-site');
    for (const file of [
      '.gitignore',
      'README.md',
      'package.json',
      'tsconfig.json',
      'vitest.config.ts',
      'scripts/start.mjs',
      'src/site.tsx',
      'src/entry-client.tsx',
      'src/entry-server.tsx',
      'src/mappings.ts',
      'src/routes.ts',
      'src/components/Layout.tsx',
      'src/components/HomePage.tsx',
      'src/components/AboutPage.tsx',
      'src/content/generated/content-types.ts',
      'src/site.test.ts',
    ]) {
      expect(existsSync(join(site, file)), file).toBe(true);
    }
    expect(existsSync(join(site, 'gitignore'))).toBe(false);
    const manifest = readJson(join(site, 'package.json'));
    expect(manifest.name).toBe('my-site');
    expect(manifest.scripts).toMatchObject({ start: 'node scripts/start.mjs', test: 'vitest run' });
    expect(readFileSync(join(site, 'README.md'), 'utf8')).toMatch(/^# my-site\n/);
  });

  it('links the Canopy packages of the checkout it runs from, and pins the repository versions', () => {
    expect(canopyCheckout()).toBe(repoRoot.replace(/\/$/, ''));
    const manifest = sitePackageJson('x', join(repoRoot, '.test-sites', 'x'), repoRoot);
    expect(manifest.dependencies['@canopy/web']).toBe('file:../../packages/web');
    expect(manifest.devDependencies['@canopy/platform']).toBe('file:../../packages/platform');
    expect(sitePackageJson('x', '/anywhere/x', null).dependencies['@canopy/web']).toBe('0.1.0');

    const root = readJson(join(repoRoot, 'package.json'));
    const web = readJson(join(repoRoot, 'packages/web/package.json'));
    expect(PINNED_VERSIONS).toEqual({
      canopy: web.version,
      react: web.dependencies.react,
      reactTypes: web.devDependencies['@types/react'],
      nodeTypes: root.devDependencies['@types/node'],
      typescript: root.devDependencies.typescript,
      vitest: root.devDependencies.vitest,
    });
    expect(web.dependencies['react-dom']).toBe(PINNED_VERSIONS.react);
  });

  it('refuses bad arguments, bad names and a folder that is not empty, writing nothing', () => {
    expect(run([])).toMatchObject({ code: 2, err: expect.stringContaining('which folder?') });
    expect(run(['a', 'b'])).toMatchObject({ code: 2, err: expect.stringContaining('give one folder') });
    expect(run(['a', '--port', '1'])).toMatchObject({
      code: 2,
      err: expect.stringContaining("Unknown option '--port'"),
    });
    expect(run(['My Site'])).toMatchObject({
      code: 1,
      err: expect.stringContaining('cannot be a package name'),
    });
    expect(existsSync(join(folder, 'My Site'))).toBe(false);

    mkdirSync(join(folder, 'taken'));
    writeFileSync(join(folder, 'taken', 'keep.txt'), 'mine');
    expect(run(['taken'])).toMatchObject({ code: 1, err: expect.stringContaining('is not empty') });
    expect(readFileSync(join(folder, 'taken', 'keep.txt'), 'utf8')).toBe('mine');
    expect(existsSync(join(folder, 'taken', 'package.json'))).toBe(false);

    mkdirSync(join(folder, 'empty'));
    expect(run(['empty', '--name', 'named-site']).code).toBe(0);
    expect(readJson(join(folder, 'empty', 'package.json')).name).toBe('named-site');
  });

  it('checks package names as npm does', () => {
    expect(packageNameProblem('my-site')).toBeNull();
    expect(packageNameProblem('@acme/web.site_2')).toBeNull();
    expect(packageNameProblem('')).toBe('The site needs a name');
    expect(packageNameProblem('Caps')).toContain('cannot be a package name');
    expect(packageNameProblem('x'.repeat(215))).toContain('at most 214');
    expect(() => scaffoldSite({ target: join(tmpdir(), 'Bad Name') })).toThrow('cannot be a package name');
  });
});
