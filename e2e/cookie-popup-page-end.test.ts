import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.js';
import { DEMO, waitForHydration } from './support/site.js';

// The cookie popup of a first visit stays fixed over the bottom of the window (the spec's
// place). It used to hide the end of every page: scrolled to the end, the footer's last links
// (Version information, Cookie preferences) lay under it and could not be tapped, and a link
// reached with Tab was focused out of sight. Now the page has room at its end while the popup
// is open. Checked in English and Welsh (longer words, a taller popup), on a small phone, a
// common phone and a wide screen.

const browser = useBrowser();

const PAGES = [
  {
    language: 'English',
    path: DEMO.course.path,
    popup: 'Cookie consent',
    last: ['Version information', 'Cookie preferences'],
  },
  {
    language: 'Welsh',
    path: '/cy/cyrsiau/bsc-bioleg-y-mor',
    popup: 'Caniatâd cwcis',
    last: ['Gwybodaeth am y fersiwn', 'Dewisiadau cwcis'],
  },
] as const;

/** The footer's control with this name (a link or a button). */
function footerControl(page: Page, name: string) {
  return page
    .getByRole('contentinfo')
    .getByRole(name.startsWith('Cookie') || name.startsWith('Dewisiadau') ? 'button' : 'link', {
      name,
      exact: true,
    });
}

/** The control lies wholly above the popup, and a tap on its middle reaches it. */
async function expectAbovePopup(page: Page, popupName: string, name: string): Promise<void> {
  const control = footerControl(page, name);
  const [popupBox, box] = await Promise.all([
    page.getByRole('dialog', { name: popupName }).boundingBox(),
    control.boundingBox(),
  ]);
  expect(
    box && popupBox && box.y >= 0 && box.y + box.height <= popupBox.y,
    JSON.stringify({ name, box, popupBox }),
  ).toBe(true);
  const reached = await control.evaluate((element) => {
    const { left, top, width, height } = element.getBoundingClientRect();
    const hit = document.elementFromPoint(left + width / 2, top + height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  });
  expect(reached, name).toBe(true);
}

describe('the end of a page while the cookie popup is open', { timeout: 60_000 }, () => {
  for (const { language, path, popup: popupName, last } of PAGES) {
    for (const width of [320, 390, 1280]) {
      it(`leaves the footer's last links clear of the popup (${language}, ${width} px)`, async () => {
        const { page } = browser;
        await page.setViewportSize({ width, height: width > 600 ? 800 : 700 });
        await page.goto(browser.url(path));
        await waitForHydration(page);
        await page.getByRole('dialog', { name: popupName }).waitFor();
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        for (const name of last) await expectAbovePopup(page, popupName, name);
      });
    }

    it(`scrolls a footer link reached with the keyboard clear of the popup (${language}, 390 px)`, async () => {
      const { page } = browser;
      await page.setViewportSize({ width: 390, height: 700 });
      await page.goto(browser.url(path));
      await waitForHydration(page);
      const popup = page.getByRole('dialog', { name: popupName });
      await popup.waitFor();
      // Shift+Tab from the top of the page goes round to the page's last control.
      await page.locator('body').focus();
      await page.keyboard.press('Shift+Tab');
      const focused = page.locator(':focus');
      await expect(focused.textContent()).resolves.toBe(last[1]);
      const [popupBox, focusedBox] = await Promise.all([popup.boundingBox(), focused.boundingBox()]);
      expect(
        focusedBox && popupBox && focusedBox.y + focusedBox.height <= popupBox.y,
        JSON.stringify({ popupBox, focusedBox }),
      ).toBe(true);
    });
  }
});
