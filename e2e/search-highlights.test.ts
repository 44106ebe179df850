import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { describeProblems, useBrowser } from './support/browser.js';
import { waitForHydration } from './support/site.js';

// Search results mark the words the search matched (issue 25, point 4): in the title and a
// snippet, stems included, as text (a hostile term never becomes markup), readable, and
// without hydration mismatches.

const browser = useBrowser();
const SHOTS = fileURLToPath(new URL('../test-results/search-highlights/', import.meta.url));

/** The results list's titles and the words marked in each. */
async function markedTitles(page: Page): Promise<Array<{ title: string; marks: string[] }>> {
  return page
    .getByRole('main')
    .locator('ol h3')
    .evaluateAll((headings) =>
      headings.map((heading) => ({
        title: heading.textContent ?? '',
        marks: [...heading.querySelectorAll('mark')].map((mark) => mark.textContent ?? ''),
      })),
    );
}

/**
 * Screenshots at 1280 px and at 390 px (a phone), for people to look at: the whole page, and
 * the first results at the phone's size, where a shrunken whole page would be unreadable.
 */
async function screenshots(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const decline = page.getByRole('button', { name: 'Decline all' });
  if (await decline.isVisible()) await decline.click();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SHOTS}${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}${name}-390.png`, fullPage: true });
  const results = await page.locator('#search-results').boundingBox();
  if (results) {
    await page.screenshot({
      path: `${SHOTS}${name}-390-results.png`,
      fullPage: true,
      clip: { x: 0, y: results.y, width: 390, height: Math.min(results.height, 1400) },
    });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function seriousAxeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
}

describe('search highlights', () => {
  it('marks “marine” and “biology” in result titles and snippets, and axe finds nothing serious', async () => {
    const { page } = browser;
    await page.goto(browser.url('/search/all?term=marine%20biology'));
    await waitForHydration(page);
    const titles = await markedTitles(page);
    const course = titles.find((item) => item.title === 'BSc Marine Biology');
    expect(course?.marks).toEqual(['Marine Biology']);
    // Every result says why it matched: a mark in its title or its snippet.
    const unexplained = await page
      .getByRole('main')
      .locator('ol article')
      .evaluateAll((articles) => articles.filter((article) => !article.querySelector('mark')).length);
    expect(unexplained).toBe(0);
    const snippets = await page.getByRole('main').locator('ol article p mark').allTextContents();
    expect(snippets.map((text) => text.toLowerCase())).toContain('marine');
    await screenshots(page, 'marine-biology');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(browser.problems, describeProblems(browser.problems)).toEqual([]);
  });

  it('marks a stem: “nurse” marks “Nursing”', async () => {
    const { page } = browser;
    await page.goto(browser.url('/search/all?term=nurse'));
    await waitForHydration(page);
    const titles = await markedTitles(page);
    expect(titles.some((item) => item.marks.includes('Nursing'))).toBe(true);
    expect(browser.problems, describeProblems(browser.problems)).toEqual([]);
  });

  it('marks the words of a term typed after client navigation', async () => {
    const { page } = browser;
    await page.goto(browser.url('/search/courses?term=marine'));
    await waitForHydration(page);
    const box = page.getByRole('main').getByRole('searchbox');
    await box.fill('psychology');
    await box.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('term') === 'psychology');
    await expect
      .poll(async () => (await markedTitles(page)).flatMap((item) => item.marks), { timeout: 20_000 })
      .toContain('Psychology');
    expect(browser.problems, describeProblems(browser.problems)).toEqual([]);
  });

  it('shows a hostile term as text, never as markup', async () => {
    const { page } = browser;
    const term = '<script>window.__hacked=1</script><img src=x onerror="window.__hacked=2"> marine';
    await page.goto(browser.url(`/search/all?term=${encodeURIComponent(term)}`));
    await waitForHydration(page);
    expect(await page.evaluate(() => (window as { __hacked?: number }).__hacked)).toBeUndefined();
    expect(await page.getByRole('main').locator('ol img[src="x"], ol script').count()).toBe(0);
    const titles = await markedTitles(page);
    expect(titles.some((item) => item.marks.includes('Marine'))).toBe(true);
  });

  it('keeps marks visible in forced-colors mode', async () => {
    const { page } = browser;
    await page.emulateMedia({ forcedColors: 'active' });
    await page.goto(browser.url('/search/all?term=marine%20biology'));
    const style = await page
      .getByRole('main')
      .locator('ol h3 mark')
      .first()
      .evaluate((mark) => {
        const computed = getComputedStyle(mark);
        return { decoration: computed.textDecorationLine, background: computed.backgroundColor };
      });
    expect(style.decoration).toContain('underline');
    expect(style.background).not.toBe('rgba(0, 0, 0, 0)');
    await screenshots(page, 'marine-biology-forced-colors');
  });
});
