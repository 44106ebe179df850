import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  startTestPlatform,
  type TestPlatform,
} from '../src/test-support/platform.js';
import { DEFAULT_TYPES_FILE, TYPES_USAGE, USAGE } from './arguments.js';
import { main } from './canopy-web.js';
import { runTypesCommand, type TypesCommandOptions } from './types-command.js';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

let platform: TestPlatform;
let folder: string;

beforeAll(async () => {
  platform = await startTestPlatform({ accounts: true });
  folder = mkdtempSync(join(tmpdir(), 'canopy-types-'));
});

afterAll(async () => {
  await platform?.dispose();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** Runs the command against the test platform, collecting what it prints. */
async function types(options: Partial<TypesCommandOptions> & { envOverrides?: Record<string, string> } = {}) {
  let out = '';
  let err = '';
  const { envOverrides, ...rest } = options;
  const code = await runTypesCommand({
    siteRoot: folder,
    env: {
      CANOPY_PLATFORM_URL: platform.url,
      CANOPY_PROJECT_ID: 'website',
      CANOPY_CLIENT_ID: CLIENT_ID,
      CANOPY_CLIENT_SECRET: CLIENT_SECRET,
      ...envOverrides,
    },
    stdout: { write: (text: string) => (out += text) },
    stderr: { write: (text: string) => (err += text) },
    ...rest,
  });
  return { code, out, err };
}

describe('canopy-web types', () => {
  it('--help exits 0 with the usage of the command; the general help lists it', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      expect(await main(['types', '--help'])).toBe(0);
      expect(log).toHaveBeenLastCalledWith(TYPES_USAGE);
      expect(TYPES_USAGE).toMatch(/^Usage: canopy-web types \[options\]/);
      expect(await main(['--help'])).toBe(0);
      expect(log).toHaveBeenLastCalledWith(USAGE);
      expect(USAGE).toContain('types             Write TypeScript types');
    } finally {
      log.mockRestore();
    }
  });

  it('writes the types of the content model, then finds the file up to date', async () => {
    const written = await types();
    expect(written.err).toBe('');
    expect(written.code).toBe(0);
    expect(written.out).toMatch(
      /^Wrote .+content-types\.ts: \d+ content types, 0 components of "website"\n$/,
    );
    const source = readFileSync(join(folder, DEFAULT_TYPES_FILE), 'utf8');
    expect(source).toContain("export type CourseEntry = Canopy.Entry<Course, 'course'>;");
    expect(source).toContain('author?: Canopy.LinkTo<PersonEntry> | null;');

    const checked = await types({ check: true });
    expect(checked.code).toBe(0);
    expect(checked.out).toContain('is up to date');
  });

  it('--check fails on a file that differs or is missing, and changes nothing', async () => {
    const file = join(folder, 'stale.ts');
    writeFileSync(file, '// old\n');
    const stale = await types({ out: 'stale.ts', check: true });
    expect(stale.code).toBe(1);
    expect(stale.err).toContain('differs from the content model of "website"');
    expect(readFileSync(file, 'utf8')).toBe('// old\n');

    const missing = await types({ out: 'missing.ts', check: true });
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('does not exist');
  });

  it('says what is wrong without credentials, with a refused secret and with no platform', async () => {
    const none = await types({ envOverrides: { CANOPY_CLIENT_SECRET: '' }, out: 'x.ts' });
    expect(none.code).toBe(1);
    expect(none.err).toContain('set CANOPY_CLIENT_ID and CANOPY_CLIENT_SECRET');

    const refused = await types({ envOverrides: { CANOPY_CLIENT_SECRET: 'wrong' }, out: 'x.ts' });
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(`refused the API client "${CLIENT_ID}"`);

    const noProject = await types({ envOverrides: { CANOPY_PROJECT_ID: 'nowhere' }, out: 'x.ts' });
    expect(noProject.code).toBe(1);
    expect(noProject.err).toMatch(/nowhere/);

    const nobody = await types({ envOverrides: { CANOPY_PLATFORM_URL: 'http://127.0.0.1:9' }, out: 'x.ts' });
    expect(nobody.code).toBe(1);
    expect(nobody.err).toContain('Could not reach the platform at http://127.0.0.1:9');
  });

  // The committed types of the demo site and of the new-site template are what `npm run
  // types` writes from the demo content model: this fails when regenerating would change them.
  it.each(['site', 'packages/create-canopy-site/template'])(
    'finds the committed types of %s up to date',
    async (site) => {
      const result = await types({ siteRoot: join(repoRoot, site), check: true });
      expect(result.err).toBe('');
      expect(result.code).toBe(0);
    },
  );
});
