import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPlatformServer, openDatabase, platformCredentials, runCli } from '@canopy/platform';
import { type RunningSiteServer, startSiteServer } from '@canopy/web';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The site against a real local platform (seeded with the demo into a temporary folder), served
// from source as `npm run dev` serves it.
const siteRoot = fileURLToPath(new URL('..', import.meta.url));
const silent = { write: () => true };
let dataDir = '';
let platform: ReturnType<typeof createPlatformServer> | null = null;
let db: ReturnType<typeof openDatabase> | null = null;
let site: RunningSiteServer | null = null;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'canopy-site-test-'));
  expect(await runCli(['seed', '--data', dataDir], { stdout: silent, stderr: silent, env: {} })).toBe(0);
  db = openDatabase(join(dataDir, 'platform.db'));
  platform = createPlatformServer({ db, dataDir });
  await platform.listen({ port: 0, host: '127.0.0.1' });
  const address = platform.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const credentials = platformCredentials({}, dataDir, '127.0.0.1', port);
  site = await startSiteServer({
    siteRoot,
    dev: true,
    platformUrl: credentials.platformUrl,
    projectId: credentials.projectId,
    deliveryToken: credentials.deliveryAccessToken,
    port: 0,
    logger: false,
  });
});

afterAll(async () => {
  await site?.close();
  await platform?.close();
  db?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function get(path: string): Promise<{ status: number; html: string }> {
  const response = await fetch(`${site?.url}${path}`);
  return { status: response.status, html: await response.text() };
}

describe('the site', () => {
  it('renders the home page entry with its featured courses', async () => {
    const { status, html } = await get('/');
    expect(status).toBe(200);
    expect(html).toMatch(/<h1>[^<]+<\/h1>/);
    expect(html).toContain('<h2 id="featured-courses">Featured courses</h2>');
    expect(html).toMatch(/<li><a href="\/courses\/[^"]+"[^>]*>[^<]+<\/a>/);
  });

  it('renders the static route in the layout', async () => {
    const { status, html } = await get('/about-this-site');
    expect(status).toBe(200);
    expect(html).toContain('<h1>About this site</h1>');
    expect(html).toContain('<title>About this site');
    expect(html).toContain('<nav aria-label="Main">');
  });

  it('answers 404 for a path that is neither a route nor a page', async () => {
    expect((await get('/no-such-page')).status).toBe(404);
  });
});
