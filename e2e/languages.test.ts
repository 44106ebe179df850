import { mkdirSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.js';
import { mainHeading, readMarker, setMarker, waitForHydration } from './support/site.js';

// The demo in English and Welsh: from an English course to its Welsh version and back by the
// language bar, at a wide and a phone width, with and without JavaScript; client navigation
// stays inside /cy; axe finds nothing serious on Welsh pages (language of the page and of
// the parts in the other language included).

const browser = useBrowser();

const ENGLISH = { path: '/courses/llb-law', title: 'LLB Law' };
const WELSH = { path: '/cy/cyrsiau/llb-y-gyfraith', title: 'LLB y Gyfraith' };
const SHOTS = process.env.E2E_SHOTS_DIR ?? null;

async function contextAt(width: number, javaScriptEnabled: boolean): Promise<BrowserContext> {
  const context = await browser.browser.newContext({
    viewport: { width, height: width < 600 ? 844 : 800 },
    javaScriptEnabled,
  });
  context.setDefaultTimeout(15_000);
  return context;
}

/** The language bar's link to `name` ("Cymraeg", "English"). */
function languageLink(page: Page, name: string) {
  return page.getByRole('link', { name, exact: true });
}

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

describe('moving between English and Welsh', () => {
  for (const width of [1280, 390]) {
    it(`goes from an English course to its Welsh version and back with JavaScript at ${width} px`, async () => {
      const context = await contextAt(width, true);
      try {
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        page.on('console', (message) => {
          if (message.type() === 'error') errors.push(message.text());
        });
        await page.goto(browser.url(ENGLISH.path));
        await waitForHydration(page);
        await expect(page.locator('html').getAttribute('lang')).resolves.toBe('en-GB');
        const cymraeg = languageLink(page, 'Cymraeg');
        await expect(cymraeg.getAttribute('lang')).resolves.toBe('cy');
        await expect(cymraeg.getAttribute('hreflang')).resolves.toBe('cy');

        await cymraeg.click();
        await page.waitForURL(browser.url(WELSH.path));
        await waitForHydration(page);
        await expect(mainHeading(page).textContent()).resolves.toBe(WELSH.title);
        await expect(page.locator('html').getAttribute('lang')).resolves.toBe('cy');
        await shot(page, `welsh-course-${width}`);

        // Inside /cy links are client navigation, and stay in Welsh.
        const marker = await setMarker(page);
        await page.getByRole('link', { name: 'Prifysgol Aberwen', exact: true }).first().click();
        await page.waitForURL(browser.url('/cy'));
        // The page being left stays on screen until the next one has loaded.
        await page.getByRole('heading', { level: 1, name: 'Prifysgol Aberwen' }).waitFor();
        await expect(readMarker(page)).resolves.toBe(marker);
        await shot(page, `welsh-home-${width}`);
        await page.goBack();
        await page.waitForURL(browser.url(WELSH.path));
        await page.getByRole('heading', { level: 1, name: WELSH.title }).waitFor();
        await expect(readMarker(page)).resolves.toBe(marker);

        const english = languageLink(page, 'English');
        await expect(english.getAttribute('lang')).resolves.toBe('en-GB');
        await english.click();
        await page.waitForURL(browser.url(ENGLISH.path));
        await expect(mainHeading(page).textContent()).resolves.toBe(ENGLISH.title);
        await expect(page.locator('html').getAttribute('lang')).resolves.toBe('en-GB');
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it(`goes from an English course to its Welsh version and back without JavaScript at ${width} px`, async () => {
      const context = await contextAt(width, false);
      try {
        const page = await context.newPage();
        await page.goto(browser.url(ENGLISH.path));
        await languageLink(page, 'Cymraeg').click();
        await page.waitForURL(browser.url(WELSH.path));
        await expect(mainHeading(page).textContent()).resolves.toBe(WELSH.title);
        await expect(page.locator('html').getAttribute('lang')).resolves.toBe('cy');
        // The Welsh words of the page's frame are in its HTML.
        await expect(page.getByRole('link', { name: 'Neidio i’r prif gynnwys' }).count()).resolves.toBe(1);
        await shot(page, `welsh-course-no-js-${width}`);
        await languageLink(page, 'English').click();
        await page.waitForURL(browser.url(ENGLISH.path));
        await expect(mainHeading(page).textContent()).resolves.toBe(ENGLISH.title);
      } finally {
        await context.close();
      }
    });
  }

  it('searches in Welsh under /cy without JavaScript', async () => {
    const context = await contextAt(1280, false);
    try {
      const page = await context.newPage();
      await page.goto(browser.url('/cy'));
      const box = page.getByRole('search', { name: 'Y wefan' });
      await box.getByRole('searchbox', { name: 'Chwilio’r wefan' }).fill('seicoleg');
      await box.getByRole('button', { name: 'Chwilio', exact: true }).click();
      // The box leads to the Welsh search page's own address.
      await page.waitForURL((url) => url.pathname === '/cy/chwilio/all');
      await expect(page.getByRole('link', { name: 'BSc Seicoleg' }).count()).resolves.toBeGreaterThan(0);
      await shot(page, 'welsh-search-1280');
    } finally {
      await context.close();
    }
  });
});

describe('the Welsh navigation', () => {
  for (const width of [1280, 390]) {
    for (const javaScriptEnabled of [true, false]) {
      const how = javaScriptEnabled ? 'with' : 'without';
      it(`takes every header and footer link of a Welsh page to a Welsh page at ${width} px ${how} JavaScript`, async () => {
        const context = await contextAt(width, javaScriptEnabled);
        try {
          const page = await context.newPage();
          await page.goto(browser.url('/cy'));
          if (javaScriptEnabled) await waitForHydration(page);
          const hrefs = await page
            .locator('header a[href], footer a[href]')
            .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
          const own = [...new Set(hrefs.filter((href) => href.startsWith('/')))];
          expect(own.length).toBeGreaterThan(5);
          expect(own.filter((href) => href !== '/cy' && !href.startsWith('/cy/'))).toEqual([]);

          // The news section is the Welsh news listing, reached as a visitor would: by the menu,
          // behind its button on a phone; without JavaScript there, by the footer's list.
          if (width < 600 && !javaScriptEnabled) {
            await page.locator('footer').getByRole('link', { name: 'Newyddion', exact: true }).click();
          } else {
            if (width < 600) await page.getByRole('button', { name: 'Dewislen' }).click();
            await page
              .getByRole('navigation', { name: 'Prif ddewislen' })
              .getByRole('link', { name: 'Newyddion', exact: true })
              .click();
          }
          await page.waitForURL(browser.url('/cy/newyddion'));
          await page.getByRole('heading', { level: 1, name: 'Newyddion' }).waitFor();
          // Its stories, each at its Welsh address.
          const stories = page.locator('main a[href^="/cy/newyddion/"]');
          await expect(stories.count()).resolves.toBeGreaterThan(0);
          await shot(page, `welsh-news-${width}-${how}-js`);

          for (const href of own) {
            const answer = await page.goto(browser.url(href));
            expect(answer?.status(), href).toBe(200);
            await expect(page.locator('html').getAttribute('lang'), href).resolves.toBe('cy');
          }
        } finally {
          await context.close();
        }
      });
    }
  }

  it('takes a client navigation to the English address under /cy to the Welsh listing in the same document', async () => {
    const { page } = browser;
    await page.goto(browser.url('/cy'));
    await waitForHydration(page);
    const marker = await setMarker(page);
    // As a router link written with the route's English path would: /cy/courses, which moved.
    await page.evaluate(() => {
      window.history.pushState({}, '', '/cy/courses');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.waitForURL(browser.url('/cy/cyrsiau'));
    await page.getByRole('heading', { level: 1, name: 'Cyrsiau' }).waitFor();
    await expect(readMarker(page)).resolves.toBe(marker);
    // The moved address was replaced in history: back returns to the home page.
    await page.goBack();
    await page.waitForURL(browser.url('/cy'));
  });

  it('redirects the English address of a listing under /cy to the Welsh one', async () => {
    const { page } = browser;
    const answer = await page.goto(browser.url('/cy/events'));
    expect(answer?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/cy/digwyddiadau');
    await page.getByRole('heading', { level: 1, name: 'Digwyddiadau' }).waitFor();
  });
});

describe('accessibility of Welsh pages (axe)', () => {
  for (const path of ['/cy', WELSH.path, '/cy/dim-tudalen-fel-hyn', '/cy/newyddion', '/cy/chwilio']) {
    it(`finds no serious or critical violation on ${path}`, async () => {
      const { page } = browser;
      await page.goto(browser.url(path));
      await waitForHydration(page);
      const results = await new AxeBuilder({ page }).analyze();
      const blocking = results.violations.filter((violation) =>
        ['serious', 'critical'].includes(violation.impact ?? ''),
      );
      expect(blocking.map((violation) => `${violation.id}: ${violation.nodes[0]?.html}`)).toEqual([]);
      // Language of the page, and of the English link on it.
      const passed = results.passes.map((rule) => rule.id);
      expect(passed).toEqual(expect.arrayContaining(['html-has-lang', 'html-lang-valid', 'valid-lang']));
    });
  }
});

describe('Welsh words on the content pages', () => {
  /** A Welsh open day that needs booking (seeded in the weeks after the seeding day). */
  const WELSH_EVENT = '/cy/digwyddiadau/diwrnod-agored-israddedig-gwyddorau-bywyd-ar-amgylchedd';
  const WELSH_MONTH =
    /\b(Ionawr|Chwefror|Mawrth|Ebrill|Mai|Mehefin|Gorffennaf|Awst|Medi|Hydref|Tachwedd|Rhagfyr)\b/;
  // Each page in Welsh, with its English version for the screenshots side by side.
  const PAGES = [
    {
      name: 'event',
      welsh: WELSH_EVENT,
      english: '/events/undergraduate-open-day-life-and-environmental-sciences',
    },
    {
      name: 'news',
      welsh: '/cy/newyddion/gwirfoddolwyr-nyrsio-yn-helpu-mewn-ysgolion-cynradd',
      english: '/news/nursing-volunteers-help-out-in-local-primary-schools',
    },
    { name: 'person', welsh: '/cy/pobl/elin-rowlands', english: '/people/elin-rowlands' },
    { name: 'home', welsh: '/cy', english: '/' },
    {
      name: 'booking',
      welsh: `${WELSH_EVENT}/book`,
      english: '/events/undergraduate-open-day-life-and-environmental-sciences/book',
    },
  ] as const;
  // A heading each Welsh page shows in Welsh.
  const WELSH_HEADINGS: Record<(typeof PAGES)[number]['name'], string> = {
    event: 'Manylion y digwyddiad',
    news: 'Awdur',
    person: 'Bywgraffiad',
    home: 'Dod o hyd i gwrs',
    booking: 'Nifer y lleoedd',
  };

  for (const width of [1280, 390]) {
    it(`shows the Welsh course page's headings, facts and date in Welsh at ${width} px, before and after hydration`, async () => {
      const context = await contextAt(width, true);
      try {
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        await page.goto(browser.url(WELSH.path));
        const main = page.getByRole('main');
        for (const name of ['Trosolwg o’r cwrs', 'Ffeithiau allweddol']) {
          await expect(main.getByRole('heading', { level: 2, name }).isVisible()).resolves.toBe(true);
        }
        const facts = main.locator('dl.facts');
        await expect(facts.getByText('Dechrau', { exact: true }).isVisible()).resolves.toBe(true);
        await expect(facts.locator('time').textContent()).resolves.toMatch(WELSH_MONTH);
        await expect(main.getByRole('link', { name: 'Dewch i ddiwrnod agored' }).isVisible()).resolves.toBe(
          true,
        );
        await waitForHydration(page);
        // Hydrated from the state's words: the same Welsh, no English.
        await expect(
          main.getByRole('heading', { level: 2, name: 'Ffeithiau allweddol' }).count(),
        ).resolves.toBe(1);
        await expect(main.innerText()).resolves.not.toMatch(/Key facts|Course overview|Study mode|Starts/);
        expect(errors).toEqual([]);
        await shot(page, `welsh-course-words-${width}`);
        if (SHOTS) {
          await page.goto(browser.url(ENGLISH.path));
          await shot(page, `english-course-words-${width}`);
        }

        for (const { name, welsh, english } of PAGES) {
          await page.goto(browser.url(welsh));
          await expect(page.locator('html').getAttribute('lang'), welsh).resolves.toBe('cy');
          await expect(
            main.getByText(WELSH_HEADINGS[name], { exact: true }).first().isVisible(),
            welsh,
          ).resolves.toBe(true);
          await shot(page, `welsh-${name}-${width}`);
          if (SHOTS) {
            await page.goto(browser.url(english));
            await shot(page, `english-${name}-${width}`);
          }
        }
      } finally {
        await context.close();
      }
    });
  }
  it('books a place at a Welsh event by keyboard without JavaScript, in Welsh from the link to the confirmation', async () => {
    const context = await contextAt(390, false);
    try {
      const page = await context.newPage();
      const answer = await page.goto(browser.url(WELSH_EVENT));
      expect(answer?.status()).toBe(200);
      // The booking link by keyboard: focused, then Enter.
      await page.getByRole('link', { name: /^Archebu lle ar gyfer / }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === `${WELSH_EVENT}/book`);
      await page.getByRole('heading', { level: 1, name: /^Archebu lle: / }).waitFor();

      await page.getByLabel('Cyfeiriad e-bost').fill('elin@example');
      await page.getByLabel('Nifer y lleoedd').fill('9');
      await page.getByRole('button', { name: 'Archebu eich lle' }).press('Enter');
      await page.waitForURL((url) => url.pathname === `${WELSH_EVENT}/book`);
      const summary = page.getByRole('alert');
      for (const message of [
        'Rhowch eich enw llawn',
        'Rhowch gyfeiriad e-bost yn y fformat cywir, fel enw@enghraifft.com',
        'Rhaid i nifer y lleoedd fod yn rhif cyfan o 1 i 4',
      ]) {
        await expect(summary.getByRole('link', { name: message }).isVisible()).resolves.toBe(true);
      }
      await shot(page, 'welsh-booking-errors-390-nojs');

      await page.getByLabel('Enw llawn').fill('Elin Prys');
      await page.getByLabel('Cyfeiriad e-bost').fill(`elin-${Date.now()}@example.test`);
      await page.getByLabel('Nifer y lleoedd').fill('2');
      await page.getByRole('button', { name: 'Archebu eich lle' }).press('Enter');
      await page.waitForURL((url) => url.pathname === `${WELSH_EVENT}/book/confirmation`);
      await page.getByRole('heading', { level: 1, name: 'Archeb wedi’i chadarnhau' }).waitFor();
      await expect(page.getByRole('main').innerText()).resolves.toMatch(/2 le ar gyfer /);
      await shot(page, 'welsh-booking-confirmation-390-nojs');
    } finally {
      await context.close();
    }
  });
});
