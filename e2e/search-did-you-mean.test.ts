import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { describeProblems, useBrowser } from './support/browser.js';
import { readMarker, setMarker, waitForHydration } from './support/site.js';

// No dead ends for words (issue 25, point 3): "Did you mean …" for a misspelt term, a plain
// link that works with JavaScript and without; and results for some of the words when all of
// them together found nothing, saying so.

const browser = useBrowser();
const SHOTS = fileURLToPath(new URL('../test-results/search-did-you-mean/', import.meta.url));
const resultCount = (page: Page) => page.locator('.search-result-count');
const suggestion = (page: Page) =>
  page.getByRole('main').getByRole('link', { name: 'psychology', exact: true });

/** Screenshots at 1280 px and at 390 px (a phone), of the top of the page, for people to look at. */
async function screenshots(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const decline = page.getByRole('button', { name: 'Decline all' });
  if (await decline.isVisible()) await decline.click();
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.locator('.search-advice').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe('did you mean', () => {
  it('offers “psychology” for “pyschology”, and the link searches for it', async () => {
    const { page } = browser;
    await page.goto(browser.url('/search/all?term=pyschology'));
    await waitForHydration(page);
    await expect(page.getByRole('main').innerText()).resolves.toContain('Did you mean psychology?');
    await screenshots(page, 'pyschology');
    const marker = await setMarker(page);
    await suggestion(page).click();
    await page.waitForURL((url) => url.searchParams.get('term') === 'psychology');
    await expect
      .poll(() => resultCount(page).textContent(), { timeout: 20_000 })
      .toMatch(/^[1-9]\d* results? for “psychology”/);
    await expect(page.getByRole('main').innerText()).resolves.not.toContain('Did you mean');
    // A client navigation, as any link of the site.
    await expect(readMarker(page)).resolves.toBe(marker);
    expect(browser.problems, describeProblems(browser.problems)).toEqual([]);
  });

  it('does the same without JavaScript', async () => {
    const context = await browser.browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(browser.url('/search/all?term=pyschology'));
      await expect(page.getByRole('main').innerText()).resolves.toContain('Did you mean psychology?');
      await suggestion(page).click();
      await page.waitForURL((url) => url.searchParams.get('term') === 'psychology');
      await expect(resultCount(page).textContent()).resolves.toMatch(/^[1-9]\d* results? for “psychology”/);
      await expect(page.getByRole('main').innerText()).resolves.not.toContain('Did you mean');
    } finally {
      await context.close();
    }
  });
});

describe('some of the words', () => {
  it('shows results for some of the words when all of them find nothing, and says so', async () => {
    const { page } = browser;
    await page.goto(browser.url('/search/all?term=how+to+get+to+aberwen+by+train'));
    await waitForHydration(page);
    await expect(resultCount(page).textContent()).resolves.toMatch(/^[1-9]\d* results? for “how to get/);
    await expect(page.getByRole('main').innerText()).resolves.toContain(
      'No results for all of your words — showing results for some of them.',
    );
    await expect(
      page
        .getByRole('main')
        .getByRole('link', { name: /Getting here/ })
        .first()
        .isVisible(),
    ).resolves.toBe(true);
    await screenshots(page, 'some-words');
    expect(browser.problems, describeProblems(browser.problems)).toEqual([]);
  });
});
