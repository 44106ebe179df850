import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.js';
import { DEMO, waitForHydration } from './support/site.js';

// At 320 px - a small phone, or a 1280 px screen zoomed to 400% (WCAG 1.4.10, reflow) - no page
// scrolls sideways and the header's Search button is whole. Before, the header's search box
// would not shrink below about 350 px, so every page was 45 px too wide and the button was cut
// to "Sear"; a person's page was wider still, held open by their email address.

const browser = useBrowser();

describe('pages at 320 px', { timeout: 60_000 }, () => {
  for (const path of [
    DEMO.home.path,
    DEMO.course.path,
    '/people/samuel-achterberg',
    '/cy/cyrsiau/bsc-bioleg-y-mor',
  ]) {
    it(`fit the width of the window on ${path}`, async () => {
      const { page } = browser;
      await page.setViewportSize({ width: 320, height: 640 });
      await page.goto(browser.url(path));
      await waitForHydration(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBe(0);
      const search = page.getByRole('search').first().getByRole('button');
      const box = await search.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 320, JSON.stringify(box)).toBe(true);
    });
  }
});
