import { Client, type Entry } from '@canopy/client';
import { startSiteServer } from '@canopy/web';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_TOKEN, PROJECT_ID, startTestPlatform } from '../packages/web/src/test-support/platform.js';
import { describeProblems, useBrowser } from './support/browser.js';
import { e2eEnvironment } from './support/environment.js';
import { DEMO, mainHeading, waitForHydration } from './support/site.js';

const browser = useBrowser();
const env = e2eEnvironment();

/** An event of the seeded demo as the platform has it. */
interface SeededEvent {
  title: string;
  category: string;
  from: string;
  to: string;
}

/**
 * Every published event, read from the platform itself. The demo is seeded on the day the
 * tests run (its events lie around that day), so what counts as upcoming follows the clock.
 */
let events: SeededEvent[] = [];

/** Every published event of the platform at `platformUrl`. */
async function readEvents(platformUrl: string, accessToken: string): Promise<SeededEvent[]> {
  const client = Client.create({
    rootUrl: platformUrl,
    projectId: 'website',
    accessToken,
    language: 'en-GB',
  });
  const page = await client.entries.list({ contentTypeId: 'event', pageOptions: { pageSize: 100 } });
  return page.items.map((entry: Entry) => {
    const dates = entry.eventDates as { from: string; to: string };
    return {
      title: String(entry.entryTitle),
      category: String(entry.category),
      from: dates.from,
      to: dates.to,
    };
  });
}

beforeAll(async () => {
  events = await readEvents(env.platformUrl, env.deliveryToken);
  expect(events.length).toBeGreaterThan(20);
});

/** Events not over at `now`, soonest first. */
const upcomingAt = (now: number, list = events) =>
  list.filter((e) => Date.parse(e.to) >= now).toSorted((a, b) => Date.parse(a.from) - Date.parse(b.from));
/** Events over at `now`, latest first. */
const pastAt = (now: number, list = events) =>
  list.filter((e) => Date.parse(e.to) < now).toSorted((a, b) => Date.parse(b.from) - Date.parse(a.from));

/** The listed cards: title and start time, in page order. */
async function listedCards(page: Page): Promise<{ title: string; from: number }[]> {
  const cards = page.locator('.section-listing article.card');
  return cards.evaluateAll((articles) =>
    articles.map((article) => ({
      title: article.querySelector('.card-title')?.textContent ?? '',
      from: Date.parse(article.querySelector('time')?.getAttribute('datetime') ?? ''),
    })),
  );
}

const isSorted = (values: number[], direction: 1 | -1) =>
  values.every((value, i) => i === 0 || direction * (value - (values[i - 1] ?? value)) >= 0);

describe('the events listing', () => {
  it('lists upcoming events first, the soonest at the top, without JavaScript', async () => {
    const context = await browser.browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      const now = Date.now();
      const response = await page.goto(browser.url(DEMO.events.path));
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 2, name: 'Upcoming events' }).count()).resolves.toBe(1);
      const cards = await listedCards(page);
      const expected = upcomingAt(now);
      // The listing shows twelve events, then "Show more events".
      expect(cards.length).toBe(Math.min(12, expected.length));
      expect(cards[0]?.title).toBe(expected[0]?.title);
      expect(
        isSorted(
          cards.map((c) => c.from),
          1,
        ),
      ).toBe(true);
      const tab = page.getByRole('navigation', { name: 'Upcoming or past events' });
      await expect(tab.getByRole('link', { name: 'Upcoming' }).getAttribute('aria-current')).resolves.toBe(
        'page',
      );

      // Past events are one link away, on their own listing: the latest first.
      await tab.getByRole('link', { name: 'Past events' }).click();
      await page.waitForURL(/\/events\?when=past$/);
      const past = await listedCards(page);
      expect(past[0]?.title).toBe(pastAt(now)[0]?.title);
      expect(
        isSorted(
          past.map((c) => c.from),
          -1,
        ),
      ).toBe(true);
      expect(past.every((card) => card.from < now)).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('takes the open-day call to action of the home page and of a course to the upcoming open days', async () => {
    const { page } = browser;
    for (const path of [DEMO.home.path, DEMO.course.path]) {
      await page.goto(browser.url(path));
      await waitForHydration(page);
      const now = Date.now();
      await page
        .getByRole('link', { name: /open day/i })
        .first()
        .click();
      await page.waitForURL(/\/events\?category=open-day$/);
      await expect
        .poll(() => page.getByRole('heading', { level: 2 }).first().textContent())
        .toBe('Upcoming events: Open day');
      await expect(mainHeading(page).textContent()).resolves.toBe(DEMO.events.title);
      const cards = await listedCards(page);
      const openDays = upcomingAt(now).filter((e) => e.category === 'Open day');
      expect(openDays.length).toBeGreaterThan(0);
      expect(cards.map((c) => c.title)).toEqual(openDays.slice(0, 12).map((e) => e.title));
    }
    expect(browser.problems, describeProblems(browser.problems)).toEqual([]);
  });
});

describe('the events facet of the search', () => {
  it('shows no past event unless the visitor chooses past events, which say so', async () => {
    const { page } = browser;
    await page.goto(browser.url('/search/events'));
    await waitForHydration(page);
    const now = Date.now();
    const results = page.locator('.search-result-list .search-result');
    const titles = await results.locator('.search-result-title').allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    expect(titles).toEqual(
      upcomingAt(now)
        .slice(0, titles.length)
        .map((e) => e.title),
    );
    await expect(page.locator('.search-result-facts', { hasText: 'Past event' }).count()).resolves.toBe(0);

    // The "When" filter: periods from today, each with its count, past events last. A period
    // with no event (this month, late in a month) is left out rather than shown as "(0)".
    const when = page.getByRole('group', { name: 'When' });
    const labels = await when.locator('label').allTextContents();
    expect(labels[0]).toBe(`All upcoming (${upcomingAt(now).length})`);
    expect(labels.at(-1)).toBe(`Past events (${pastAt(now).length})`);
    const periods = labels.slice(1, -1);
    const order = ['This month', 'Next three months', 'Later'];
    expect(periods.map((label) => label.replace(/ \(\d+\)$/, ''))).toEqual(
      order.filter((period) => periods.some((label) => label.startsWith(`${period} (`))),
    );
    expect(periods.length).toBeGreaterThan(0);
    for (const label of periods) expect(label).toMatch(/ \([1-9]\d*\)$/);

    await when.getByRole('radio', { name: /^Past events/ }).check();
    await page.waitForURL(/\/search\/events\?when=past$/);
    await expect
      .poll(() => results.first().locator('.search-result-title').textContent())
      .toBe(pastAt(now)[0]?.title);
    const facts = await results.locator('.search-result-facts').allTextContents();
    expect(facts.length).toBeGreaterThan(0);
    expect(facts.every((text) => text.startsWith('Past event · '))).toBe(true);
    expect(browser.problems, describeProblems(browser.problems)).toEqual([]);
  });
});

// The demo seeded on a fixed day, read by a platform whose clock stands at noon of that day:
// what the listing calls upcoming follows the seeding day, whatever the day the tests run.
describe.each(['2026-02-10', '2031-06-30'])('the events listing, the demo seeded on %s', (day) => {
  it('lists the soonest upcoming event of that day first, and past events apart', {
    timeout: 120_000,
  }, async () => {
    const now = Date.parse(`${day}T12:00:00Z`);
    const platform = await startTestPlatform({ today: day, server: { now: () => now } });
    const site = await startSiteServer({
      siteRoot: env.siteRoot,
      platformUrl: platform.url,
      projectId: PROJECT_ID,
      deliveryToken: DELIVERY_TOKEN,
      contentChanges: false,
      port: 0,
      host: '127.0.0.1',
      logger: false,
    });
    const context = await browser.browser.newContext({ javaScriptEnabled: false });
    try {
      const seeded = await readEvents(platform.url, DELIVERY_TOKEN);
      const upcoming = upcomingAt(now, seeded);
      const past = pastAt(now, seeded);
      expect(upcoming.length).toBeGreaterThan(12);
      expect(past.length).toBeGreaterThan(0);
      // The soonest upcoming event starts within a fortnight or so of the seeding day.
      expect(Date.parse(upcoming[0]?.from ?? '') - now).toBeLessThan(17 * 86_400_000);

      const page = await context.newPage();
      await page.goto(`${site.url}${DEMO.events.path}`);
      const cards = await listedCards(page);
      expect(cards.map((card) => card.title)).toEqual(upcoming.slice(0, 12).map((e) => e.title));

      await page.goto(`${site.url}${DEMO.events.path}?when=past`);
      const pastCards = await listedCards(page);
      expect(pastCards[0]?.title).toBe(past[0]?.title);
      expect(pastCards.every((card) => card.from < now)).toBe(true);
    } finally {
      await context.close();
      await site.close();
      await platform.dispose();
    }
  });
});
