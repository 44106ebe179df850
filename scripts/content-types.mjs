#!/usr/bin/env node
// `npm run types`: regenerates the committed content types of the demo site and of the
// new-site template with `canopy-web types`, read over HTTP from a temporary local platform
// seeded with the demo in this process, so it needs no running platform and no network.
// `npm run types -- --check` writes nothing and fails when a file is out of date.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const webCli = join(root, 'packages/web/dist/bin/canopy-web.js');
/** The sites whose generated types follow the demo content model. */
const SITES = ['site', 'packages/create-canopy-site/template'];
const check = process.argv.includes('--check');

if (!existsSync(webCli)) {
  console.error('The packages are not built: run `npx tsc -b` first (npm run types does).');
  process.exit(1);
}

const { createPlatformServer, openDatabase, platformCredentials, runCli } = await import('@canopy/platform');
const dataDir = mkdtempSync(join(tmpdir(), 'canopy-types-'));
const silent = { write: () => true };
let server = null;
let db = null;
let failed = false;
try {
  // An empty environment: the demo's own tokens and API client, whatever this shell sets.
  const seeded = await runCli(['seed', '--data', dataDir], {
    stdout: silent,
    stderr: process.stderr,
    env: {},
  });
  if (seeded !== 0) throw new Error('Seeding the temporary platform failed');
  db = openDatabase(join(dataDir, 'platform.db'));
  server = createPlatformServer({ db, dataDir, logger: false });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.server.address();
  const { clientId, clientSecret, projectId } = platformCredentials({}, dataDir, '127.0.0.1', port);
  for (const site of SITES) {
    const code = await new Promise((done) => {
      const child = spawn(
        process.execPath,
        [webCli, 'types', '--site', site, ...(check ? ['--check'] : [])],
        {
          cwd: root,
          stdio: 'inherit',
          env: {
            ...process.env,
            CANOPY_PLATFORM_URL: `http://127.0.0.1:${port}`,
            CANOPY_PROJECT_ID: projectId,
            CANOPY_CLIENT_ID: clientId,
            CANOPY_CLIENT_SECRET: clientSecret,
          },
        },
      );
      child.on('exit', (exitCode) => done(exitCode ?? 1));
    });
    if (code !== 0) failed = true;
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  failed = true;
} finally {
  await server?.close();
  db?.close();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
