import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSite, type RunningSiteServer, startSiteServer } from '@canopy/web';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpGet } from '../../web/src/test-support/http.js';
import {
  DELIVERY_TOKEN,
  PROJECT_ID,
  startTestPlatform,
  type TestPlatform,
} from '../../web/src/test-support/platform.js';
import { runCreate } from './cli.mjs';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
/**
 * Where the new site is written: a temporary folder inside the workspace (git ignores it), so
 * its imports resolve to the repository's packages and node_modules, as `npm install` in a new
 * site links them, without installing anything.
 */
const SITES_DIR = join(repoRoot, '.test-sites');

let folder = '';
let siteRoot = '';
let platform: TestPlatform;
let site: RunningSiteServer;

beforeAll(async () => {
  mkdirSync(SITES_DIR, { recursive: true });
  folder = mkdtempSync(join(SITES_DIR, 'new-site-'));
  const printed: string[] = [];
  const io = { stdout: { write: (text: string) => printed.push(text) }, stderr: process.stderr, cwd: folder };
  expect(runCreate(['my-site'], io)).toBe(0);
  siteRoot = join(folder, 'my-site');
  platform = await startTestPlatform();
  await buildSite({ siteRoot });
  site = await startSiteServer({
    siteRoot,
    platformUrl: platform.url,
    projectId: PROJECT_ID,
    deliveryToken: DELIVERY_TOKEN,
    port: 0,
    logger: false,
  });
}, 240_000);

afterAll(async () => {
  await site?.close();
  await platform?.dispose();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('a new site from create-canopy-site', () => {
  it('builds into dist/client and dist/server', () => {
    expect(existsSync(join(siteRoot, 'dist', 'server', 'entry-server.js'))).toBe(true);
    expect(existsSync(join(siteRoot, 'dist', 'client', '.vite', 'manifest.json'))).toBe(true);
  });

  it('renders the home page entry through its content type mapping, in its layout, with its scripts', async () => {
    const page = await httpGet(site.url, '/');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<h1>Aberwen University</h1>');
    expect(page.body).toMatch(/<a class="site-name" href="\/"[^>]*>My Canopy site<\/a>/);
    expect(page.body).toContain('<h2 id="featured-courses">Featured courses</h2>');
    expect(page.body).toMatch(
      /<li><a href="\/courses\/[^"]+"[^>]*>[^<]+<\/a> \((Undergraduate|Postgraduate)/,
    );
    const script = /<script type="module" src="(\/static\/assets\/entry-client-[\w-]+\.js)"/.exec(
      page.body,
    )?.[1];
    expect(script).toBeTruthy();
    expect((await httpGet(site.url, script as string)).status).toBe(200);
  });

  it('renders its static route and answers 404 elsewhere', async () => {
    const about = await httpGet(site.url, '/about-this-site');
    expect(about.status).toBe(200);
    expect(about.body).toContain('<h1>About this site</h1>');
    expect(about.body).toContain('<title>About this site');
    expect((await httpGet(site.url, '/no-such-page')).status).toBe(404);
  });
});
