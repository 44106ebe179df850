import { describe, expect, it } from 'vitest';
import { describeProblems, useBrowser } from './support/browser.js';
import { waitForHydration } from './support/site.js';

// The search pages' inline state (issue 15's goal: no larger than the page's markup): results
// without the page text their snippet does not come from, filter items written compactly. The
// browser puts back what it needs before hydrating, so hydration finds the server's markup.

const browser = useBrowser();

/** Search pages: results with snippets from summaries and from page text, and none at all. */
const PAGES = [
  '/search/courses?term=marine',
  '/search/all?term=sea',
  '/search/courses?term=zzqqxx',
  // Welsh: its words and consent wording come from their own file (e2e/welsh-words.test.ts).
  '/cy/chwilio/courses?term=morol',
];

/** The bytes of the state script and of what the page renders inside `#root`, as sent (as bench/site.mjs counts). */
function stateAndMarkup(html: string): { state: number; markup: number } {
  const script = /<script[^>]*>\s*window\.__CANOPY_STATE__=[\s\S]*?<\/script>/.exec(html)?.[0] ?? '';
  const start = html.indexOf('<div id="root">');
  const firstScript = html.indexOf('<script', start);
  const markup = start === -1 ? '' : html.slice(start, firstScript === -1 ? undefined : firstScript);
  return { state: Buffer.byteLength(script), markup: Buffer.byteLength(markup) };
}

describe('the inline state of search pages', () => {
  for (const path of PAGES) {
    it(`is no larger than the markup of ${path}, which hydrates without a warning`, async () => {
      const { page } = browser;
      const response = await page.goto(browser.url(path));
      expect(response?.status()).toBe(200);
      const html = (await response?.text()) ?? '';
      const { state, markup } = stateAndMarkup(html);
      expect(state, `state ${state} B, markup ${markup} B`).toBeGreaterThan(0);
      expect(state, `state ${state} B, markup ${markup} B`).toBeLessThanOrEqual(markup);
      await waitForHydration(page);
      await page.waitForLoadState('networkidle');
      expect(browser.problems, describeProblems(browser.problems)).toEqual([]);
      // The results, snippets and filters the browser shows are the ones the server rendered.
      const plain = await browser.browser.newContext({ javaScriptEnabled: false });
      try {
        const served = await plain.newPage();
        await served.goto(browser.url(path));
        const results = (target: typeof page) => target.locator('ol.search-result-list').allInnerTexts();
        expect(await results(page)).toEqual(await results(served));
      } finally {
        await plain.close();
      }
    });
  }

  it('still answers the whole state, page text included, with ?redux=true', async () => {
    const answer = await fetch(browser.url('/search/all?term=sea&redux=true'));
    const state = await answer.json();
    const items: Record<string, unknown>[] = state.search.facets.all.entries.items;
    const course = items.find((entry) => entry.entryTitle === 'BSc Marine Biology');
    expect(course?.description).toMatch(/^<p>/);
    expect(state.search.facets.all.filters.contentTypeId.items.length).toBeGreaterThan(0);
  });

  it('filters the hydrated results with the items the browser put back', async () => {
    const { page } = browser;
    await page.goto(browser.url('/search/courses?term=marine'));
    await waitForHydration(page);
    await page.getByRole('checkbox', { name: /^Marine Biology/ }).check();
    await page.waitForURL(/subject=/);
    await expect
      .poll(() => page.locator('.search-result-count').textContent(), { timeout: 15_000 })
      .toBe('3 results for “marine”');
    await page.getByRole('checkbox', { name: /^Postgraduate research/ }).check();
    await expect
      .poll(() => page.locator('.search-result-count').textContent(), { timeout: 15_000 })
      .toBe('1 result for “marine”');
    expect(browser.problems, describeProblems(browser.problems)).toEqual([]);
  });
});
