import { describe, expect, it } from 'vitest';
import { describeProblems, useBrowser } from './support/browser.js';
import { mainHeading, readMarker, setMarker, waitForHydration } from './support/site.js';

// A Welsh page names the file of its interface words and consent wording (cached for good) instead of carrying
// them in its inline state: the browser fetches it before hydrating, so the page stays Welsh
// from the server's HTML through hydration and client navigation, and a second Welsh page
// takes the words from the browser's cache.

const browser = useBrowser();

const WORDS_FILE = /\/_canopy\/words\/cy\.[0-9a-f]{12}\.json$/;

/** The requests of the Welsh words file so far. */
const wordsRequests = () => browser.requests.filter((request) => WORDS_FILE.test(request.url()));

describe('the Welsh interface words', () => {
  it('come from their own file, hydrate without a warning and stay Welsh through client navigation', async () => {
    const { page } = browser;
    const response = await page.goto(browser.url('/cy/cyrsiau/bsc-bioleg-y-mor'));
    const html = (await response?.text()) ?? '';
    // The page's HTML names the file and carries none of the words' English keys.
    expect(html).toMatch(/"wordsHref":"\/_canopy\/words\/cy\.[0-9a-f]{12}\.json"/);
    expect(html).not.toContain('Skip to content');
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    expect(wordsRequests()).toHaveLength(1);
    await expect(page.getByRole('navigation', { name: 'Prif ddewislen' }).count()).resolves.toBe(1);
    await expect(page.getByRole('link', { name: 'Neidio i’r prif gynnwys' }).count()).resolves.toBe(1);

    // A client navigation renders the next Welsh page with the words the browser has.
    const marker = await setMarker(page);
    await page.getByRole('link', { name: 'Prifysgol Aberwen', exact: true }).first().click();
    await page.waitForURL(browser.url('/cy'));
    await page.getByRole('heading', { level: 1, name: 'Prifysgol Aberwen' }).waitFor();
    await expect(readMarker(page)).resolves.toBe(marker);
    await expect(page.getByRole('link', { name: 'Neidio i’r prif gynnwys' }).count()).resolves.toBe(1);
    await expect(page.getByRole('link', { name: 'Skip to content' }).count()).resolves.toBe(0);
    expect(wordsRequests()).toHaveLength(1);

    // The consent panel's categories in Welsh come from the same file.
    await page.getByRole('link', { name: 'Addasu' }).click();
    await page.getByText('Angenrheidiol', { exact: true }).first().waitFor();
    await expect(page.getByText('Necessary', { exact: true }).count()).resolves.toBe(0);
    expect(wordsRequests()).toHaveLength(1);
    expect(browser.problems, describeProblems(browser.problems)).toEqual([]);
  });

  it('are taken from the browser’s cache by the next Welsh page loaded in full', async () => {
    const { page } = browser;
    await page.goto(browser.url('/cy'));
    await waitForHydration(page);
    await page.goto(browser.url('/cy/chwilio/courses?term=morol'));
    await waitForHydration(page);
    await expect(mainHeading(page).textContent()).resolves.toBe('Chwilio');
    // Nothing came over the network for the second page's words (a cached answer has no transfer).
    const transferred = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.includes('/_canopy/words/'))
        .map((entry) => (entry as PerformanceResourceTiming).transferSize),
    );
    expect(transferred).toEqual([0]);
    expect(browser.problems, describeProblems(browser.problems)).toEqual([]);
  });
});
