import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RunningSiteServer, startSiteServer } from '@canopy/web';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeProblems, useBrowser } from './support/browser.js';
import { e2eEnvironment } from './support/environment.js';
import { readMarker, setMarker, waitForHydration } from './support/site.js';

const browser = useBrowser();
const env = e2eEnvironment();

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
/**
 * Where the copy of the site lives while the test edits it: inside the workspace, so that its
 * imports resolve and Vite may serve the workspace packages, but not under `test-results/`,
 * which Vite's file watcher ignores. Git ignores it.
 */
const SITES_DIR = join(repoRoot, '.test-sites');

let siteRoot = '';
let dev: RunningSiteServer | null = null;

beforeAll(async () => {
  mkdirSync(SITES_DIR, { recursive: true });
  siteRoot = mkdtempSync(join(SITES_DIR, 'dev-refresh-'));
  cpSync(join(repoRoot, 'site', 'package.json'), join(siteRoot, 'package.json'));
  for (const folder of ['src', 'public']) {
    cpSync(join(repoRoot, 'site', folder), join(siteRoot, folder), {
      recursive: true,
      filter: (source) => !/\.test\.tsx?$/.test(basename(source)),
    });
  }
  dev = await startSiteServer({
    siteRoot,
    dev: true,
    platformUrl: env.platformUrl,
    projectId: 'website',
    deliveryToken: env.deliveryToken,
    port: 0,
    host: '127.0.0.1',
    logger: false,
  });
});

afterAll(async () => {
  await dev?.close();
  if (siteRoot) rmSync(siteRoot, { recursive: true, force: true });
});

/** Replaces text in a component of the copied site, as an author's editor would save it. */
function edit(file: string, from: string, to: string): void {
  const path = join(siteRoot, 'src', 'components', file);
  const source = readFileSync(path, 'utf8');
  expect(source, `${file} contains ${from}`).toContain(from);
  writeFileSync(path, source.replace(from, to));
}

const menuState = (page: Page) => page.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded');

describe('npm run dev', () => {
  it('applies component edits with React Fast Refresh, keeping the page and its state', {
    timeout: 180_000,
  }, async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    // The first request of a dev server transforms the whole site: more time than usual.
    await page.goto(`${dev?.url}/`, { timeout: 90_000 });
    await waitForHydration(page);
    // Development React reports any attribute the server wrote differently, e.g. a `useId` id.
    const mismatches = browser.problems.filter((problem) => /hydrat|did(n't| not) match/i.test(problem.text));
    expect(mismatches, describeProblems(mismatches)).toEqual([]);

    // State a full reload would lose: the open menu (React state) and a marker on window.
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(menuState(page)).resolves.toBe('true');
    const marker = await setMarker(page);

    // A component of the layout…
    edit('Footer.tsx', ">{text('Contact us')}</h2>", '>Get in touch</h2>');
    await expect
      .poll(() => page.locator('#footer-contact').textContent(), { timeout: 30_000 })
      .toBe('Get in touch');
    // …and a page component (mapped to a content type, imported by the site's configuration).
    edit('HomePage.tsx', ">{text('Featured courses')}</h2>", '>Courses we recommend</h2>');
    await expect
      .poll(() => page.locator('#featured-courses').textContent(), { timeout: 30_000 })
      .toBe('Courses we recommend');

    await expect(readMarker(page)).resolves.toBe(marker);
    await expect(menuState(page)).resolves.toBe('true');
  });

  it("shows the dev server's error in the browser overlay, and takes it away once the file is fixed", {
    timeout: 180_000,
  }, async () => {
    const { page } = browser;
    await page.goto(`${dev?.url}/`, { timeout: 90_000 });
    await waitForHydration(page);
    const overlay = page.locator('vite-error-overlay');
    await expect(overlay.count()).resolves.toBe(0);

    // A save with a syntax error: the page stays, Vite's overlay names the file.
    edit('Footer.tsx', '<footer', '<footer <');
    await expect.poll(() => overlay.count(), { timeout: 30_000 }).toBe(1);
    await expect(overlay.evaluate((element) => element.shadowRoot?.textContent ?? '')).resolves.toContain(
      'Footer.tsx',
    );

    // The fix: the overlay goes and the footer renders again.
    edit('Footer.tsx', '<footer <', '<footer');
    await expect.poll(() => overlay.count(), { timeout: 30_000 }).toBe(0);
    await expect.poll(() => page.locator('#footer-contact').count(), { timeout: 30_000 }).toBe(1);
  });
});
