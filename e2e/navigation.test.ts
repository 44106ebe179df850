import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { describeProblems, useBrowser } from './support/browser.js';
import {
  DEMO,
  documentRequests,
  mainHeading,
  navLink,
  readMarker,
  setMarker,
  waitForHydration,
} from './support/site.js';

const browser = useBrowser();

/** Waits until the page shows this level-one heading. */
async function expectHeading(page: Page, title: string): Promise<void> {
  await expect.poll(() => mainHeading(page).textContent(), { timeout: 10_000 }).toContain(title);
}

async function expectTitle(page: Page, title: string): Promise<void> {
  await expect.poll(() => page.title(), { timeout: 10_000 }).toContain(title);
}

/** Opens a page with a full load and waits until React has taken it over. */
async function open(path: string): Promise<Page> {
  const { page } = browser;
  const response = await page.goto(browser.url(path));
  expect(response?.ok(), `${path} answered ${response?.status()}`).toBe(true);
  await waitForHydration(page);
  return page;
}

describe('client navigation', () => {
  it('follows header links without reloading, updating the URL, content and title', async () => {
    const page = await open(DEMO.home.path);
    const marker = await setMarker(page);
    const loadsBefore = documentRequests(browser.requests).length;
    const homeTitle = await page.title();

    await navLink(page, DEMO.courses.title).click();
    await expect.poll(() => page.url()).toBe(browser.url(DEMO.courses.path));
    await expectHeading(page, DEMO.courses.title);
    await expectTitle(page, DEMO.courses.title);
    expect(await page.title()).not.toBe(homeTitle);
    expect(await page.locator('body').innerText()).not.toContain(DEMO.homeIntroduction);

    await navLink(page, DEMO.news.title).click();
    await expect.poll(() => page.url()).toBe(browser.url(DEMO.news.path));
    await expectHeading(page, DEMO.news.title);
    await expectTitle(page, DEMO.news.title);

    // Back home through the site name, the first link of the page header.
    await page.getByRole('banner').getByRole('link', { name: DEMO.home.title, exact: true }).first().click();
    await expect.poll(() => page.url()).toBe(browser.url('/'));
    await expectHeading(page, DEMO.home.title);
    await expect.poll(() => page.locator('body').innerText()).toContain(DEMO.homeIntroduction);

    expect(await readMarker(page), 'the window survived every navigation').toBe(marker);
    expect(documentRequests(browser.requests).slice(loadsBefore), 'no full page load').toEqual([]);
    // The browser loaded the pages' data from the site itself (its delivery proxy), never from
    // the platform directly.
    const origin = new URL(browser.siteUrl).origin;
    const dataCalls = browser.requests.filter((request) => request.url().includes('/api/delivery/'));
    expect(dataCalls.length).toBeGreaterThan(0);
    expect(browser.requests.filter((request) => new URL(request.url()).origin !== origin)).toEqual([]);
    expect(browser.problems, describeProblems(browser.problems)).toEqual([]);
  });

  it('scrolls to the top of the new page', async () => {
    const { page } = browser;
    // A short window, so that every page is taller than it.
    await page.setViewportSize({ width: 1024, height: 320 });
    await open(DEMO.course.path);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect
      .poll(() => page.evaluate(() => window.scrollY), { message: 'the page scrolls' })
      .toBeGreaterThan(0);

    // Clicked where it is (a real click would first scroll the link into view).
    await navLink(page, DEMO.news.title).dispatchEvent('click');
    await expectHeading(page, DEMO.news.title);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect(documentRequests(browser.requests)).toEqual([browser.url(DEMO.course.path)]);
  });

  it('restores the content on browser back and forward, without reloading', async () => {
    const page = await open(DEMO.home.path);
    const marker = await setMarker(page);

    await navLink(page, DEMO.courses.title).click();
    await expectHeading(page, DEMO.courses.title);
    await navLink(page, DEMO.events.title).click();
    await expectHeading(page, DEMO.events.title);

    await page.goBack();
    await expect.poll(() => page.url()).toBe(browser.url(DEMO.courses.path));
    await expectHeading(page, DEMO.courses.title);
    await expectTitle(page, DEMO.courses.title);

    await page.goBack();
    await expect.poll(() => page.url()).toBe(browser.url(DEMO.home.path));
    await expectHeading(page, DEMO.home.title);
    await expect.poll(() => page.locator('body').innerText()).toContain(DEMO.homeIntroduction);

    await page.goForward();
    await expect.poll(() => page.url()).toBe(browser.url(DEMO.courses.path));
    await expectHeading(page, DEMO.courses.title);
    await page.goForward();
    await expect.poll(() => page.url()).toBe(browser.url(DEMO.events.path));
    await expectHeading(page, DEMO.events.title);
    await expectTitle(page, DEMO.events.title);

    expect(await readMarker(page)).toBe(marker);
    expect(documentRequests(browser.requests)).toEqual([browser.url(DEMO.home.path)]);
    expect(browser.problems, describeProblems(browser.problems)).toEqual([]);
  });

  it("shows each page's minilist after navigating from a page that hydrated with another", async () => {
    // The course page hydrates its related courses without the search code, from the little of
    // the search state it inlines; the home page's latest news then comes from the real slice.
    const page = await open(DEMO.course.path);
    const marker = await setMarker(page);
    const related = page.getByRole('region', { name: 'Related courses' }).getByRole('listitem');
    await expect.poll(() => related.count()).toBeGreaterThan(0);

    await page.getByRole('banner').getByRole('link', { name: DEMO.home.title, exact: true }).first().click();
    await expectHeading(page, DEMO.home.title);
    const latest = page.getByRole('region', { name: 'Latest news' }).getByRole('listitem');
    await expect.poll(() => latest.count()).toBe(3);

    await page.getByRole('link', { name: DEMO.course.title }).first().click();
    await expectHeading(page, DEMO.course.title);
    await expect.poll(() => related.count()).toBeGreaterThan(0);
    // Breadcrumbs from ancestors inlined without their entries, and after navigation.
    await expect
      .poll(() => page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link').allTextContents())
      .toEqual(['Home', 'Courses']);

    expect(await readMarker(page)).toBe(marker);
    expect(browser.problems, describeProblems(browser.problems)).toEqual([]);
  });

  it('reloads a 404 reached from a content page, so the server answers it with its real status', async () => {
    const missing = browser.url(DEMO.missing.path);
    const { page } = browser;
    const first = await page.goto(missing);
    expect(first?.status()).toBe(404);
    await waitForHydration(page);
    await setMarker(page);

    // From the 404 to a content page: an ordinary client navigation.
    await navLink(page, DEMO.courses.title).click();
    await expectHeading(page, DEMO.courses.title);
    expect(await readMarker(page)).not.toBeNull();

    // Back to the missing path from a page with an entry: the browser loads it afresh.
    const reload = page.waitForResponse(
      (response) => response.url() === missing && response.request().resourceType() === 'document',
    );
    await page.goBack();
    const answer = await reload;
    expect(answer.status()).toBe(404);
    await page.waitForLoadState('load');
    await expectHeading(page, DEMO.missing.heading);
    expect(page.url()).toBe(missing);
    expect(await readMarker(page), 'the window is new').toBeNull();
    expect(documentRequests(browser.requests)).toEqual([missing, missing]);
  });
});
