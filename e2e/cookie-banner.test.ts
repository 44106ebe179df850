import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';
import { useBrowser } from './support/browser.js';
import { expectUncovered } from './support/covered.js';
import { waitForHydration } from './support/site.js';

// Issue 29, point 5: on a first visit (no cookie choice yet) the cookie popup (fixed at the
// bottom left, as the spec places it) does not cover the home page's call to action, at 1280
// and 390 px: the button comes straight after the heading. It used to come after the
// introduction, where the popup covered it at both widths.

const browser = useBrowser();
const SHOTS = fileURLToPath(new URL('../test-results/cookie-popup/', import.meta.url));
const viewport = (width: number) => ({ width, height: width > 600 ? 800 : 844 });

describe('the cookie popup of a first visit', { timeout: 60_000 }, () => {
  for (const width of [1280, 390]) {
    it(`does not cover the home page's call to action at ${width} px`, async () => {
      const { page } = browser;
      await page.setViewportSize(viewport(width));
      await page.goto(browser.url('/'));
      await waitForHydration(page);
      await page.getByRole('dialog', { name: 'Cookie consent' }).waitFor();
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}home-first-visit-${width}.png` });
      await expectUncovered(
        page,
        page.getByRole('main').getByRole('link', { name: 'Book your place at an open day' }),
      );
    });
  }
});
