import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPlatformServer, openDatabase, platformCredentials, runCli } from '@canopy/platform';
import { startSiteServer } from '@canopy/web';

/** The site, served for a test, with the local platform behind it. */
export interface TestSite {
  /** e.g. `http://127.0.0.1:41234` */
  readonly url: string;
  /** GETs a path of the site: its status and HTML. */
  get(path: string): Promise<{ status: number; html: string }>;
  /** Stops the site and the platform and removes the platform's data. */
  close(): Promise<void>;
}

const siteRoot = fileURLToPath(new URL('../..', import.meta.url));
const silent = { write: () => true };

/**
 * Starts a real local platform (seeded with the demo into a temporary folder) and this site on
 * it, from source as `npm run dev` serves it, both on free ports of 127.0.0.1.
 *
 * @example
 * const site = await startTestSite();
 * const { status, html } = await site.get('/');
 * await site.close();
 */
export async function startTestSite(): Promise<TestSite> {
  const dataDir = mkdtempSync(join(tmpdir(), 'canopy-site-test-'));
  const seeded = await runCli(['seed', '--data', dataDir], { stdout: silent, stderr: silent, env: {} });
  if (seeded !== 0) throw new Error('Seeding the local platform failed');
  const db = openDatabase(join(dataDir, 'platform.db'));
  const platform = createPlatformServer({ db, dataDir });
  await platform.listen({ port: 0, host: '127.0.0.1' });
  const address = platform.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const credentials = platformCredentials({}, dataDir, '127.0.0.1', port);
  const site = await startSiteServer({
    siteRoot,
    dev: true,
    platformUrl: credentials.platformUrl,
    projectId: credentials.projectId,
    deliveryToken: credentials.deliveryAccessToken,
    port: 0,
    logger: false,
  });
  return {
    url: site.url,
    async get(path) {
      const response = await fetch(`${site.url}${path}`);
      return { status: response.status, html: await response.text() };
    },
    async close() {
      await site.close();
      await platform.close();
      db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
