import type { CDPSession, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { describeProblems, useBrowser } from './support/browser.js';
import { type NetworkWatch, watchRequests } from './support/network-quiet.js';
import { DEMO, documentRequests, waitForHydration } from './support/site.js';

// A page whose data the browser fetched within `browserCacheSeconds` opens again without a
// network request: every call the page makes (its node, its ancestors for the breadcrumb, its
// minilists) comes from the browser's own copy. Chromium's DevTools protocol tells requests
// that went to the network from those a cache answered, so this is checked where it happens.

const browser = useBrowser();

/** What the DevTools protocol saw of one request. */
interface SeenRequest {
  url: string;
  /** Answered by a cache of the browser (memory, disk, prefetch), not the network. */
  fromCache: boolean;
}

/** Records every request of the page as the browser's network layer sees it. */
async function watchNetwork(page: Page): Promise<{ seen: Map<string, SeenRequest>; cdp: CDPSession }> {
  const cdp = await page.context().newCDPSession(page);
  const seen = new Map<string, SeenRequest>();
  cdp.on('Network.requestWillBeSent', (event) => {
    seen.set(event.requestId, { url: event.request.url, fromCache: false });
  });
  cdp.on('Network.requestServedFromCache', (event) => {
    const request = seen.get(event.requestId);
    if (request) request.fromCache = true;
  });
  cdp.on('Network.responseReceived', (event) => {
    const request = seen.get(event.requestId);
    if (request && (event.response.fromDiskCache || event.response.fromPrefetchCache))
      request.fromCache = true;
  });
  await cdp.send('Network.enable');
  return { seen, cdp };
}

/** Requests that went to the network since `from` (an index into the order they were seen). */
function networkRequests(seen: Map<string, SeenRequest>, from: number): string[] {
  return [...seen.values()]
    .slice(from)
    .filter((request) => !request.fromCache && !request.url.startsWith('data:'))
    .map((request) => new URL(request.url).pathname + new URL(request.url).search);
}

/** The heading the page shows now. */
const headingNow = (page: Page) =>
  page.evaluate(() => document.querySelector('h1')?.textContent?.trim() ?? null);

/** Follows a link in the page's main content or header and waits for the page it leads to. */
async function follow(page: Page, network: NetworkWatch, href: string, title: string): Promise<void> {
  await page.locator(`a[href="${href}"]:visible`).first().click();
  await expect.poll(() => page.evaluate(() => window.location.pathname)).toBe(href);
  await expect.poll(() => headingNow(page)).toBe(title);
  await network.quiet();
}

describe('revisits from the browser cache', () => {
  it('opens a course page seen seconds ago by a link again without any network request', async () => {
    const { page } = browser;
    const network = watchRequests(page);
    const { seen } = await watchNetwork(page);
    await page.goto(browser.url(DEMO.home.path));
    await waitForHydration(page);
    await network.quiet();

    // The first visit by a link fetches the course's data through the site's delivery proxy.
    const firstFrom = seen.size;
    await follow(page, network, DEMO.course.path, DEMO.course.title);
    const firstVisit = networkRequests(seen, firstFrom).filter((url) => url.startsWith('/api/delivery/'));
    expect(firstVisit.some((url) => url.includes('/ancestors'))).toBe(true);

    // Away to the course list by the breadcrumb, home by the site name, then back to the course.
    await follow(page, network, DEMO.courses.path, DEMO.courses.title);
    await follow(page, network, DEMO.home.path, DEMO.home.title);
    const revisitFrom = seen.size;
    await follow(page, network, DEMO.course.path, DEMO.course.title);
    expect(networkRequests(seen, revisitFrom)).toEqual([]);
    // The revisit shows the whole page: the trail from its ancestors and its related courses.
    await expect
      .poll(() => page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link').allTextContents())
      .toEqual(['Home', 'Courses']);
    expect(
      await page.getByRole('region', { name: 'Related courses' }).getByRole('listitem').count(),
    ).toBeGreaterThan(0);

    expect(documentRequests(browser.requests)).toHaveLength(1);
    expect(browser.problems, describeProblems(browser.problems)).toEqual([]);
  });

  it('opens a course page prefetched from its link without any network request', async () => {
    const { page } = browser;
    const network = watchRequests(page);
    const { seen } = await watchNetwork(page);
    await page.goto(browser.url(DEMO.home.path));
    await waitForHydration(page);
    await network.quiet();

    // Prefetched as the pointer rests on its link: its data is in the browser's copy.
    const link = page.getByRole('link', { name: DEMO.course.title }).first();
    await link.hover();
    await network.quiet();
    await expect
      .poll(() => networkRequests(seen, 0).filter((url) => url.includes('/ancestors')).length)
      .toBeGreaterThan(0);
    const clickFrom = seen.size;
    await link.click();
    await expect.poll(() => headingNow(page)).toBe(DEMO.course.title);
    await network.quiet();
    // Data only: the page's large picture was not part of the prefetch.
    expect(networkRequests(seen, clickFrom).filter((url) => url.startsWith('/api/'))).toEqual([]);
    expect(browser.problems, describeProblems(browser.problems)).toEqual([]);
  });
});
