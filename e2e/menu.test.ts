import { AxeBuilder } from '@axe-core/playwright';
import { encodeConsent } from '@canopy/web';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { describeProblems, useBrowser } from './support/browser.js';
import { DEMO, mainHeading, waitForHydration } from './support/site.js';

const browser = useBrowser();

/** A phone's viewport (iPhone 12 to 15). */
const PHONE = { width: 390, height: 844 };

const menuButton = (page: Page) => page.getByRole('button', { name: 'Menu' });
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const menuLink = (page: Page, name: string) => mainNav(page).getByRole('link', { name, exact: true });

/** The height of the site header in CSS pixels. */
const headerHeight = (page: Page) =>
  page.locator('.site-header').evaluate((header) => header.getBoundingClientRect().height);

async function openOnPhone(path: string): Promise<Page> {
  const { page } = browser;
  // A visitor who has answered the cookie question: the popup would come first in the tab order.
  await page.context().addCookies([
    {
      name: 'aberwen_consent',
      value: encodeConsent({ analytics: false, advertising: false, functional: false, marketing: false }),
      url: browser.siteUrl,
    },
  ]);
  await page.setViewportSize(PHONE);
  const response = await page.goto(browser.url(path));
  expect(response?.ok()).toBe(true);
  await waitForHydration(page);
  return page;
}

describe('the main menu on a phone', () => {
  it('folds the links behind a menu button, so the header is one row', async () => {
    const page = await openOnPhone(DEMO.home.path);
    await expect(menuButton(page).isVisible()).resolves.toBe(true);
    await expect(menuButton(page).getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(menuButton(page).getAttribute('aria-controls')).resolves.toBe('main-menu');
    await expect(page.locator('#main-menu').count()).resolves.toBe(1);
    await expect(menuLink(page, DEMO.courses.title).isVisible()).resolves.toBe(false);
    // One row: the site name and the button (the account links are in the menu), then the
    // search box's row; the links wrapped to three rows before, about 170 px without the
    // search box.
    const folded = await headerHeight(page);
    expect(folded).toBeLessThan(180);

    await menuButton(page).click();
    await expect(menuButton(page).getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(menuLink(page, DEMO.courses.title).isVisible()).resolves.toBe(true);
    expect(await headerHeight(page)).toBeGreaterThan(folded);
    await menuButton(page).click();
    await expect(menuLink(page, DEMO.courses.title).isVisible()).resolves.toBe(false);
  });

  it('opens from the keyboard, closes on Escape and gives focus back to the button', async () => {
    const page = await openOnPhone(DEMO.home.path);
    // Skip link, the language bar's Cymraeg, site name, menu button.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent?.trim())).resolves.toBe('Menu');
    await page.keyboard.press('Enter');
    await expect(menuButton(page).getAttribute('aria-expanded')).resolves.toBe('true');

    // The links come next in the tab order.
    await page.keyboard.press('Tab');
    const first = await mainNav(page).getByRole('link').first().textContent();
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe(first);

    await page.keyboard.press('Escape');
    await expect(menuButton(page).getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(menuLink(page, DEMO.courses.title).isVisible()).resolves.toBe(false);
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).resolves.toBe(
      'main-menu',
    );

    // Space opens it too; Escape from the button leaves focus there.
    await page.keyboard.press('Space');
    await expect(menuButton(page).getAttribute('aria-expanded')).resolves.toBe('true');
    await page.keyboard.press('Escape');
    await expect(menuButton(page).getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).resolves.toBe(
      'main-menu',
    );
    expect(browser.problems, describeProblems(browser.problems)).toEqual([]);
  });

  it('closes when a link is followed, marking the new section as current', async () => {
    const page = await openOnPhone(DEMO.home.path);
    await menuButton(page).click();
    await menuLink(page, DEMO.events.title).click();
    await expect.poll(() => mainHeading(page).textContent()).toContain(DEMO.events.title);
    await expect(menuButton(page).getAttribute('aria-expanded')).resolves.toBe('false');
    await menuButton(page).click();
    await expect(menuLink(page, DEMO.events.title).getAttribute('aria-current')).resolves.toBe('page');
  });

  // Two axe runs on a shared machine: more time than the default.
  it('has no serious accessibility problem, open or closed', { timeout: 180_000 }, async () => {
    const page = await openOnPhone(DEMO.home.path);
    for (const open of [false, true]) {
      if (open) await menuButton(page).click();
      const results = await new AxeBuilder({ page }).analyze();
      const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(
        blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        `menu open: ${open}`,
      ).toEqual([]);
    }
  });

  it('shows the links without a button when JavaScript is off', async () => {
    const context = await browser.browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    try {
      const page = await context.newPage();
      await page.goto(browser.url(DEMO.home.path));
      await expect(menuButton(page).isVisible()).resolves.toBe(false);
      for (const section of [DEMO.courses, DEMO.news, DEMO.events, DEMO.people]) {
        await expect(menuLink(page, section.title).isVisible(), section.title).resolves.toBe(true);
      }
    } finally {
      await context.close();
    }
  });
});

describe('the main menu on a wide screen', () => {
  it('shows the links in the header and no menu button', async () => {
    const { page } = browser;
    await page.goto(browser.url(DEMO.home.path));
    await waitForHydration(page);
    await expect(menuButton(page).isVisible()).resolves.toBe(false);
    await expect(menuLink(page, DEMO.courses.title).isVisible()).resolves.toBe(true);
    // Two rows: the site name and the account links, then the links and the search box.
    expect(await headerHeight(page)).toBeLessThan(120);
  });
});
