import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.js';
import { DEMO, waitForHydration } from './support/site.js';

// On a phone (390 px) the links that stand on their own - the breadcrumbs, the footer's lists
// and its Cookie preferences button, the related courses beside an article, the account links
// under the sign-in form - are at least 24 px high, the smallest target WCAG 2.2 (2.5.8) asks
// for. As inline text they were 18-20 px high; each is now a whole line high.

const browser = useBrowser();
const MIN = 24;

/** Each element's name and height, for a message that says which one is too small. */
async function heights(targets: Locator): Promise<{ name: string; height: number }[]> {
  return targets.evaluateAll((elements) =>
    elements.map((element) => ({
      name: (element.textContent ?? '').trim(),
      height: Math.round(element.getBoundingClientRect().height * 10) / 10,
    })),
  );
}

describe('tap targets on a phone', { timeout: 60_000 }, () => {
  it(`are at least ${MIN} px high on a news article (breadcrumbs, related courses, footer)`, async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(browser.url(DEMO.article.path));
    await waitForHydration(page);
    const footer = page.getByRole('contentinfo');
    const related = page.getByRole('region', { name: 'Related courses' });
    const found = [
      ...(await heights(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link'))),
      ...(await heights(related.getByRole('link'))),
      ...(await heights(footer.getByRole('list').getByRole('link'))),
      ...(await heights(footer.getByRole('button', { name: 'Cookie preferences' }))),
    ];
    // Home, News; two related courses; six Explore links and Version information; the button.
    expect(found.length).toBe(12);
    expect(found.filter((target) => target.height < MIN)).toEqual([]);
  });

  it(`are at least ${MIN} px high on the sign-in page (its account links)`, async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(browser.url('/account/login'));
    await waitForHydration(page);
    const found = await heights(
      page.getByRole('main').getByRole('link', {
        name: /Forgotten your password|Create an account|Registered, but no confirmation/,
      }),
    );
    expect(found.length).toBe(3);
    expect(found.filter((target) => target.height < MIN)).toEqual([]);
  });
});
