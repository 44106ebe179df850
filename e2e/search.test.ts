import { AxeBuilder } from '@axe-core/playwright';
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { describeProblems, useBrowser } from './support/browser.js';
import { e2eEnvironment } from './support/environment.js';
import { documentRequests, mainHeading, readMarker, setMarker, waitForHydration } from './support/site.js';

const browser = useBrowser();
const env = e2eEnvironment();

/** Search requests the browser sent through the site's delivery proxy to the platform. */
function searches(requests: readonly Request[]): string[] {
  return requests
    .map((request) => request.url())
    .filter((url) => url.includes('/api/delivery/') && url.includes('/entries/search'));
}

/** Every platform request of the browser (search, taxonomy, entries). */
function deliveryCalls(requests: readonly Request[]): string[] {
  return requests.map((request) => request.url()).filter((url) => url.includes('/api/delivery/'));
}

const resultCount = (page: Page) => page.locator('.search-result-count');
const resultTitles = (page: Page) =>
  page.locator('.search-result-list:not(.search-featured *) .search-result-title').allTextContents();

/** The address and the start of the main text, to say what a failing step showed instead. */
async function whatIsShown(page: Page): Promise<string> {
  const main = await page
    .locator('main')
    .innerText({ timeout: 2000 })
    .catch(() => '(no main)');
  return `${page.url()}: ${main.replace(/\s+/g, ' ').slice(0, 400)}`;
}

/** Waits for the address, then for the announced count to say what it should. */
async function settled(
  page: Page,
  url: RegExp,
  count: RegExp | string = /results? for|results?$/,
): Promise<void> {
  await page.waitForURL(url);
  const expected =
    typeof count === 'string' ? new RegExp(`^${count.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : count;
  // Both at once: a step back can show the same count as before while its search still runs.
  // The poll names what it saw, so a failure says which of the two never came.
  await expect
    .poll(
      async () => {
        // One look at the page: read apart, the two can come from different renders.
        const { busy, text } = await page.evaluate(() => ({
          busy: document.querySelectorAll('[aria-busy="true"]').length,
          text: document.querySelector('.search-result-count')?.textContent ?? '',
        }));
        // A search still running says so; no step is settled on it.
        return busy === 0 && text !== 'Searching…' && expected.test(text)
          ? 'settled'
          : `${page.url()}: busy ${busy}, count "${text}", waiting for ${expected}`;
      },
      { timeout: 20_000 },
    )
    .toBe('settled');
}

describe('search rendered on the server', () => {
  it('sends results, counts and filters in the first HTML and searches nothing on hydration', async () => {
    const { page } = browser;
    const response = await page.goto(browser.url('/search/courses?term=marine'));
    expect(response?.status()).toBe(200);
    const html = (await response?.text()) ?? '';
    // The result's title (its words searched for are marked: "BSc <mark>Marine</mark> …").
    const result = html.search(/<a [^>]*href="\/courses\/bsc-marine-biology"[^>]*>BSc <mark>/);
    expect(result).toBeGreaterThan(0);
    expect(result).toBeLessThan(html.indexOf('<script'));
    expect(html).toContain('3 results for “marine”');
    expect(html).toContain('Marine Biology<span class="search-count"> (3)</span>');
    await waitForHydration(page);
    await expect(mainHeading(page).textContent()).resolves.toBe('Search');
    // Give a stray effect time to fire: hydration must not search (or load anything) again.
    await page.waitForTimeout(500);
    expect(deliveryCalls(browser.requests)).toEqual([]);
    expect(browser.problems, describeProblems(browser.problems)).toEqual([]);
  });

  it('shows the search state with ?redux=true, without secrets', async () => {
    const answer = await fetch(browser.url('/search/courses?term=marine&redux=true'));
    expect(answer.status).toBe(200);
    const text = await answer.text();
    const state = JSON.parse(text);
    expect(state.search.currentFacet).toBe('courses');
    expect(state.search.term).toBe('marine');
    expect(
      state.search.facets.courses.entries.items.map((entry: { entryTitle: string }) => entry.entryTitle),
    ).toContain('BSc Marine Biology');
    expect(state.search.config.ssr).toBe(true);
    expect(text).not.toContain(env.deliveryToken);
    expect(text).not.toContain(env.previewToken);
  });
});

describe('search without JavaScript', () => {
  it('searches with the GET form, filters with checkboxes and pages with links', async () => {
    const context = await browser.browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(browser.url('/search'));
      await page.getByRole('main').getByRole('searchbox').fill('marine');
      await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
      await page.waitForURL(
        (url) => url.pathname === '/search/courses' && url.searchParams.get('term') === 'marine',
      );
      expect(await resultTitles(page), await whatIsShown(page)).toEqual([
        'BSc Marine Biology',
        'PhD Marine Biology',
        'MSc Marine Conservation',
      ]);

      await page.getByRole('checkbox', { name: /^Undergraduate/ }).check();
      await page.getByRole('button', { name: 'Apply filters' }).click();
      // The form sends its fields (an empty orderBy for the default sort too), read by the same codec.
      await page.waitForURL(
        (url) => url.pathname === '/search/courses' && url.searchParams.get('level') === 'Undergraduate',
      );
      expect(await resultTitles(page), await whatIsShown(page)).toEqual(['BSc Marine Biology']);
      await expect(resultCount(page).textContent()).resolves.toBe('1 result for “marine”');

      await page.goto(browser.url('/search/all?term=sea'));
      const first = await resultTitles(page);
      await page.getByRole('link', { name: 'Next' }).click();
      await page.waitForURL(/\/search\/all\?term=sea&pageIndex=2#search-results$/);
      await expect(resultCount(page).textContent()).resolves.toMatch(/showing 11–20$/);
      expect(await resultTitles(page)).not.toEqual(first);

      await page.getByRole('link', { name: /^News \(\d+\)/ }).click();
      await page.waitForURL(/\/search\/news\?term=sea$/);
      await expect(resultCount(page).textContent()).resolves.toMatch(/results for “sea”/);
    } finally {
      await context.close();
    }
  });
});

describe('search in the browser', () => {
  it('refines in place: filters, tabs, facets, sort and pages, one search per action, back and forward restore', async () => {
    const { page } = browser;
    await page.goto(browser.url('/search/courses?term=marine'));
    await waitForHydration(page);
    const marker = await setMarker(page);
    const history: { url: string; count: string | null; titles: string[] }[] = [];
    const remember = async () =>
      history.push({
        url: page.url(),
        count: await resultCount(page).textContent(),
        titles: await resultTitles(page),
      });
    await remember();

    // A filter: one search for the facet; the tab counts stay (same term).
    browser.requests.length = 0;
    await page.getByRole('checkbox', { name: /^Undergraduate/ }).check();
    await settled(page, /\/search\/courses\?term=marine&level=Undergraduate$/, '1 result for “marine”');
    expect(searches(browser.requests)).toHaveLength(1);
    await expect(page.getByRole('checkbox', { name: /^Undergraduate/ })).toBeTruthy();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('level');
    await remember();

    // The other tab, then one of its facets.
    await page.getByRole('link', { name: /^Everything/ }).click();
    await settled(page, /\/search\/all\?term=marine$/, /^\d+ results for “marine”, showing 1–10$/);
    expect(await resultTitles(page)).not.toEqual([]);
    await remember();
    browser.requests.length = 0;
    const before = (await resultCount(page).textContent()) ?? '';
    await page.getByRole('link', { name: /^News \(\d+\)/ }).click();
    await settled(
      page,
      /\/search\/news\?term=marine$/,
      new RegExp(`^(?!${before.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$).+`),
    );
    expect(searches(browser.requests)).toHaveLength(1);
    await remember();

    // Sorting.
    const newest = await resultTitles(page);
    await page.getByLabel('Sort by').selectOption({ label: 'Oldest first' });
    await settled(page, /\/search\/news\?term=marine&orderBy=publishDate$/);
    await expect.poll(() => resultTitles(page)).not.toEqual(newest);
    await remember();

    // A new term from the box: the search and the counts of every facet with its own filters,
    // one request for every facet as it stands by default and one more for the courses chosen
    // above (Undergraduate): the platform contract has no filtered aggregation, so a facet
    // asking something else of courses than "Everything" does needs a count query of its own.
    // "research": more than a page of news (whole words: "sea" no longer matches "research").
    browser.requests.length = 0;
    await page.getByRole('main').getByRole('searchbox').fill('research');
    await settled(page, /\/search\/news\?term=research/, /results? for “research”/);
    // The count requests may still be on their way when the results show.
    await expect.poll(() => searches(browser.requests).length).toBe(3);
    await remember();

    // Paging moves the focus to the results.
    await page.getByRole('link', { name: 'Next' }).click();
    await settled(page, /pageIndex=2#search-results$/, /showing 11–20$/);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('search-results');
    await remember();

    // Back through every step, then forward again: the same results each time.
    for (const step of [...history].reverse().slice(1)) {
      await page.goBack();
      await settled(
        page,
        new RegExp(`^${step.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
        step.count ?? '',
      );
      // One look, not a poll: until the route's state follows the address back, the step it
      // left shows as loading, so a settled page already shows this step's results.
      expect(await resultTitles(page), step.url).toEqual(step.titles);
    }
    await page.goForward();
    await settled(page, /\/search\/courses\?term=marine&level=Undergraduate$/, '1 result for “marine”');

    expect(await readMarker(page), 'no full page load').toBe(marker);
    expect(documentRequests(browser.requests)).toEqual([]);
    expect(browser.problems, describeProblems(browser.problems)).toEqual([]);
  });

  it('shows the error state when the platform fails, ends loading and recovers', async () => {
    const { page } = browser;
    await page.goto(browser.url('/search/courses?term=marine'));
    await waitForHydration(page);
    // The platform answers 500 for any delivery call that names the failing slug.
    const failing = env.failingPath.slice(1);
    await page.getByRole('main').getByRole('searchbox').fill(failing);
    await settled(page, new RegExp(`term=${failing}`), 'Search is not available right now.');
    await expect(page.getByRole('alert').textContent()).resolves.toContain(
      'Sorry, search is not working right now.',
    );
    const html = await page.content();
    expect(html).not.toContain(env.failureSecret);

    await page.getByRole('main').getByRole('searchbox').fill('marine');
    await settled(page, /term=marine$/, '3 results for “marine”');
    expect(await page.getByRole('alert').count()).toBe(0);
  });

  it('renders the same failure on the server as a 503 that no cache keeps, with the error state', async () => {
    const response = await browser.page.goto(browser.url(`/search/courses?term=${env.failingPath.slice(1)}`));
    // The platform failed the search: a failed page (docs/web.md, "Stale pages through
    // platform outages"), though the visitor still sees the page and its message.
    expect(response?.status()).toBe(503);
    expect(response?.headers()['retry-after']).toBe('30');
    await expect(browser.page.getByRole('alert').textContent()).resolves.toContain(
      'Sorry, search is not working right now.',
    );
  });
});

describe('search accessibility (axe)', () => {
  for (const path of ['/search/courses?term=marine', '/search/events']) {
    it(`finds no serious or critical violation on ${path}`, async () => {
      const { page } = browser;
      await page.goto(browser.url(path));
      await waitForHydration(page);
      const results = await new AxeBuilder({ page }).analyze();
      const blocking = results.violations.filter((violation) =>
        ['serious', 'critical'].includes(violation.impact ?? ''),
      );
      expect(
        blocking.map(
          (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`,
        ),
      ).toEqual([]);
    });
  }
});
