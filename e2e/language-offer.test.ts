import { mkdirSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.js';
import { mainHeading, waitForHydration } from './support/site.js';

// The offer of the page in the browser's language: a visitor whose browser prefers Welsh, on
// an English page, is offered the Welsh page (never sent there), and the same for English on
// a Welsh page; "no thanks" is remembered; without JavaScript there is no offer. The offer is
// decided in the browser, so the server's pages are the same for every visitor.

const browser = useBrowser();
const SHOTS = process.env.E2E_SHOTS_DIR ?? null;

const ENGLISH = '/courses/llb-law';
const WELSH = '/cy/cyrsiau/llb-y-gyfraith';
const WELSH_OFFER = 'Mae’r wefan hon ar gael yn Gymraeg hefyd.';
const ENGLISH_OFFER = 'This website is also available in English.';

async function contextFor(locale: string, width: number, javaScriptEnabled = true): Promise<BrowserContext> {
  const context = await browser.browser.newContext({
    locale,
    viewport: { width, height: width < 600 ? 844 : 800 },
    javaScriptEnabled,
  });
  context.setDefaultTimeout(15_000);
  return context;
}

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
}

/** The page as it settles: hydrated, and the code loaded after it (the offer's included) has arrived. */
async function settled(page: Page): Promise<void> {
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
}

/** The text of what has the keyboard's focus. */
function focusedText(page: Page): Promise<string> {
  return page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
}

/** Answers the cookie popup (the offer waits for it): declines, in the page's words. */
async function answerCookies(page: Page, decline: string): Promise<void> {
  await page.getByRole('button', { name: decline, exact: true }).click();
}

/**
 * On a phone the bar is a strip at the bottom: its link and button side by side on one row,
 * each a thumb high (44 px), and the whole bar a small share of the window.
 */
async function expectCompactOnAPhone(page: Page, offer: ReturnType<Page['getByRole']>): Promise<void> {
  const [bar, link, button] = await Promise.all([
    offer.boundingBox(),
    offer.getByRole('link').boundingBox(),
    offer.getByRole('button').boundingBox(),
  ]);
  if (!bar || !link || !button) throw new Error('the offer is not on the screen');
  const viewport = page.viewportSize();
  if (!viewport) throw new Error('the page has no viewport');
  expect(Math.round(link.y)).toBe(Math.round(button.y));
  expect(link.x + link.width).toBeLessThanOrEqual(button.x);
  expect(button.x + button.width).toBeLessThanOrEqual(viewport.width);
  expect(Math.min(link.height, button.height)).toBeGreaterThanOrEqual(44);
  expect(bar.y + bar.height).toBeCloseTo(viewport.height, 0);
  expect(bar.height).toBeLessThanOrEqual(viewport.height * 0.16);
}

describe('the offer of the page in the browser’s language', () => {
  for (const width of [1280, 390]) {
    it(`offers a Welsh browser the Welsh page of an English one, and remembers no thanks, at ${width} px`, async () => {
      const context = await contextFor('cy-GB', width);
      try {
        const page = await context.newPage();
        const answer = await page.goto(browser.url(ENGLISH));
        // The server's page is the one for every visitor: it does not vary on the language.
        expect(answer?.headers().vary ?? '').not.toMatch(/accept-language/i);
        await settled(page);
        // One overlay at a time: the offer waits for the cookie popup to be answered.
        const offer = page.getByRole('region', { name: WELSH_OFFER });
        await expect(offer.count()).resolves.toBe(0);
        await answerCookies(page, 'Decline all');
        await offer.waitFor();
        await expect(offer.getAttribute('lang')).resolves.toBe('cy');
        const accept = offer.getByRole('link', { name: 'Darllen yn Gymraeg' });
        await expect(accept.getAttribute('href')).resolves.toBe(WELSH);
        // Offered, not sent: the page is still the English one.
        await expect(mainHeading(page).textContent()).resolves.toBe('LLB Law');
        await shot(page, `offer-welsh-${width}`);
        if (width < 600) await expectCompactOnAPhone(page, offer);

        // It comes first for the keyboard: the first thing to focus on the page.
        await expect(
          page.evaluate(() => document.querySelector<HTMLElement>('a[href], button, input')?.textContent),
        ).resolves.toBe('Darllen yn Gymraeg');
        await accept.focus();
        await page.keyboard.press('Tab');
        await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Dim diolch');
        await page.keyboard.press('Enter');
        await expect(offer.count()).resolves.toBe(0);

        await page.reload();
        await settled(page);
        await expect(page.getByRole('region', { name: WELSH_OFFER }).count()).resolves.toBe(0);
      } finally {
        await context.close();
      }
    });
  }

  for (const width of [1280, 390]) {
    it(`is the next stop for the keyboard once the cookie popup is answered, without taking focus, at ${width} px`, async () => {
      const context = await contextFor('cy-GB', width);
      try {
        const page = await context.newPage();
        await page.goto(browser.url(ENGLISH));
        await settled(page);
        // The visitor reaches the popup's Decline all with the keyboard and answers it there.
        for (let stop = 0; stop < 10 && (await focusedText(page)) !== 'Decline all'; stop += 1)
          await page.keyboard.press('Tab');
        await expect(focusedText(page)).resolves.toBe('Decline all');
        await page.keyboard.press('Enter');
        const offer = page.getByRole('region', { name: WELSH_OFFER });
        await offer.waitFor();
        // Shown, not focused: focus is where the popup left it, not in the offer.
        await expect(page.evaluate(() => document.activeElement === document.body)).resolves.toBe(true);
        // One region, named once, and no live region: a screen reader meets it when it gets there.
        await expect(offer.count()).resolves.toBe(1);
        await expect(
          offer.evaluate((bar) => bar.closest('[aria-live], [role="alert"], [role="status"]') === null),
        ).resolves.toBe(true);
        // The next Tab goes on from where the popup stood: to the offer, then the page from its skip link.
        const order: string[] = [];
        for (let stop = 0; stop < 4; stop += 1) {
          await page.keyboard.press('Tab');
          order.push(await focusedText(page));
          if (stop === 0) await shot(page, `offer-welsh-${width}-keyboard`);
        }
        expect(order).toEqual(['Darllen yn Gymraeg', 'Dim diolch', 'Skip to content', 'Cymraeg']);
        // Where it stands in the page's order is not where it shows: still at the bottom.
        const [bar, viewport] = [await offer.boundingBox(), page.viewportSize()];
        expect((bar?.y ?? 0) + (bar?.height ?? 0)).toBeCloseTo(viewport?.height ?? 0, 0);
      } finally {
        await context.close();
      }
    });
  }

  it('takes the visitor to the Welsh page when they accept, and asks no more', async () => {
    const context = await contextFor('cy', 1280);
    try {
      const page = await context.newPage();
      await page.goto(browser.url(ENGLISH));
      await waitForHydration(page);
      await answerCookies(page, 'Decline all');
      await page.getByRole('link', { name: 'Darllen yn Gymraeg' }).click();
      await page.waitForURL(browser.url(WELSH));
      await settled(page);
      await expect(mainHeading(page).textContent()).resolves.toBe('LLB y Gyfraith');
      await page.goto(browser.url(ENGLISH));
      await settled(page);
      await expect(page.getByRole('region', { name: WELSH_OFFER }).count()).resolves.toBe(0);
    } finally {
      await context.close();
    }
  });

  for (const width of [1280, 390]) {
    it(`offers an English browser the English page of a Welsh one, at ${width} px`, async () => {
      const context = await contextFor('en-GB', width);
      try {
        const page = await context.newPage();
        await page.goto(browser.url(WELSH));
        await waitForHydration(page);
        await answerCookies(page, 'Gwrthod y cyfan');
        const offer = page.getByRole('region', { name: ENGLISH_OFFER });
        await offer.waitFor();
        await expect(offer.getAttribute('lang')).resolves.toBe('en-GB');
        await expect(
          offer.getByRole('link', { name: 'Read it in English' }).getAttribute('href'),
        ).resolves.toBe(ENGLISH);
        await shot(page, `offer-english-${width}`);
        if (width < 600) await expectCompactOnAPhone(page, offer);
        const results = await new AxeBuilder({ page }).analyze();
        const blocking = results.violations.filter((violation) =>
          ['serious', 'critical'].includes(violation.impact ?? ''),
        );
        expect(blocking.map((violation) => `${violation.id}: ${violation.nodes[0]?.html}`)).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it('stands aside while the phone menu is open, and comes back when it closes', async () => {
    const context = await contextFor('cy-GB', 390);
    try {
      const page = await context.newPage();
      await page.goto(browser.url(ENGLISH));
      await settled(page);
      await answerCookies(page, 'Decline all');
      const offer = page.getByRole('region', { name: WELSH_OFFER });
      await offer.waitFor();
      const menu = page.getByRole('button', { name: 'Menu' });
      await menu.click();
      await expect(menu.getAttribute('aria-expanded')).resolves.toBe('true');
      await expect(offer.isVisible()).resolves.toBe(false);
      await shot(page, 'offer-welsh-390-menu-open');
      await menu.click();
      await expect(offer.isVisible()).resolves.toBe(true);
    } finally {
      await context.close();
    }
  });

  it('offers nothing to a browser that prefers the page’s language, nor without JavaScript', async () => {
    const english = await contextFor('en-GB', 1280);
    try {
      const page = await english.newPage();
      await page.goto(browser.url(ENGLISH));
      await waitForHydration(page);
      await answerCookies(page, 'Decline all');
      await page.waitForLoadState('networkidle');
      await expect(page.locator('.language-offer').count()).resolves.toBe(0);
    } finally {
      await english.close();
    }
    const noScript = await contextFor('cy-GB', 390, false);
    try {
      const page = await noScript.newPage();
      await page.goto(browser.url(ENGLISH));
      await page.waitForLoadState('networkidle');
      await expect(page.locator('.language-offer').count()).resolves.toBe(0);
    } finally {
      await noScript.close();
    }
  });
});
