import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { describeProblems, type PageProblem, useBrowser } from './support/browser.js';
import { type NetworkWatch, watchRequests } from './support/network-quiet.js';
import { DEMO, mainHeading, waitForHydration } from './support/site.js';

// Back and Forward show the page of the address, whenever they are pressed: right after the
// click that opened a page, before the code client navigation loads after hydration has
// arrived, and once everything is loaded. Each try runs in a fresh browser context (no cache,
// nothing loaded yet), since the races only show while code and data are still on their way.

const browser = useBrowser();

/** How many fresh contexts each case tries. */
const TRIES = 20;

/** How long the page of the address may take to show after Back or Forward. */
const WITHIN_MS = 1_000;

/** When Back is pressed, counted from the click on the course link. */
type BackAt = 'as the course page shows' | 'right after the click' | 'once the network is idle';

/** A fresh context at the home page, hydrated, with its problems recorded. */
async function freshHome(
  chrome: Browser,
): Promise<{ page: Page; network: NetworkWatch; problems: PageProblem[]; close(): Promise<void> }> {
  const context = await chrome.newContext({ viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const network = watchRequests(page);
  const problems: PageProblem[] = [];
  page.on('pageerror', (error) => problems.push({ kind: 'pageerror', text: error.message, url: page.url() }));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push({ kind: 'error', text: message.text(), url: page.url() });
  });
  await page.goto(browser.url(DEMO.home.path));
  await waitForHydration(page);
  return { page, network, problems, close: () => context.close() };
}

/** The heading the page shows, read in the page (one call, no retrying locator). */
const headingNow = (page: Page) =>
  page.evaluate(() => document.querySelector('h1')?.textContent?.trim() ?? null);

/** Waits for the page of `path` to show `title`, and for it to still show it a moment later. */
async function expectSettledOn(
  page: Page,
  network: NetworkWatch,
  path: string,
  title: string,
): Promise<void> {
  await expect.poll(() => page.evaluate(() => window.location.pathname)).toBe(path);
  await expect.poll(() => headingNow(page), { timeout: WITHIN_MS, interval: 20 }).toBe(title);
  // A load that finishes late must not put another page under this address.
  await network.quiet();
  expect(await headingNow(page)).toBe(title);
}

async function homeCourseBack(backAt: BackAt): Promise<void> {
  for (let attempt = 1; attempt <= TRIES; attempt++) {
    const home = await freshHome(browser.browser);
    try {
      const { page, network } = home;
      await page.getByRole('link', { name: DEMO.course.title }).first().click();
      if (backAt === 'as the course page shows') {
        await expect.poll(() => headingNow(page), { interval: 10 }).toBe(DEMO.course.title);
      } else if (backAt === 'once the network is idle') {
        await expect.poll(() => headingNow(page)).toBe(DEMO.course.title);
        await network.quiet();
      } else {
        await expect.poll(() => page.evaluate(() => window.location.pathname)).toBe(DEMO.course.path);
      }
      await page.goBack({ waitUntil: 'commit' });
      await expectSettledOn(page, network, DEMO.home.path, DEMO.home.title);

      // Forward again: the course page, whichever way it comes.
      await page.goForward({ waitUntil: 'commit' });
      await expect.poll(() => headingNow(page)).toBe(DEMO.course.title);
      await network.quiet();
      expect(await headingNow(page)).toBe(DEMO.course.title);
      expect(home.problems, `try ${attempt}\n${describeProblems(home.problems)}`).toEqual([]);
    } catch (error) {
      throw new Error(`Back ${backAt}, try ${attempt} of ${TRIES}: ${(error as Error).message}`);
    } finally {
      await home.close();
    }
  }
}

describe('Back and Forward in fresh browsers', () => {
  it(`home → course → Back shows the home page within a second, ${TRIES} times, Back as the course page shows`, async () => {
    await homeCourseBack('as the course page shows');
  });

  it(`the same, ${TRIES} times, Back right after the click (before the course page has loaded)`, async () => {
    await homeCourseBack('right after the click');
  });

  it(`the same, ${TRIES} times, Back once the network is idle`, async () => {
    await homeCourseBack('once the network is idle');
  });

  it('keeps the page of the address when Back and Forward are pressed in quick succession', async () => {
    const home = await freshHome(browser.browser);
    try {
      const { page, network } = home;
      await page.getByRole('link', { name: DEMO.course.title }).first().click();
      await expect.poll(() => headingNow(page)).toBe(DEMO.course.title);
      await page.goBack({ waitUntil: 'commit' });
      await page.goForward({ waitUntil: 'commit' });
      await page.goBack({ waitUntil: 'commit' });
      await expectSettledOn(page, network, DEMO.home.path, DEMO.home.title);
      await mainHeading(page).waitFor();
      expect(home.problems, describeProblems(home.problems)).toEqual([]);
    } finally {
      await home.close();
    }
  });
});
