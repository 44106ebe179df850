import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { describeProblems, useBrowser } from './support/browser.js';
import { DEMO, mainHeading, readMarker, setMarker, waitForHydration } from './support/site.js';

const browser = useBrowser();

/** The header's search box (a search box, or a combobox once its suggestions loaded). */
const headerBox = (page: Page) => page.locator('header.site-header input[name="term"]');
const resultCount = (page: Page) => page.locator('.search-result-count');

/** Presses Tab until the header's search box has focus: the keyboard's way there. */
async function tabToHeaderSearch(page: Page): Promise<void> {
  for (let presses = 0; presses < 30; presses++) {
    await page.keyboard.press('Tab');
    const there = await page.evaluate(
      () =>
        document.activeElement?.closest('header') !== null &&
        document.activeElement?.getAttribute('name') === 'term',
    );
    if (there) return;
  }
  throw new Error('Tab never reached the header search box');
}

/** The suggestions' script chunk, requested only once the box had focus. */
function suggestionChunks(page: Page, urls: readonly string[]): string[] {
  void page;
  return urls.filter((url) => /\/static\/assets\/SearchSuggestions-[^/]+\.js$/.test(url));
}

describe('the site-wide search', () => {
  it('finds “open day” on Everything from the header', async () => {
    const { page } = browser;
    await page.goto(browser.url(DEMO.course.path));
    await waitForHydration(page);
    await headerBox(page).fill('open day');
    await headerBox(page).press('Enter');
    await page.waitForURL(
      (url) => url.pathname === '/search/all' && url.searchParams.get('term') === 'open day',
    );
    await expect
      .poll(() => resultCount(page).textContent(), { timeout: 20_000 })
      .toMatch(/^[1-9]\d* results? for “open day”/);
    await expect(
      page
        .getByRole('navigation', { name: 'Search sections' })
        .getByRole('link', { name: /^Everything/ })
        .getAttribute('aria-current'),
    ).resolves.toBe('page');
    expect(browser.problems, describeProblems(browser.problems)).toEqual([]);
  });

  it('submits the header form to the results page without JavaScript', async () => {
    const context = await browser.browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(browser.url(DEMO.course.path));
      const box = page.getByRole('banner').getByRole('searchbox', { name: 'Search the site' });
      await box.fill('open day');
      await page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).click();
      await page.waitForURL(
        (url) => url.pathname === '/search/all' && url.searchParams.get('term') === 'open day',
      );
      await expect(resultCount(page).textContent()).resolves.toMatch(/^[1-9]\d* results? for “open day”/);
      // No combobox without its script: the box is the plain search box it was.
      await expect(page.locator('[role="combobox"], [role="listbox"]').count()).resolves.toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe('no dead ends', () => {
  it('points from no courses to the results in Everything, and the link works', async () => {
    const { page } = browser;
    await page.goto(browser.url('/search/courses?term=open+day'));
    await waitForHydration(page);
    await expect(resultCount(page).textContent()).resolves.toBe('0 results for “open day”');
    const way = page.getByRole('link', { name: /^\d+ results? in Everything$/ });
    await expect(page.locator('main').innerText()).resolves.toMatch(
      /No courses match “open day” — \d+ results? in Everything/,
    );
    const promised = Number((await way.textContent())?.match(/^\d+/)?.[0]);
    expect(promised).toBeGreaterThan(0);
    const marker = await setMarker(page);
    await way.click();
    await page.waitForURL(
      (url) => url.pathname === '/search/all' && url.searchParams.get('term') === 'open day',
    );
    await expect
      .poll(() => resultCount(page).textContent(), { timeout: 20_000 })
      .toMatch(new RegExp(`^${promised} results? for “open day”`));
    // A client navigation, as any link of the site.
    await expect(readMarker(page)).resolves.toBe(marker);
    expect(browser.problems, describeProblems(browser.problems)).toEqual([]);
  });

  it('does the same without JavaScript', async () => {
    const context = await browser.browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(browser.url('/search/courses?term=open+day'));
      const way = page.getByRole('link', { name: /^\d+ results? in Everything$/ });
      await expect(page.locator('main').innerText()).resolves.toMatch(
        /No courses match “open day” — \d+ results? in Everything/,
      );
      const promised = Number((await way.textContent())?.match(/^\d+/)?.[0]);
      await way.click();
      await page.waitForURL(
        (url) => url.pathname === '/search/all' && url.searchParams.get('term') === 'open day',
      );
      await expect(resultCount(page).textContent()).resolves.toMatch(
        new RegExp(`^${promised} results? for “open day”`),
      );
    } finally {
      await context.close();
    }
  });
});

describe('suggestions as you type', () => {
  it('work by keyboard alone: type, ArrowDown, Enter reaches the page; Escape closes, then clears', async () => {
    const { page } = browser;
    await page.goto(browser.url(DEMO.home.path));
    await waitForHydration(page);
    // Not in the page's first JavaScript: the code comes when the box gets focus.
    expect(
      suggestionChunks(
        page,
        browser.requests.map((request) => request.url()),
      ),
    ).toEqual([]);
    const marker = await setMarker(page);
    await tabToHeaderSearch(page);
    const combobox = page.getByRole('combobox', { name: 'Search the site' });
    await expect(combobox.getAttribute('aria-expanded')).resolves.toBe('false');
    expect(
      suggestionChunks(
        page,
        browser.requests.map((request) => request.url()),
      ).length,
    ).toBeGreaterThan(0);

    // Tabbing through the links prefetched their pages: count only what typing asks for.
    browser.requests.length = 0;
    await page.keyboard.type('marine', { delay: 40 });
    const listbox = page.getByRole('listbox', { name: 'Suggested pages' });
    await listbox.waitFor({ state: 'visible' });
    await expect(combobox.getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(combobox.getAttribute('aria-controls')).resolves.toBe(await listbox.getAttribute('id'));
    const options = listbox.getByRole('option');
    const count = await options.count();
    expect(count).toBeGreaterThan(0);
    // Grouped by kind, each group named.
    await expect(listbox.getByRole('group', { name: 'Courses' }).count()).resolves.toBe(1);
    await expect(
      listbox.getByRole('group', { name: 'Courses' }).getByRole('option').first().textContent(),
    ).resolves.toBe('BSc Marine Biology');
    // The polite live region says how many there are.
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'suggestion' }).textContent())
      .toBe(
        `${count} ${count === 1 ? 'suggestion' : 'suggestions'}. Use the up and down arrows to choose one.`,
      );
    // Suggestions come through the site's delivery proxy (a small page of titles and
    // addresses), not one request for every keystroke.
    const asked = browser.requests
      .map((request) => decodeURIComponent(request.url()))
      .filter((url) => url.includes('/api/delivery/') && url.includes('/entries/search'))
      .filter((url) => url.includes('fields=entryTitle,sys.uri&'));
    expect(asked.length, asked.join('\n')).toBeGreaterThan(0);
    expect(asked.length, asked.join('\n')).toBeLessThan(6);
    expect(
      asked.every((url) => url.includes('"marine"') || /"ma(r|ri|rin)?"/.test(url)),
      asked.join('\n'),
    ).toBe(true);

    await page.keyboard.press('ArrowDown');
    const first = options.first();
    await expect(first.getAttribute('aria-selected')).resolves.toBe('true');
    await expect(combobox.getAttribute('aria-activedescendant')).resolves.toBe(
      await first.getAttribute('id'),
    );
    // Focus stays in the box while the arrows move through the list.
    await expect(combobox.evaluate((box) => box === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    await expect(first.getAttribute('aria-selected')).resolves.toBe('true');

    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === DEMO.course.path);
    await expect.poll(() => mainHeading(page).textContent()).toBe(DEMO.course.title);
    await expect(readMarker(page)).resolves.toBe(marker);
    await expect(combobox.getAttribute('aria-expanded')).resolves.toBe('false');

    // Escape closes the list (the text stays), a second Escape clears the box.
    await combobox.focus();
    await combobox.fill('');
    await page.keyboard.type('nursing', { delay: 40 });
    await listbox.waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await listbox.waitFor({ state: 'hidden' });
    await expect(combobox.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(combobox.inputValue()).resolves.toBe('nursing');
    await page.keyboard.press('Escape');
    await expect(combobox.inputValue()).resolves.toBe('');

    // Enter with no suggestion chosen: the full results.
    await page.keyboard.type('marine', { delay: 40 });
    await listbox.waitFor({ state: 'visible' });
    await page.keyboard.press('Enter');
    await page.waitForURL(
      (url) => url.pathname === '/search/all' && url.searchParams.get('term') === 'marine',
    );
    await expect
      .poll(() => resultCount(page).textContent(), { timeout: 20_000 })
      .toMatch(/^[1-9]\d* results? for “marine”/);
    await expect(readMarker(page)).resolves.toBe(marker);
    expect(browser.problems, describeProblems(browser.problems)).toEqual([]);
  });

  it('has no serious accessibility problem with the list open', async () => {
    const { page } = browser;
    await page.goto(browser.url(DEMO.course.path));
    await waitForHydration(page);
    await tabToHeaderSearch(page);
    await page.keyboard.type('marine', { delay: 40 });
    await page.getByRole('listbox', { name: 'Suggested pages' }).waitFor({ state: 'visible' });
    await page.keyboard.press('ArrowDown');
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.html).join(' | ')}`,
      );
    expect(serious).toEqual([]);
  });
});
