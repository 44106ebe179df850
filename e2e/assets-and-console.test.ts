import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { describeProblems, useBrowser } from './support/browser.js';
import { e2eEnvironment } from './support/environment.js';
import { DEMO, mainHeading, navLink, waitForHydration } from './support/site.js';

const browser = useBrowser();
const env = e2eEnvironment();

describe('proxied images', () => {
  it('loads the library images of a page from the site itself', async () => {
    const { page } = browser;
    const origin = new URL(browser.siteUrl).origin;
    for (const path of [DEMO.home.path, DEMO.courses.path]) {
      await page.goto(browser.url(path));
      await page.waitForLoadState('load');
      const images = page.locator('img[src^="/image-library/"]');
      expect(await images.count(), `${path} shows a library image`).toBeGreaterThan(0);
      for (const image of await images.all()) {
        const src = (await image.getAttribute('src')) ?? '';
        // Images below the fold may load lazily: bring each into view, as a visitor would.
        await image.scrollIntoViewIfNeeded();
        await expect
          .poll(
            () => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth),
            {
              message: `${src} is decoded`,
            },
          )
          .toBeGreaterThan(0);
        // The file the browser chose: a variant from the srcset for a photo, else the src itself.
        const url = await image.evaluate((element: HTMLImageElement) => element.currentSrc);
        expect(new URL(url).pathname, `${src} comes from the image library`).toBe(
          new URL(src, browser.siteUrl).pathname,
        );
        const request = browser.requests.find((candidate) => candidate.url() === url);
        const response = await request?.response();
        expect(response?.status(), `${src} answered`).toBe(200);
        expect(new URL(response?.url() ?? '').origin).toBe(origin);
        expect(response?.headers()['content-type']).toMatch(/^image\//);
      }
    }
    expect(browser.problems, describeProblems(browser.problems)).toEqual([]);
  });
});

describe('hydration', () => {
  /** Loads a page in full and waits until it is hydrated and the network is quiet. */
  async function visit(page: Page, path: string, title: string): Promise<void> {
    const response = await page.goto(browser.url(path));
    expect(response?.status(), path).toBe(200);
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    await expect(mainHeading(page).textContent(), path).resolves.toContain(title);
  }

  it('logs no error or warning on any page, loaded in full or reached by client navigation', async () => {
    const { page } = browser;
    for (const { path, title } of [
      DEMO.home,
      DEMO.course,
      DEMO.article,
      DEMO.history,
      DEMO.events,
      DEMO.people,
      { path: '/version', title: 'Version information' },
    ]) {
      await visit(page, path, title);
    }
    // Client navigations render the other pages in the browser.
    await visit(page, DEMO.home.path, DEMO.home.title);
    for (const section of [DEMO.courses, DEMO.news, DEMO.about, DEMO.people]) {
      await navLink(page, section.title).click();
      await expect.poll(() => mainHeading(page).textContent()).toContain(section.title);
    }
    await page.waitForLoadState('networkidle');
    expect(browser.problems, `console problems:\n${describeProblems(browser.problems)}`).toEqual([]);
  });

  it('logs nothing but the failed document load on the 404 and 500 pages', async () => {
    const { page } = browser;
    for (const [path, status] of [
      [DEMO.missing.path, 404],
      [env.failingPath, 500],
    ] as const) {
      const response = await page.goto(browser.url(path));
      expect(response?.status(), path).toBe(status);
      await waitForHydration(page);
      await page.waitForLoadState('networkidle');
    }
    // Chromium reports any 4xx or 5xx document as a failed resource; nothing else may appear.
    const failedLoad = /^Failed to load resource: the server responded with a status of (404|500)/;
    const others = browser.problems.filter((problem) => !failedLoad.test(problem.text));
    expect(others, describeProblems(others)).toEqual([]);
  });
});
