import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { describeProblems, useBrowser } from './support/browser.js';
import { e2eEnvironment } from './support/environment.js';
import { watchRequests } from './support/network-quiet.js';
import { DEMO, waitForHydration } from './support/site.js';

// A client navigation keeps the page being left on screen, whole (heading, title, breadcrumb,
// content), until the next page has loaded, then swaps at once: never a "Loading…" line, never
// an empty main. After a moment a slim progress bar shows; focus moves to the new heading and
// a live region reads out the new title. Delivery answers are held back 400 ms each in the
// browser (as on a slow mobile network), so every step of the load is there to be seen.

const browser = useBrowser();

const SHOTS = '/tmp/shots/h29nav/';

/** How long each delivery answer is held back. */
const DELAY_MS = 400;

/** What the page showed at one DOM change. */
interface Frame {
  path: string;
  heading: string | null;
  title: string;
  /** Characters of text in `main`. */
  mainText: number;
  loadingLine: boolean;
  crumbs: string[];
}

declare global {
  interface Window {
    __frames?: Frame[];
  }
}

/** Holds every delivery answer back {@link DELAY_MS} on its way to the page. */
async function slowDelivery(page: Page): Promise<void> {
  await page.route('**/api/delivery/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, DELAY_MS));
    await route.continue();
  });
}

/** Records what the page shows after every change of its DOM (a MutationObserver sees each commit). */
async function recordFrames(page: Page): Promise<void> {
  await page.evaluate(() => {
    const frames: Frame[] = [];
    window.__frames = frames;
    const note = () => {
      const main = document.querySelector('main');
      const text = main?.textContent ?? '';
      frames.push({
        path: window.location.pathname,
        heading: main?.querySelector('h1')?.textContent?.trim() ?? null,
        title: document.title,
        mainText: text.trim().length,
        loadingLine: /Loading…/.test(text),
        crumbs: [...document.querySelectorAll('nav[aria-label="Breadcrumb"] li')].map(
          (item) => item.textContent?.trim() ?? '',
        ),
      });
    };
    note();
    new MutationObserver(note).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
}

const frames = (page: Page) => page.evaluate(() => window.__frames ?? []);
const headingNow = (page: Page) =>
  page.evaluate(() => document.querySelector('main h1')?.textContent?.trim() ?? null);

/** Whether the progress bar is on screen (shown, after its delay). */
const progressShows = (page: Page) =>
  page.evaluate(() => {
    const bar = document.querySelector<HTMLElement>('.canopy-progress');
    return !!bar && bar.hasAttribute('data-loading') && getComputedStyle(bar).opacity === '1';
  });

async function homeToCourse(page: Page, width: number, how: 'click' | 'keyboard'): Promise<void> {
  await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
  const network = watchRequests(page);
  await page.goto(browser.url(DEMO.home.path));
  await waitForHydration(page);
  await network.quiet();
  const homeTitle = await page.title();
  await slowDelivery(page);
  await recordFrames(page);

  const link = page.locator(`main a[href="${DEMO.course.path}"]`).first();
  if (how === 'keyboard') {
    await link.focus();
    await page.keyboard.press('Enter');
  } else {
    await link.click();
  }
  await expect.poll(() => page.evaluate(() => window.location.pathname)).toBe(DEMO.course.path);
  // A moment into the load: the home page is still there, with the progress bar over it.
  await expect.poll(() => progressShows(page), { interval: 20 }).toBe(true);
  expect(await headingNow(page)).toBe(DEMO.home.title);
  expect(await page.title()).toBe(homeTitle);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}navigation-in-progress-${width}.png` });

  await expect.poll(() => headingNow(page)).toBe(DEMO.course.title);
  await page.screenshot({ path: `${SHOTS}navigation-done-${width}.png` });

  const seen = await frames(page);
  // Home, then the course page: nothing in between, never an empty main or a loading line.
  const headings = seen.map((frame) => frame.heading).filter((heading, i, all) => heading !== all[i - 1]);
  expect(headings).toEqual([DEMO.home.title, DEMO.course.title]);
  expect(seen.filter((frame) => frame.loadingLine || frame.mainText === 0)).toEqual([]);
  // While the home heading showed, so did the home page's title and (no) breadcrumb.
  for (const frame of seen.filter((item) => item.heading === DEMO.home.title)) {
    expect(frame.title).toBe(homeTitle);
    expect(frame.crumbs).toEqual([]);
  }
  // The course page arrived whole: heading, title and breadcrumb in the same change.
  const arrived = seen.find((frame) => frame.heading === DEMO.course.title);
  expect(arrived?.title).toContain(DEMO.course.title);
  expect(arrived?.crumbs).toEqual(['Home', 'Courses', DEMO.course.title]);

  // Focus on the new heading; the announcer read out the new title; the bar is gone.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const focused = document.activeElement;
        return focused?.tagName === 'H1' ? focused.textContent?.trim() : focused?.tagName;
      }),
    )
    .toBe(DEMO.course.title);
  await expect
    .poll(() => page.evaluate(() => document.getElementById('canopy-route-announcer')?.textContent ?? ''))
    .toContain(DEMO.course.title);
  expect(await page.locator('.canopy-progress[data-loading]').count()).toBe(0);
  expect(browser.problems, describeProblems(browser.problems)).toEqual([]);
}

describe('a client navigation keeps the page until the next one is loaded', () => {
  it('clicking from the home page to a course at 1280 px: the home page stays, then the course page whole', async () => {
    await homeToCourse(browser.page, 1280, 'click');
  });

  it('the same from the keyboard on a 390 px phone that asks for reduced motion', async () => {
    await browser.page.emulateMedia({ reducedMotion: 'reduce' });
    await homeToCourse(browser.page, 390, 'keyboard');
  });

  it('the progress bar waits 200 ms before it shows, so quick navigations show nothing', async () => {
    const { page } = browser;
    await page.goto(browser.url(DEMO.home.path));
    await waitForHydration(page);
    await page.locator('.canopy-progress').waitFor({ state: 'attached' });
    // Set and read in one task: the document's animation clock stands still meanwhile.
    const atStart = await page.evaluate(() => {
      const bar = document.querySelector<HTMLElement>('.canopy-progress');
      bar?.toggleAttribute('data-loading', true);
      const style = bar ? getComputedStyle(bar) : null;
      return { opacity: style?.opacity, delays: style?.animationDelay };
    });
    expect(atStart).toEqual({ opacity: '0', delays: '0.2s, 0.2s' });
    await expect.poll(() => progressShows(page)).toBe(true);
    await page.evaluate(() => document.querySelector('.canopy-progress')?.removeAttribute('data-loading'));
    expect(
      await page.evaluate(
        () => getComputedStyle(document.querySelector('.canopy-progress') as Element).opacity,
      ),
    ).toBe('0');
  });

  it('a page that fails to load replaces the page being left by the error page, whole', async () => {
    const { page } = browser;
    const failing = e2eEnvironment().failingPath;
    const network = watchRequests(page);
    await page.goto(browser.url(DEMO.course.path));
    await waitForHydration(page);
    await network.quiet();
    await slowDelivery(page);
    await recordFrames(page);
    // A client navigation to the failing address (as Back to it would be).
    await page.evaluate((path) => {
      window.history.pushState(null, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, failing);
    await expect.poll(() => headingNow(page)).toBe(DEMO.serverError.heading);
    const seen = await frames(page);
    const headings = seen.map((frame) => frame.heading).filter((heading, i, all) => heading !== all[i - 1]);
    expect(headings).toEqual([DEMO.course.title, DEMO.serverError.heading]);
    expect(seen.filter((frame) => frame.loadingLine || frame.mainText === 0)).toEqual([]);
    // No half page: the error page comes without the course page's breadcrumb.
    expect(seen.at(-1)?.crumbs).toEqual([]);
    expect(await page.title()).not.toContain(DEMO.course.title);
    // The failure was the platform's (logged by the page), and nothing else went wrong.
    expect(browser.problems.filter((problem) => !/500|Loading route/.test(problem.text))).toEqual([]);
  });

  it('without JavaScript, links are plain page loads and nothing of the above is added', async () => {
    const context = await browser.browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    try {
      const page = await context.newPage();
      await page.goto(browser.url(DEMO.home.path));
      expect(await headingNow(page)).toBe(DEMO.home.title);
      await page.locator(`main a[href="${DEMO.course.path}"]`).first().click();
      await page.waitForURL(browser.url(DEMO.course.path));
      expect(await headingNow(page)).toBe(DEMO.course.title);
      expect(await page.locator('.canopy-progress, #canopy-route-announcer').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
