import { type EntryInput, ManagementClient } from '@canopy/client';
import { type RunningSiteServer, startSiteServer } from '@canopy/web';
import { chromium, type Page, type Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueTestToken } from '../packages/platform/src/test-support/tokens.js';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  DELIVERY_TOKEN,
  PREVIEW_TOKEN,
  PROJECT_ID,
  startTestPlatform,
  type TestPlatform,
} from '../packages/web/src/test-support/platform.js';
import { CHROMIUM_LAUNCH, describeProblems, useBrowser } from './support/browser.js';
import { e2eEnvironment } from './support/environment.js';
import {
  DEMO,
  documentRequests,
  mainHeading,
  navLink,
  readMarker,
  setMarker,
  waitForHydration,
} from './support/site.js';

// Client navigation from the browser's caches: back, forward and revisits ask the server for
// nothing and put the visitor back where they were; a prefetched link opens without a request;
// and a content change published on the platform still reaches a visitor who navigates on.

const browser = useBrowser();

/** Requests a client navigation could make: data from the delivery proxy, code, documents. */
function serverRequests(requests: readonly Request[]): string[] {
  return requests
    .filter((request) => {
      const url = new URL(request.url());
      return (
        request.resourceType() === 'document' ||
        url.pathname.startsWith('/api/') ||
        url.pathname.endsWith('.js') ||
        url.searchParams.has('redux')
      );
    })
    .map((request) => `${request.method()} ${request.url()}`);
}

/** Resolves once no request of the page has been in flight for a moment (prefetches done). */
async function settled(page: Page): Promise<void> {
  let inFlight = 0;
  let quietSince = Date.now();
  const start = () => {
    inFlight++;
  };
  const end = () => {
    inFlight = Math.max(0, inFlight - 1);
    quietSince = Date.now();
  };
  page.on('request', start);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  try {
    await page.waitForTimeout(50);
    while (inFlight > 0 || Date.now() - quietSince < 300) await page.waitForTimeout(50);
  } finally {
    page.off('request', start);
    page.off('requestfinished', end);
    page.off('requestfailed', end);
  }
}

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

describe('client navigation from the browser cache', () => {
  it('goes back and forward without a request, to where the visitor was on a long listing (phone)', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(browser.url(DEMO.events.path));
    await waitForHydration(page);
    const marker = await setMarker(page);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeGreaterThan(5000);

    // Far down the listing, open an event whose link is on screen.
    await page.evaluate(() => window.scrollTo(0, 4000));
    const href = await page.evaluate(() => {
      const link = [...document.querySelectorAll<HTMLAnchorElement>('main a[href^="/events/"]')].find((a) => {
        const box = a.getBoundingClientRect();
        return box.top > 80 && box.bottom < window.innerHeight - 80;
      });
      return link?.getAttribute('href') ?? null;
    });
    expect(href).not.toBeNull();
    const link = page.locator(`main a[href="${href}"]`).first();
    const before = await scrollY(page);
    expect(before).toBeGreaterThan(3000);
    await link.focus();
    await link.click();
    await expect.poll(() => page.evaluate(() => window.location.pathname)).toBe(href);
    await expect.poll(() => mainHeading(page).innerText()).not.toBe(DEMO.events.title);
    // A new page starts at the top, with focus on its heading.
    await expect.poll(() => scrollY(page)).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    const eventTitle = await mainHeading(page).innerText();

    const requestsBefore = browser.requests.length;
    await page.goBack();
    await expect.poll(() => mainHeading(page).innerText()).toBe(DEMO.events.title);
    await expect.poll(() => scrollY(page)).toBe(before);
    // Focus is back on the link the visitor followed.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe(href);

    await page.goForward();
    await expect.poll(() => mainHeading(page).innerText()).toBe(eventTitle);
    await expect.poll(() => scrollY(page)).toBe(0);

    // A revisit by following a link again (the breadcrumb): from the cache as well, at the top.
    await page.locator(`a[href="${DEMO.events.path}"]:visible`).first().click();
    await expect.poll(() => page.evaluate(() => window.location.pathname)).toBe(DEMO.events.path);
    await expect.poll(() => mainHeading(page).innerText()).toBe(DEMO.events.title);
    await expect.poll(() => scrollY(page)).toBe(0);

    expect(serverRequests(browser.requests.slice(requestsBefore))).toEqual([]);
    expect(await readMarker(page)).toBe(marker);
    expect(browser.problems, describeProblems(browser.problems)).toEqual([]);
  });

  it('restores the place after a reload of the listing, and after leaving the site and coming back', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(browser.url(DEMO.events.path));
    await waitForHydration(page);
    await page.evaluate(() => window.scrollTo(0, 3000));
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => scrollY(page)).toBe(3000);
    expect(browser.problems, describeProblems(browser.problems)).toEqual([]);
  });

  it('prefetches a page when the pointer rests on its link, so following it asks for nothing', async () => {
    const { page } = browser;
    await page.goto(browser.url(DEMO.home.path));
    await waitForHydration(page);
    await settled(page);
    const marker = await setMarker(page);

    const about = navLink(page, DEMO.about.title);
    const prefetchFrom = browser.requests.length;
    await about.hover();
    await expect
      .poll(() =>
        serverRequests(browser.requests.slice(prefetchFrom)).some((url) => url.includes('/api/delivery/')),
      )
      .toBe(true);
    await settled(page);

    const clickFrom = browser.requests.length;
    await about.click();
    await expect.poll(() => mainHeading(page).innerText()).toBe(DEMO.about.title);
    expect(serverRequests(browser.requests.slice(clickFrom))).toEqual([]);
    expect(documentRequests(browser.requests)).toHaveLength(1);
    expect(await readMarker(page)).toBe(marker);
    expect(browser.problems, describeProblems(browser.problems)).toEqual([]);
  });
});

describe('a content change published on the platform', () => {
  // A platform and site of its own, subscribed to content changes: the shared site of the e2e
  // run has the subscription off, and this test edits content.
  const PAGE = '/about/governance';
  let platform: TestPlatform;
  let site: RunningSiteServer;
  let admin: ManagementClient;

  beforeAll(async () => {
    platform = await startTestPlatform({ accounts: true });
    admin = ManagementClient.create({
      rootUrl: platform.url,
      projectId: PROJECT_ID,
      credentials: {
        bearerToken: issueTestToken(platform.db, 'admin'),
        bearerTokenExpiryDate: '2999-01-01T00:00:00Z',
      },
    });
    site = await startSiteServer({
      siteRoot: e2eEnvironment().siteRoot,
      platformUrl: platform.url,
      projectId: PROJECT_ID,
      deliveryToken: DELIVERY_TOKEN,
      previewToken: PREVIEW_TOKEN,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      port: 0,
      host: '127.0.0.1',
      logger: false,
      sessionSecret: 'e2e-session-secret-that-is-long-enough-0002',
    });
  }, 60_000);

  afterAll(async () => {
    await site?.close();
    await platform?.dispose();
  });

  async function serverTitle(): Promise<string | undefined> {
    const response = await fetch(`${site.url}${PAGE}?redux=true`);
    const state = (await response.json()) as { routing: { entry: { title?: string } | null } };
    return state.routing.entry?.title;
  }

  it('shows on a later client navigation, while revisits before it asked for nothing', async () => {
    const chrome = await chromium.launch({ ...CHROMIUM_LAUNCH, args: [...CHROMIUM_LAUNCH.args] });
    try {
      const page = await chrome.newPage();
      const requests: Request[] = [];
      page.on('request', (request) => requests.push(request));
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(error.message));
      await page.goto(`${site.url}${PAGE}`);
      await waitForHydration(page);
      const original = await mainHeading(page).innerText();

      // Away and back by links: the second visit comes from the cache.
      await navLink(page, DEMO.about.title).click();
      await expect.poll(() => mainHeading(page).innerText()).toBe(DEMO.about.title);
      const revisitFrom = requests.length;
      await page.goBack();
      await expect.poll(() => mainHeading(page).innerText()).toBe(original);
      expect(serverRequests(requests.slice(revisitFrom))).toEqual([]);

      // An editor publishes a new title; the site server hears of it from the platform.
      const state = (await (await fetch(`${site.url}${PAGE}?redux=true`)).json()) as {
        routing: { entry: { sys: { id: string } } };
      };
      const entry = await admin.entries.get(state.routing.entry.sys.id);
      const saved = await admin.entries.update({
        ...(entry as EntryInput),
        title: 'Governance, just published',
      });
      await admin.entries.invokeWorkflow(saved, 'publish');
      await expect.poll(serverTitle, { timeout: 10_000 }).toBe('Governance, just published');

      // The visitor navigates on by links: to a page not seen yet (whose answers tell the
      // browser that content changed), to About again, and from there to the changed page.
      await navLink(page, DEMO.courses.title).click();
      await expect.poll(() => mainHeading(page).innerText()).toBe(DEMO.courses.title);
      await navLink(page, DEMO.about.title).click();
      await expect.poll(() => mainHeading(page).innerText()).toBe(DEMO.about.title);
      await page.locator(`main a[href="${PAGE}"]`).first().click();
      await expect.poll(() => mainHeading(page).innerText()).toBe('Governance, just published');
      expect(documentRequests(requests)).toHaveLength(1);
      expect(problems).toEqual([]);
    } finally {
      await chrome.close();
    }
  });
});
