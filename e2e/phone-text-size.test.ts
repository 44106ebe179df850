import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.js';
import { DEMO, waitForHydration } from './support/site.js';

// On a phone (390 px) the facts under a card's summary - a course's level, mode and length, an
// event's venue, a person's department - are at least 14 px, the smallest size GOV.UK uses on
// a phone. They were 13 px. So are the small words of the search: the kind of page above each
// result ("Event", "Course") and the names of the suggestions' groups ("Courses").

const browser = useBrowser();

/** An element's computed font size in px. */
const fontSize = (element: Locator): Promise<number> =>
  element.evaluate((node) => Number.parseFloat(getComputedStyle(node).fontSize));

describe('the facts on cards, on a phone', () => {
  for (const { name, path, fact } of [
    { name: "the home page's featured courses", path: DEMO.home.path, fact: 'Full-time' },
    { name: 'the events listing', path: DEMO.events.path, fact: 'Aberwen Arts Centre' },
    { name: 'the people listing', path: DEMO.people.path, fact: 'School of Engineering' },
  ]) {
    it(`are at least 14 px on ${name}`, async () => {
      const { page } = browser;
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(browser.url(path));
      await waitForHydration(page);
      const item = page
        .getByRole('main')
        .getByRole('listitem')
        .filter({ hasText: new RegExp(`^${fact}$`) })
        .first();
      expect(await fontSize(item)).toBeGreaterThanOrEqual(14);
    });
  }
});

describe('the small words of the search, on a phone', () => {
  it('the kind of page above a result is at least 14 px', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(browser.url('/search/all?term=open+day'));
    await waitForHydration(page);
    const kind = page.getByRole('main').getByText('Event', { exact: true }).first();
    await kind.waitFor({ state: 'visible' });
    expect(await fontSize(kind)).toBeGreaterThanOrEqual(14);
  });

  it("a suggestions group's name is at least 14 px", async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(browser.url(DEMO.about.path));
    await waitForHydration(page);
    const box = page.getByRole('banner').getByRole('searchbox', { name: 'Search the site' });
    await box.focus();
    await page.getByRole('combobox', { name: 'Search the site' }).pressSequentially('marine');
    const group = page
      .getByRole('listbox', { name: 'Suggested pages' })
      .getByRole('group', { name: 'Courses' });
    await group.waitFor({ state: 'visible' });
    // The group is named by its heading (aria-labelledby): that heading's size.
    const name = page.locator(`[id="${await group.getAttribute('aria-labelledby')}"]`);
    await expect(name.textContent()).resolves.toBe('Courses');
    expect(await fontSize(name)).toBeGreaterThanOrEqual(14);
  });
});
