import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { describeProblems, useBrowser } from './support/browser.js';
import { e2eEnvironment } from './support/environment.js';
import { DEMO, mainHeading, readMarker, setMarker, waitForHydration } from './support/site.js';

const browser = useBrowser();
const env = e2eEnvironment();
const { version } = env;

function installedVersion(name: string): string {
  const file = new URL(`../node_modules/${name}/package.json`, import.meta.url);
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}
const sitePackage = JSON.parse(readFileSync(new URL('../site/package.json', import.meta.url), 'utf8')) as {
  name: string;
  version: string;
};

/** The value cell of the row of the version table with this label. */
function row(page: Page, label: string): Locator {
  return page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) })
    .getByRole('cell');
}

async function text(locator: Locator): Promise<string> {
  return (await locator.innerText()).replace(/\s+/g, ' ').trim();
}

/** The items of a list cell, whitespace normalised. */
async function items(locator: Locator): Promise<string[]> {
  return (await locator.getByRole('listitem').allInnerTexts()).map((item) =>
    item.replace(/\s+/g, ' ').trim(),
  );
}

async function linkHref(cell: Locator, name: string | RegExp): Promise<string | null> {
  return cell.getByRole('link', { name }).getAttribute('href');
}

/** The status colour of a cell as `green`, `red` or the computed colour. */
async function statusColour(cell: Locator): Promise<string> {
  const colour = await cell.locator('strong').evaluate((element) => getComputedStyle(element).color);
  const [r = 0, g = 0, b = 0] = (colour.match(/\d+/g) ?? []).map(Number);
  if (g > r * 1.5 && g > b) return 'green';
  if (r > g * 1.5 && r > b) return 'red';
  return colour;
}

async function expectEveryItem(page: Page): Promise<void> {
  await expect(mainHeading(page).textContent()).resolves.toBe('Version information');

  expect(await text(row(page, 'Package'))).toBe(`${sitePackage.name} ${sitePackage.version}`);
  expect(await text(row(page, 'Repository'))).toContain(version.repository.replace(/^https:\/\//, ''));
  expect(await row(page, 'Repository').getByRole('link').count()).toBe(1);

  const pipeline = row(page, 'Pipeline');
  expect(await linkHref(pipeline, version.pipelineUrl)).toBe(version.pipelineUrl);
  expect(await text(pipeline)).toContain(version.buildNo);

  const commit = row(page, 'Commit');
  expect(await linkHref(commit, version.commitRef)).toBe(`${version.repository}/commit/${version.commitRef}`);

  expect(await text(row(page, 'Project'))).toBe('website');
  expect(await text(row(page, 'Environment alias'))).toBe(version.environmentAlias);
  expect(await linkHref(row(page, 'Public URI'), version.publicUri)).toBe(version.publicUri);

  const packages = await items(row(page, 'Package versions'));
  for (const name of ['@canopy/web', '@canopy/client', 'react', 'react-dom', 'react-router']) {
    expect(packages, name).toContain(`${name} ${installedVersion(name)}`);
  }

  expect(await items(row(page, 'Servers'))).toEqual([
    `web: ${version.publicUri}`,
    `preview: ${version.servers.preview}`,
    `api: ${env.platformUrl}`,
    `cms: ${env.platformUrl}`,
    `iis: ${version.servers.iis}`,
    `iis preview: ${version.servers.iisPreview}`,
  ]);
  expect(await linkHref(row(page, 'Servers'), version.servers.iisPreview)).toBe(version.servers.iisPreview);

  expect(await items(row(page, 'Reverse proxy paths'))).toEqual([
    '/image-library/*',
    '/video-library/*',
    '/asset-library/*',
    '/api/delivery/*',
  ]);
  expect(await items(row(page, 'Projects'))).toEqual([
    `website: ${version.publicUri}`,
    `${version.otherProject.id}: ${version.otherProject.publicUri}`,
  ]);

  const delivery = await items(row(page, 'Delivery API'));
  expect(delivery).toContain(`root URL: ${env.platformUrl}`);
  expect(delivery).toContain('project: website');
  expect(delivery).toContain('access token: configured');
  expect(await text(row(page, 'Delivery API requests proxied'))).toBe('yes');
  expect(await text(row(page, 'Server-side inline state disabled'))).toBe('no');

  const runtime = row(page, 'Runtime environment');
  expect(await text(runtime)).toBe('production');
  expect(await statusColour(runtime)).toBe('green');

  const html = await page.content();
  expect(html).not.toContain(env.deliveryToken);
  expect(html).not.toContain(env.previewToken);
}

describe('the version page', () => {
  it('shows every item of the spec, and never a token', async () => {
    const { page } = browser;
    const response = await page.goto(browser.url('/version'));
    expect(response?.status()).toBe(200);
    const html = (await response?.text()) ?? '';
    expect(html).not.toContain(env.deliveryToken);
    expect(html).not.toContain(env.previewToken);
    await waitForHydration(page);
    await expectEveryItem(page);

    // 127.0.0.1 counts as local: the site reads the latest content there, shown in red.
    const status = row(page, 'Content version status');
    expect(await text(status)).toBe('latest');
    expect(await statusColour(status)).toBe('red');
    expect(browser.problems, describeProblems(browser.problems)).toEqual([]);
  });

  it('shows published content in green', async () => {
    const { page } = browser;
    await page.goto(browser.url('/version?versionStatus=published'));
    const status = row(page, 'Content version status');
    expect(await text(status)).toBe('published');
    expect(await statusColour(status)).toBe('green');
  });

  it('shows the same information after a client navigation to it', async () => {
    const { page } = browser;
    await page.goto(browser.url(DEMO.home.path));
    await waitForHydration(page);
    await setMarker(page);
    await page.getByRole('link', { name: 'Version information', exact: true }).click();
    await expect.poll(() => page.url()).toBe(browser.url('/version'));
    await expect.poll(() => row(page, 'Package').count(), { timeout: 10_000 }).toBe(1);
    await expectEveryItem(page);
    expect(await readMarker(page)).not.toBeNull();
    expect(browser.problems, describeProblems(browser.problems)).toEqual([]);
  });
});
