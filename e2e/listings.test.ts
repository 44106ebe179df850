import { AxeBuilder } from '@axe-core/playwright';
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { describeProblems, useBrowser } from './support/browser.js';
import { DEMO, documentRequests, readMarker, setMarker, waitForHydration } from './support/site.js';

const browser = useBrowser();

/** Cards a listing page shows per step of "load more". */
const PAGE_SIZE = 12;

/** Search requests the browser sent through the site's delivery proxy to the platform. */
function searches(requests: readonly Request[]): string[] {
  return requests
    .map((request) => request.url())
    .filter((url) => url.includes('/api/delivery/') && url.includes('/entries/search'));
}

/** Every platform request of the browser. */
function deliveryCalls(requests: readonly Request[]): string[] {
  return requests.map((request) => request.url()).filter((url) => url.includes('/api/delivery/'));
}

const cardTitles = (page: Page) =>
  page.locator('.section-listing article.card .card-title').allTextContents();
const count = (page: Page) => page.locator('.search-result-count');

/** Waits for the address, no busy list and the count text together. */
async function settled(page: Page, url: RegExp, text: RegExp): Promise<void> {
  await page.waitForURL(url);
  // The poll names what it saw, so a failure says which of the two never came.
  await expect
    .poll(
      async () => {
        const busy = await page.locator('[aria-busy="true"]').count();
        const shown = (await count(page).textContent()) ?? '';
        return busy === 0 && text.test(shown) ? 'settled' : `${page.url()}: busy ${busy}, count "${shown}"`;
      },
      { timeout: 20_000 },
    )
    .toBe('settled');
}

/** A text as a literal part of a regular expression. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function withoutJavaScript(run: (page: Page) => Promise<void>): Promise<void> {
  const context = await browser.browser.newContext({ javaScriptEnabled: false });
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

describe('news listing with load more', () => {
  it('appends the next page with one search, keeps the address, and back and forward restore the list', async () => {
    const { page } = browser;
    const response = await page.goto(browser.url(DEMO.news.path));
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    await page.waitForTimeout(300);
    expect(deliveryCalls(browser.requests), 'hydration loads nothing').toEqual([]);
    const marker = await setMarker(page);
    const first = await cardTitles(page);
    expect(first).toHaveLength(PAGE_SIZE);

    browser.requests.length = 0;
    await page.getByRole('link', { name: 'Show more articles' }).click();
    await settled(page, /\/news\?pageIndex=2$/, /showing 1–24$/);
    const both = await cardTitles(page);
    expect(both).toHaveLength(2 * PAGE_SIZE);
    expect(both.slice(0, PAGE_SIZE)).toEqual(first);
    expect(new Set(both).size).toBe(both.length);
    expect(searches(browser.requests)).toHaveLength(1);
    // Keyboard users read on at the first new card.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(both[PAGE_SIZE]);

    // The pointer off the cards, so hover prefetch of an article does not count as a load here.
    await page.mouse.move(0, 0);
    browser.requests.length = 0;
    await page.goBack();
    await settled(page, /\/news$/, /showing 1–12$/);
    expect(await cardTitles(page)).toEqual(first);
    await page.goForward();
    await settled(page, /\/news\?pageIndex=2$/, /showing 1–24$/);
    expect(await cardTitles(page)).toEqual(both);
    // Searches only: focus returning to a card may prefetch that article, which is not the list.
    expect(searches(browser.requests), 'both pages are loaded already').toEqual([]);

    expect(await readMarker(page), 'no full page load').toBe(marker);
    expect(documentRequests(browser.requests)).toEqual([]);
    expect(browser.problems, describeProblems(browser.problems)).toEqual([]);
  });

  it('renders every page up to the address on the server, so the link works without JavaScript', async () => {
    await withoutJavaScript(async (page) => {
      await page.goto(browser.url(DEMO.news.path));
      const first = await cardTitles(page);
      await page.getByRole('link', { name: 'Show more articles' }).click();
      await page.waitForURL(/\/news\?pageIndex=2$/);
      const both = await cardTitles(page);
      expect(both).toHaveLength(2 * PAGE_SIZE);
      expect(both.slice(0, PAGE_SIZE)).toEqual(first);
      await page.getByRole('link', { name: 'Show more articles' }).click();
      await page.waitForURL(/\/news\?pageIndex=3$/);
      expect((await cardTitles(page)).slice(0, 2 * PAGE_SIZE)).toEqual(both);
    });
  });
});

describe('events listing in the browser', () => {
  it('switches to past events and back with one search each, and loads more', async () => {
    const { page } = browser;
    await page.goto(browser.url(DEMO.events.path));
    await waitForHydration(page);
    const upcoming = await cardTitles(page);
    const upcomingCount = (await count(page).textContent()) ?? '';
    browser.requests.length = 0;
    await page
      .getByRole('navigation', { name: 'Upcoming or past events' })
      .getByRole('link', { name: 'Past events' })
      .click();
    // The count of past events differs from the upcoming one: wait for it, not for any count.
    await settled(page, /\/events\?when=past$/, new RegExp(`^(?!${literal(upcomingCount)}$)\\d+ events`));
    await expect(page.getByRole('heading', { level: 2, name: 'Past events' }).count()).resolves.toBe(1);
    const starts = await page
      .locator('.section-listing article.card time')
      .evaluateAll((times) => times.map((time) => Date.parse(time.getAttribute('datetime') ?? '')));
    expect(starts.every((start, i) => i === 0 || start <= (starts[i - 1] ?? start))).toBe(true);
    expect(starts.every((start) => start < Date.now())).toBe(true);
    expect(searches(browser.requests)).toHaveLength(1);

    browser.requests.length = 0;
    const pastCount = (await count(page).textContent()) ?? '';
    await page.getByRole('link', { name: 'Show more events' }).click();
    await settled(
      page,
      /\/events\?pageIndex=2&when=past$/,
      new RegExp(`^(?!${literal(pastCount)}$)\\d+ events`),
    );
    expect((await cardTitles(page)).length).toBeGreaterThan(PAGE_SIZE);
    expect(searches(browser.requests)).toHaveLength(1);

    await page.goBack();
    await page.goBack();
    await settled(page, /\/events$/, new RegExp(`^${literal(upcomingCount)}$`));
    expect(await cardTitles(page)).toEqual(upcoming);
    expect(browser.problems, describeProblems(browser.problems)).toEqual([]);
  });
});

describe('course filters', () => {
  it('filter by mode and subject in place, one search per click, and the address keeps them', async () => {
    const { page } = browser;
    await page.goto(browser.url(DEMO.courses.path));
    await waitForHydration(page);
    const marker = await setMarker(page);

    browser.requests.length = 0;
    await page.getByRole('checkbox', { name: /^Part-time/ }).check();
    await settled(page, /\/courses\?mode=Part-time$/, /^\d+ courses?$/);
    expect(searches(browser.requests)).toHaveLength(1);
    const partTime = (await count(page).textContent()) ?? '';
    const facts = await page.locator('.section-listing article.card .card-facts').allTextContents();
    expect(facts.length).toBeGreaterThan(0);
    expect(facts.every((text) => text.includes('Part-time'))).toBe(true);

    browser.requests.length = 0;
    await page.getByRole('checkbox', { name: /^Postgraduate taught/ }).check();
    await settled(
      page,
      /\/courses\?level=Postgraduate\+taught&mode=Part-time$/,
      new RegExp(`^(?!${literal(partTime)}$)\\d+ courses?$`),
    );
    expect(searches(browser.requests)).toHaveLength(1);
    const both = await page.locator('.section-listing article.card .card-facts').allTextContents();
    expect(both.length).toBeGreaterThan(0);
    expect(both.every((text) => text.includes('Part-time') && text.includes('Postgraduate taught'))).toBe(
      true,
    );

    await page.goBack();
    await settled(page, /\/courses\?mode=Part-time$/, new RegExp(`^${literal(partTime)}$`));
    await expect(page.getByRole('checkbox', { name: /^Postgraduate taught/ }).isChecked()).resolves.toBe(
      false,
    );

    // A subject from the taxonomy.
    browser.requests.length = 0;
    await page.getByRole('link', { name: 'Clear all filters' }).click();
    await settled(page, /\/courses$/, /^61 courses, showing 1–12$/);
    await page.getByRole('checkbox', { name: /^Marine Biology/ }).check();
    await settled(page, /\/courses\?subject=[^&]+$/, /^3 courses$/);
    expect(await cardTitles(page)).toEqual([
      'BSc Marine Biology',
      'MSc Marine Conservation',
      'PhD Marine Biology',
    ]);

    expect(await readMarker(page), 'no full page load').toBe(marker);
    expect(browser.problems, describeProblems(browser.problems)).toEqual([]);
  });

  it('filter and search with the form without JavaScript', async () => {
    await withoutJavaScript(async (page) => {
      await page.goto(browser.url(DEMO.courses.path));
      await page.getByRole('checkbox', { name: /^Postgraduate taught/ }).check();
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await page.waitForURL(
        (url) => url.pathname === '/courses' && url.searchParams.get('level') === 'Postgraduate taught',
      );
      const facts = await page.locator('.section-listing article.card .card-facts').allTextContents();
      expect(facts.length).toBeGreaterThan(0);
      expect(facts.every((text) => text.includes('Postgraduate taught'))).toBe(true);

      await page
        .getByRole('main')
        .getByRole('searchbox', { name: 'Search for a course by name' })
        .fill('marine');
      await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get('term') === 'marine');
      expect(await cardTitles(page)).toEqual(['MSc Marine Conservation']);
    });
  });
});

describe('people search', () => {
  it('searches staff by name, department or expertise as the visitor types', async () => {
    const { page } = browser;
    await page.goto(browser.url(DEMO.people.path));
    await waitForHydration(page);
    browser.requests.length = 0;
    await page
      .getByRole('main')
      .getByRole('searchbox', { name: /Search for staff/ })
      .fill('Ocean Sciences');
    await settled(page, /\/people\?term=Ocean\+Sciences$/, /people? for “Ocean Sciences”$/);
    expect(searches(browser.requests)).toHaveLength(1);
    const departments = await page.locator('.section-listing article.card .card-facts').allTextContents();
    expect(departments.length).toBeGreaterThan(0);
    expect(departments.every((text) => text.includes('Ocean Sciences'))).toBe(true);
    expect(browser.problems, describeProblems(browser.problems)).toEqual([]);
  });

  it('searches with the form without JavaScript', async () => {
    await withoutJavaScript(async (page) => {
      await page.goto(browser.url(DEMO.people.path));
      await page
        .getByRole('main')
        .getByRole('searchbox', { name: /Search for staff/ })
        .fill('Welsh');
      await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
      await page.waitForURL(/\/people\?term=Welsh$/);
      await expect(count(page).textContent()).resolves.toMatch(/people? for “Welsh”$/);
      expect((await cardTitles(page)).length).toBeGreaterThan(0);

      // By name, and by an area of expertise that appears nowhere else on the card.
      for (const [term, person] of [
        ['Adebayo', 'Marcus Adebayo'],
        ['Knowledge exchange', 'Marcus Adebayo'],
      ] as const) {
        await page
          .getByRole('main')
          .getByRole('searchbox', { name: /Search for staff/ })
          .fill(term);
        await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
        await page.waitForURL((url) => url.searchParams.get('term') === term);
        expect(await cardTitles(page), term).toContain(person);
      }
      expect((await cardTitles(page))[0]).toBe('Marcus Adebayo');
    });
  });
});

describe('related courses', () => {
  it('shows other courses of the same subject on a course page', async () => {
    const { page } = browser;
    await page.goto(browser.url(DEMO.course.path));
    const related = page.getByRole('region', { name: 'Related courses' });
    const titles = await related.locator('.card-title').allTextContents();
    expect(titles).toEqual(['MSc Marine Conservation', 'PhD Marine Biology']);
  });
});

describe('listing accessibility (axe)', () => {
  for (const path of ['/news', '/events?when=past', '/courses?mode=Part-time', '/people?term=marine']) {
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
