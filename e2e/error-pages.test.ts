import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { DEMO_HOSTS, type RunningSiteServer, startSiteServer } from '@canopy/web';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_TOKEN, PREVIEW_TOKEN, PROJECT_ID } from '../packages/web/src/test-support/platform.js';
import { describeProblems, useBrowser } from './support/browser.js';
import { e2eEnvironment } from './support/environment.js';
import { DEMO, mainHeading, waitForHydration } from './support/site.js';

// The demo's error pages as visitors see them: plain headings and titles without a status
// code, in English and in Welsh, on a wide screen and a phone, with and without JavaScript.
// Each page is also saved as a picture to look at (the folder the task's screenshots go to).

const browser = useBrowser();
const env = e2eEnvironment();
const SHOTS = '/tmp/shots/error-words/';

const WIDTHS = [1280, 390] as const;

/** Saves the whole page at each width under SHOTS (`<name>-1280.png`, `<name>-390.png`). */
async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.screenshot({ path: `${SHOTS}${name}-${width}.png`, fullPage: true });
  }
}

/** The first paragraph under the page's heading: what to do next. */
const lead = (page: Page) => page.getByRole('main').locator('.lead').textContent();

describe('the not-found page', () => {
  it('says "Page not found" in the heading and the title, and what to do next', async () => {
    const { page } = browser;
    const response = await page.goto(browser.url(DEMO.missing.path));
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    await expect(mainHeading(page).textContent()).resolves.toBe('Page not found');
    expect(await page.title()).toBe('Page not found | Aberwen University');
    await expect(lead(page)).resolves.toBe(
      'If you typed the address, check it is correct. The page may also have moved: try searching for it.',
    );
    await shoot(page, 'not-found-en');
    // Chromium reports the page's own 404 as a failed load; nothing else may go wrong.
    const problems = browser.problems.filter(
      (problem) => !(problem.url === browser.url(DEMO.missing.path) && /status of 404\b/.test(problem.text)),
    );
    expect(problems, describeProblems(problems)).toEqual([]);
  });

  it('is in Welsh under /cy', async () => {
    const { page } = browser;
    const response = await page.goto(browser.url('/cy/e2e-dim-tudalen-fel-hyn'));
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    await expect(mainHeading(page).textContent()).resolves.toBe('Heb ddod o hyd i’r dudalen');
    expect(await page.title()).toBe('Heb ddod o hyd i’r dudalen | Prifysgol Aberwen');
    await expect(lead(page)).resolves.toMatch(/^Os teipioch chi’r cyfeiriad/);
    await shoot(page, 'not-found-cy');
  });

  it('leads on by keyboard: through the search box and its button to the home page link', async () => {
    const { page } = browser;
    await page.goto(browser.url(DEMO.missing.path));
    await waitForHydration(page);
    const inMain = () =>
      page.evaluate(() => {
        const active = document.activeElement;
        return active?.closest('main') ? `${active.tagName} ${active.textContent?.trim() ?? ''}` : null;
      });
    // Tab past the skip link, the header and the cookie popup to the first control of the page.
    let reached: string | null = null;
    for (let presses = 0; presses < 60 && !reached; presses++) {
      await page.keyboard.press('Tab');
      reached = await inMain();
    }
    expect(reached).toBe('INPUT ');
    await page.keyboard.press('Tab');
    await expect(inMain()).resolves.toBe('BUTTON Search');
    await page.keyboard.press('Tab');
    await expect(inMain()).resolves.toBe('A Go to the home page');
    await page.keyboard.press('Enter');
    await expect.poll(() => mainHeading(page).textContent()).not.toBe('Page not found');
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('works without JavaScript: the same words, and the search is a plain form of the site', async () => {
    const context = await browser.browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      const response = await page.goto(browser.url(DEMO.missing.path));
      expect(response?.status()).toBe(404);
      await expect(mainHeading(page).textContent()).resolves.toBe('Page not found');
      expect(await page.title()).toBe('Page not found | Aberwen University');
      const form = page.getByRole('main').locator('form');
      await expect(form.getAttribute('action')).resolves.toBe('/search/all');
      await shoot(page, 'not-found-en-nojs');
    } finally {
      await context.close();
    }
  });
});

describe('the error page of a page that fails to load', () => {
  it('says sorry in plain words, without the status code', async () => {
    const { page } = browser;
    const response = await page.goto(browser.url(env.failingPath));
    expect(response?.status()).toBe(500);
    await expect(mainHeading(page).textContent()).resolves.toBe(DEMO.serverError.heading);
    expect(await page.title()).toBe(`${DEMO.serverError.heading} | Aberwen University`);
    await expect(lead(page)).resolves.toBe('Something went wrong on our side. Try again later.');
    await shoot(page, 'server-error-en');
  });
});

describe('the page while the platform cannot be reached (503)', () => {
  /** Takes connections and drops them at once, as a platform that went away. */
  let gone: Server;
  let site: RunningSiteServer;

  beforeAll(async () => {
    gone = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve));
    const address = gone.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    site = await startSiteServer({
      siteRoot: env.siteRoot,
      platformUrl: `http://127.0.0.1:${address.port}`,
      projectId: PROJECT_ID,
      deliveryToken: DELIVERY_TOKEN,
      previewToken: PREVIEW_TOKEN,
      port: 0,
      host: '127.0.0.1',
      logger: false,
      environment: 'production',
      hosts: DEMO_HOSTS,
      contentChanges: false,
      sessionSecret: 'e2e-session-secret-that-is-long-enough-0503',
    });
  }, 60_000);

  afterAll(async () => {
    await site?.close();
    await new Promise<void>((resolve) => (gone ? gone.close(() => resolve()) : resolve()));
  });

  it('says the page is not available right now, and to try again in a few minutes', async () => {
    const { page } = browser;
    const response = await page.goto(`${site.url}/courses/ba-history`);
    expect(response?.status()).toBe(503);
    expect(response?.headers()['retry-after']).toBe('30');
    await expect(mainHeading(page).textContent()).resolves.toBe(
      'Sorry, this page is not available right now',
    );
    expect(await page.title()).toBe('Sorry, this page is not available right now | Aberwen University');
    await expect(lead(page)).resolves.toBe('Try again in a few minutes.');
    await shoot(page, 'unavailable-en');
  });

  it('says it in Welsh under /cy', async () => {
    const { page } = browser;
    const response = await page.goto(`${site.url}/cy/cyrsiau`);
    expect(response?.status()).toBe(503);
    const heading = 'Mae’n ddrwg gennym, nid yw’r dudalen hon ar gael ar hyn o bryd';
    await expect(mainHeading(page).textContent()).resolves.toBe(heading);
    expect(await page.title()).toBe(`${heading} | Prifysgol Aberwen`);
    await expect(lead(page)).resolves.toBe('Rhowch gynnig arall arni ymhen ychydig funudau.');
    await shoot(page, 'unavailable-cy');
  });
});
