import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { encodeConsent } from '@canopy/web';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAxeClean } from './support/accounts.js';
import { describeProblems, useBrowser } from './support/browser.js';
import { DEMO, waitForHydration } from './support/site.js';

const browser = useBrowser();

/** A phone's viewport (iPhone 12 to 15): its first screen is 844 px high. */
const PHONE = { width: 390, height: 844 };
const SHOTS = fileURLToPath(new URL('../test-results/phone-search/', import.meta.url));

/** A visitor who has answered the cookie question: the popup would cover the first screen. */
async function answeredConsent(context: BrowserContext): Promise<void> {
  await context.addCookies([
    {
      name: 'aberwen_consent',
      value: encodeConsent({ analytics: false, advertising: false, functional: false, marketing: false }),
      url: browser.siteUrl,
    },
  ]);
}

const filtersFold = (page: Page) => page.getByRole('main').locator('summary');
const resultCount = (page: Page) => page.locator('.search-result-count');

/** Where an element's box starts and ends, from the top of the page (not the view). */
function boxOnPage(page: Page, selector: string) {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const box = element.getBoundingClientRect();
      return { top: box.top + window.scrollY, bottom: box.bottom + window.scrollY };
    });
}

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}${name}.png` });
}

describe('search on a phone', () => {
  it('shows the count and the first result in the first screen after a search, the filters folded', async () => {
    const { page, context } = browser;
    await answeredConsent(context);
    await page.setViewportSize(PHONE);
    await page.goto(browser.url('/search'));
    await waitForHydration(page);
    await shot(page, 'search-390-before');
    const box = page.getByRole('main').getByRole('searchbox', { name: /Search for courses/ });
    await box.fill('marine');
    await box.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('term') === 'marine');
    await expect.poll(() => resultCount(page).textContent()).toMatch(/^\d+ results? for “marine”/);
    await shot(page, 'search-390-after');

    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const count = await boxOnPage(page, '.search-result-count');
    expect(count.bottom).toBeLessThanOrEqual(PHONE.height);
    const firstTitle = await boxOnPage(page, '.search-result-list .search-result-title');
    expect(firstTitle.bottom).toBeLessThanOrEqual(PHONE.height);

    // The filters wait behind their fold; opening it shows them, none saying "(0)".
    await expect(filtersFold(page).textContent()).resolves.toBe('Filters');
    await expect(page.getByRole('checkbox', { name: /^Undergraduate/ }).isVisible()).resolves.toBe(false);
    await filtersFold(page).click();
    await expect(page.getByRole('checkbox', { name: /^Undergraduate/ }).isVisible()).resolves.toBe(true);
    const labels = await page.locator('.search-filter-items label').allTextContents();
    expect(labels.length).toBeGreaterThan(0);
    expect(labels.filter((label) => label.includes('(0)'))).toEqual([]);

    // A tick searches at once; the fold stays open and says how many are chosen.
    await page.getByRole('checkbox', { name: /^Undergraduate/ }).check();
    await page.waitForURL((url) => url.searchParams.get('level') === 'Undergraduate');
    await expect.poll(() => filtersFold(page).textContent()).toBe('Filters (1 selected)');
    await expect(page.getByRole('checkbox', { name: /^Undergraduate/ }).isChecked()).resolves.toBe(true);
    await expect.poll(() => resultCount(page).textContent()).toMatch(/^1 result for “marine”/);
    expect(browser.problems, describeProblems(browser.problems)).toEqual([]);
  });

  it('folds the course listing filters too, so the courses start in the second screen, not the fourth', async () => {
    const { page, context } = browser;
    await answeredConsent(context);
    await page.setViewportSize(PHONE);
    await page.goto(browser.url(DEMO.courses.path));
    await waitForHydration(page);
    await shot(page, 'courses-390');
    await expect(filtersFold(page).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('checkbox', { name: /^Part-time/ }).isVisible()).resolves.toBe(false);
    // The section's picture and words come first; the courses follow within two screens
    // (2,244 px down under the filters before they folded).
    const firstCard = await boxOnPage(page, '#listing-cards > *');
    expect(firstCard.top).toBeLessThan(2 * PHONE.height);
  });

  it('shows the event categories as one row that scrolls sideways, every chip reachable by Tab', async () => {
    const { page, context } = browser;
    await answeredConsent(context);
    await page.setViewportSize(PHONE);
    await page.goto(browser.url(DEMO.events.path));
    await waitForHydration(page);
    const categories = page.getByRole('navigation', { name: 'Event categories' }).getByRole('link');
    const tops = await categories.evaluateAll((links) =>
      links.map((link) => link.getBoundingClientRect().top),
    );
    expect(tops.length).toBeGreaterThan(3);
    expect(new Set(tops).size).toBe(1);
    // The last chip starts out of view; focusing it scrolls the row, not the page sideways.
    const last = categories.last();
    expect(await last.evaluate((link) => link.getBoundingClientRect().left)).toBeGreaterThan(PHONE.width);
    await last.focus();
    const box = await last.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
  });

  it('puts "Skip to results" before the filters, leading keyboard focus to the results', async () => {
    const { page } = browser;
    await page.goto(browser.url('/search/courses?term=marine'));
    await waitForHydration(page);
    const skip = page.getByRole('link', { name: 'Skip to results' });
    // Before every filter in the document (and so in the tab order).
    expect(
      await skip.evaluate((link) => {
        const first = document.querySelector('.search-filters input');
        return first
          ? Boolean(link.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING)
          : false;
      }),
    ).toBe(true);
    // Out of sight until it has focus, then shown.
    expect(await skip.evaluate((link) => link.getBoundingClientRect().width)).toBeLessThanOrEqual(1);
    await skip.focus();
    expect(await skip.evaluate((link) => link.getBoundingClientRect().width)).toBeGreaterThan(20);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('search-results');
    // The next Tab goes on from the results, past every filter.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('.search-filters') === null)).toBe(true);
  });

  it('shows the filters beside the results on a wide screen, with no fold to open', async () => {
    const { page } = browser;
    await page.goto(browser.url('/search/courses?term=marine'));
    await waitForHydration(page);
    await expect(filtersFold(page).isVisible()).resolves.toBe(false);
    await expect(page.getByRole('checkbox', { name: /^Undergraduate/ }).isVisible()).resolves.toBe(true);
    const filters = await page.locator('.search-filters').boundingBox();
    const results = await page.locator('#search-results').boundingBox();
    expect(filters && results && filters.x + filters.width <= results.x).toBe(true);
  });
});

describe('filters without JavaScript', () => {
  it('open the fold, tick a filter and apply it on a phone; shown at once on a wide screen', async () => {
    const context = await browser.browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    try {
      await answeredConsent(context);
      const page = await context.newPage();
      await page.goto(browser.url('/search/courses?term=marine'));
      await expect(page.getByRole('checkbox', { name: /^Undergraduate/ }).isVisible()).resolves.toBe(false);
      await filtersFold(page).click();
      await page.getByRole('checkbox', { name: /^Undergraduate/ }).check();
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await page.waitForURL((url) => url.searchParams.get('level') === 'Undergraduate');
      await expect(filtersFold(page).textContent()).resolves.toBe('Filters (1 selected)');
      await expect(resultCount(page).textContent()).resolves.toMatch(/^1 result for “marine”/);
      const count = await boxOnPage(page, '.search-result-count');
      expect(count.bottom).toBeLessThanOrEqual(PHONE.height);

      await page.setViewportSize({ width: 1280, height: 800 });
      await expect(filtersFold(page).isVisible()).resolves.toBe(false);
      await expect(page.getByRole('checkbox', { name: /^Undergraduate/ }).isChecked()).resolves.toBe(true);
      await expect(page.getByRole('checkbox', { name: /^Undergraduate/ }).isVisible()).resolves.toBe(true);
    } finally {
      await context.close();
    }
  });
});

// Axe runs are slow on a shared machine: more time than the default.
describe('accessibility of the folded filters', { timeout: 180_000 }, () => {
  it('axe finds nothing serious on a phone, the fold closed and open, nor on the course listing', async () => {
    const { page, context } = browser;
    await answeredConsent(context);
    await page.setViewportSize(PHONE);
    await page.goto(browser.url('/search/courses?term=marine&level=Undergraduate'));
    await waitForHydration(page);
    await expectAxeClean(page);
    await filtersFold(page).click();
    await expectAxeClean(page);
    await page.goto(browser.url(DEMO.courses.path));
    await waitForHydration(page);
    await expectAxeClean(page);
    await page.goto(browser.url(DEMO.events.path));
    await waitForHydration(page);
    await expectAxeClean(page);
  });
});
