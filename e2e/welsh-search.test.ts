import { mkdirSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.js';
import { waitForHydration } from './support/site.js';

// Searching in Welsh (issue 28 points 3 and 4): on /cy/chwilio the count, tabs, filters, sort
// and pager are Welsh, before and after hydration, with and without JavaScript, at a wide and a
// phone width; the Welsh listings count in Welsh; axe finds nothing serious. Screenshots go to
// E2E_SHOTS_DIR when it is set, for people to look at.

const browser = useBrowser();
const SHOTS = process.env.E2E_SHOTS_DIR ?? null;

/** A Welsh count: "1 canlyniad", "2 ganlyniad", "3 chanlyniad", "Dim canlyniadau". */
const WELSH_COUNT = /^(\d+ (canlyniad|ganlyniad|chanlyniad)|Dim canlyniadau)/;
const BOX = 'Chwilio am gyrsiau, newyddion, digwyddiadau a phobl';

async function contextAt(width: number, javaScriptEnabled: boolean): Promise<BrowserContext> {
  const context = await browser.browser.newContext({
    viewport: { width, height: width < 600 ? 844 : 800 },
    javaScriptEnabled,
  });
  context.setDefaultTimeout(15_000);
  return context;
}

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** The count's live region. */
const count = (page: Page) =>
  page
    .getByRole('status')
    .filter({ hasText: /anlyniad|results?/ })
    .first();

describe('searching in Welsh', () => {
  for (const width of [1280, 390]) {
    it(`searches, changes tab and pages in Welsh with JavaScript at ${width} px`, async () => {
      const context = await contextAt(width, true);
      try {
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        page.on('console', (message) => {
          if (message.type() === 'error') errors.push(message.text());
        });
        await page.goto(browser.url('/cy/chwilio/courses'));
        await waitForHydration(page);
        await expect(count(page).textContent()).resolves.toMatch(WELSH_COUNT);

        await page.getByRole('searchbox', { name: BOX }).fill('cyfraith');
        await page.getByRole('button', { name: 'Chwilio', exact: true }).click();
        await page.waitForURL(
          (url) => url.pathname === '/cy/chwilio/courses' && url.search.includes('cyfraith'),
        );
        await count(page).filter({ hasText: 'ar gyfer “cyfraith”' }).waitFor();
        await expect(count(page).textContent()).resolves.toMatch(WELSH_COUNT);
        await page.getByRole('link', { name: 'LLB y Gyfraith' }).first().waitFor();
        // The folded filters on a phone say so in Welsh.
        if (width < 600)
          await expect(page.getByText('Hidlyddion', { exact: true }).isVisible()).resolves.toBe(true);
        else await expect(page.getByRole('group', { name: 'Lefel astudio' }).isVisible()).resolves.toBe(true);
        await shot(page, `welsh-search-courses-${width}`);

        await page
          .getByRole('navigation', { name: 'Adrannau’r chwilio' })
          .getByRole('link', { name: /^Popeth/ })
          .click();
        await page.waitForURL((url) => url.pathname === '/cy/chwilio/all');
        await count(page).filter({ hasText: 'ar gyfer “cyfraith”' }).waitFor();

        await page.goto(browser.url('/cy/chwilio/all'));
        await waitForHydration(page);
        const pager = page.getByRole('navigation', { name: 'Tudalennau o ganlyniadau' });
        await pager.getByRole('link', { name: 'Nesaf' }).click();
        await count(page).filter({ hasText: 'yn dangos 11–20' }).waitFor();
        await expect(pager.getByRole('link', { name: 'Blaenorol' }).count()).resolves.toBe(1);
        await shot(page, `welsh-search-all-page-2-${width}`);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it(`searches and pages in Welsh without JavaScript at ${width} px`, async () => {
      const context = await contextAt(width, false);
      try {
        const page = await context.newPage();
        await page.goto(browser.url('/cy/chwilio/courses'));
        await page.getByRole('searchbox', { name: BOX }).fill('cyfraith');
        await page.getByRole('button', { name: 'Chwilio', exact: true }).click();
        await page.waitForURL((url) => url.search.includes('cyfraith'));
        await expect(count(page).textContent()).resolves.toMatch(/ar gyfer “cyfraith”/);
        await expect(count(page).textContent()).resolves.toMatch(WELSH_COUNT);
        // Without JavaScript the filters' button applies them (on a phone, once they are unfolded).
        if (width < 600) await page.getByText('Hidlyddion', { exact: true }).click();
        await expect(page.getByRole('button', { name: 'Defnyddio’r hidlyddion' }).count()).resolves.toBe(1);
        await shot(page, `welsh-search-courses-no-js-${width}`);

        await page.goto(browser.url('/cy/chwilio/all'));
        await page
          .getByRole('navigation', { name: 'Tudalennau o ganlyniadau' })
          .getByRole('link', { name: 'Nesaf' })
          .click();
        await page.waitForURL((url) => url.search.includes('pageIndex=2'));
        await expect(count(page).textContent()).resolves.toMatch(/yn dangos 11–20$/);
      } finally {
        await context.close();
      }
    });
  }

  it('goes by keyboard from the search box past the tabs to "Neidio i’r canlyniadau" and on to the results, on a phone', async () => {
    const context = await contextAt(390, true);
    try {
      const page = await context.newPage();
      await page.goto(browser.url('/cy/chwilio/courses?term=cyfraith'));
      await waitForHydration(page);
      await page.getByRole('searchbox', { name: BOX }).focus();
      const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
      const passed: string[] = [];
      for (let step = 0; step < 8 && (await focused()) !== 'Neidio i’r canlyniadau'; step++) {
        await page.keyboard.press('Tab');
        passed.push(await focused());
      }
      // The button, the two tabs, then the skip link: every stop has Welsh words.
      expect(passed).toEqual([
        'Chwilio',
        expect.stringMatching(/^Astudio/),
        expect.stringMatching(/^Popeth/),
        'Neidio i’r canlyniadau',
      ]);
      await page.keyboard.press('Enter');
      await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('search-results');
      // On from the results' start: the sort, labelled in Welsh.
      await page.keyboard.press('Tab');
      await expect(
        page.evaluate(() => (document.activeElement as HTMLSelectElement | null)?.labels?.[0]?.textContent),
      ).resolves.toBe('Trefnu yn ôl');
    } finally {
      await context.close();
    }
  });

  it("suggests Welsh pages under Welsh names as the visitor types in the header's box", async () => {
    const { page } = browser;
    await page.goto(browser.url('/cy'));
    await waitForHydration(page);
    const box = page
      .getByRole('search', { name: 'Y wefan' })
      .getByRole('searchbox', { name: 'Chwilio’r wefan' });
    await box.focus();
    const combobox = page.getByRole('combobox', { name: 'Chwilio’r wefan' });
    await combobox.waitFor();
    await page.keyboard.type('cyfraith', { delay: 40 });
    const listbox = page.getByRole('listbox', { name: 'Tudalennau a awgrymir' });
    await listbox.waitFor({ state: 'visible' });
    const courses = listbox.getByRole('group', { name: 'Cyrsiau' });
    await expect(courses.getByRole('option').first().textContent()).resolves.toBe('LLB y Gyfraith');
    const count = await listbox.getByRole('option').count();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'awgrym' }).textContent())
      .toBe(`${count} awgrym. Defnyddiwch y saethau i fyny ac i lawr i ddewis un.`);
  });

  it('counts the Welsh listings in Welsh', async () => {
    const context = await contextAt(1280, true);
    try {
      const page = await context.newPage();
      const listings = [
        {
          path: '/cy/cyrsiau',
          heading: 'Pob cwrs',
          count: /^\d+ (cwrs|gwrs|chwrs)/,
        },
        { path: '/cy/newyddion', heading: 'Yr holl newyddion', count: /^\d+ erthygl/ },
        {
          path: '/cy/digwyddiadau',
          heading: 'Digwyddiadau i ddod',
          count: /^(\d+ d?digwyddiad|Dim digwyddiadau)/,
        },
        { path: '/cy/pobl', heading: 'Yr holl staff', count: /^\d+ (person|berson|o bobl)/ },
      ];
      for (const listing of listings) {
        await page.goto(browser.url(listing.path));
        await waitForHydration(page);
        await page.getByRole('heading', { level: 2, name: listing.heading }).waitFor();
        await expect(page.getByRole('status').first().textContent(), listing.path).resolves.toMatch(
          listing.count,
        );
        await shot(page, `welsh-listing${listing.path.replaceAll('/', '-')}-1280`);
        await page.setViewportSize({ width: 390, height: 844 });
        await shot(page, `welsh-listing${listing.path.replaceAll('/', '-')}-390`);
        await page.setViewportSize({ width: 1280, height: 800 });
      }
    } finally {
      await context.close();
    }
  });
});

describe('the same search in English', () => {
  for (const width of [1280, 390]) {
    it(`stays English at ${width} px`, async () => {
      const context = await contextAt(width, true);
      try {
        const page = await context.newPage();
        await page.goto(browser.url('/search/courses?term=law'));
        await waitForHydration(page);
        await expect(count(page).textContent()).resolves.toMatch(/^\d+ results? for “law”/);
        await expect(page.getByRole('navigation', { name: 'Search sections' }).count()).resolves.toBe(1);
        await expect(page.locator('main').innerText()).resolves.not.toMatch(
          /canlyniad|Astudio|Hidlyddion|Trefnu/,
        );
        await shot(page, `english-search-courses-${width}`);
      } finally {
        await context.close();
      }
    });
  }
});

describe('accessibility of the Welsh search (axe)', () => {
  for (const path of [
    '/cy/chwilio/courses?term=cyfraith',
    '/cy/chwilio/all',
    '/cy/cyrsiau',
    '/cy/digwyddiadau',
  ]) {
    for (const width of [1280, 390]) {
      it(`finds no serious or critical violation on ${path} at ${width} px`, async () => {
        const { page } = browser;
        await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
        await page.goto(browser.url(path));
        await waitForHydration(page);
        const results = await new AxeBuilder({ page }).analyze();
        const blocking = results.violations.filter((violation) =>
          ['serious', 'critical'].includes(violation.impact ?? ''),
        );
        expect(blocking.map((violation) => `${violation.id}: ${violation.nodes[0]?.html}`)).toEqual([]);
        expect(results.passes.map((rule) => rule.id)).toEqual(
          expect.arrayContaining(['html-has-lang', 'valid-lang']),
        );
      });
    }
  }
});
