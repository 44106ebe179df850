import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Client, type Entry } from '@canopy/client';
import { encodeConsent } from '@canopy/web';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../packages/platform/src/mail/outbox.js';
import { expectAxeClean } from './support/accounts.js';
import { describeProblems, useBrowser } from './support/browser.js';
import { expectUncovered } from './support/covered.js';
import { e2eEnvironment } from './support/environment.js';
import { waitForHydration } from './support/site.js';

// Issue 29, point 5: booking a place at an event (with and without JavaScript, at 1280 and
// 390 px, axe clean, by keyboard), and the cookie popup of a first visit, which must not cover
// an event's "Book a place" (the home page's call to action: cookie-banner.test.ts).

const browser = useBrowser();
const SHOTS = fileURLToPath(new URL('../test-results/booking/', import.meta.url));
const WIDTHS = [1280, 390] as const;
const viewport = (width: number) => ({ width, height: width > 600 ? 800 : 844 });

let event: { path: string; title: string };

beforeAll(async () => {
  const { platformUrl, deliveryToken } = e2eEnvironment();
  const client = Client.create({ rootUrl: platformUrl, projectId: 'website', accessToken: deliveryToken });
  const events = (await client.entries.list({ contentTypeId: 'event', pageOptions: { pageSize: 100 } }))
    .items;
  const upcoming = events
    .filter((item: Entry) => item.bookingRequired === true)
    .filter((item: Entry) => Date.parse((item.eventDates as { to: string }).to) > Date.now() + 86_400_000)
    .sort((a, b) =>
      String((a.eventDates as { from: string }).from).localeCompare(
        String((b.eventDates as { from: string }).from),
      ),
    );
  const first = upcoming[0];
  if (!first) throw new Error('The demo has no upcoming event that needs booking');
  event = { path: first.sys.uri as string, title: String(first.entryTitle) };
});

/** A visitor who has answered the cookie question, so the popup is not part of the picture. */
async function answeredConsent(context: BrowserContext): Promise<void> {
  await context.addCookies([
    {
      name: 'aberwen_consent',
      value: encodeConsent({ analytics: false, advertising: false, functional: false, marketing: false }),
      url: browser.siteUrl,
    },
  ]);
}

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}${name}.png`, fullPage: true });
}

/** The visitor's way through the form: a mistake in each field, then a good booking. */
async function bookWithMistakes(page: Page, width: number, script: boolean): Promise<void> {
  const tag = `${width}${script ? '' : '-nojs'}`;
  await page.goto(browser.url(event.path));
  if (script) await waitForHydration(page);
  await page.getByRole('link', { name: `Book a place at ${event.title}` }).click();
  await page.waitForURL((url) => url.pathname === `${event.path}/book`);
  await page.getByRole('heading', { level: 1, name: `Book a place: ${event.title}` }).waitFor();
  if (script) await waitForHydration(page);
  // Axe runs in the page: with JavaScript only (the markup is the same without).
  if (script) await expectAxeClean(page);
  await shot(page, `booking-empty-${tag}`);

  // Mistakes: no name, an address without a domain, too many places.
  await page.getByLabel('Email address').fill('ann.visitor@example');
  await page.getByLabel('Number of places').fill('12');
  await page.getByRole('button', { name: 'Book your place' }).click();
  await page.waitForURL((url) => url.pathname === `${event.path}/book`);
  const summary = page.getByRole('alert');
  await summary.getByRole('heading', { name: 'There is a problem' }).waitFor();
  // The summary has focus (autofocus without JavaScript, an effect with it), so a screen reader reads it first.
  await expect(summary.and(page.locator(':focus')).count()).resolves.toBe(1);
  for (const message of [
    'Enter your full name',
    'Enter an email address in the correct format, like name@example.com',
    'Number of places must be a whole number from 1 to 4',
  ]) {
    await expect(summary.getByRole('link', { name: message }).isVisible()).resolves.toBe(true);
  }
  // What was typed is kept; each field says what is wrong with it.
  await expect(page.getByLabel('Email address').inputValue()).resolves.toBe('ann.visitor@example');
  await expect(page.getByLabel('Number of places').getAttribute('aria-invalid')).resolves.toBe('true');
  if (script) await expectAxeClean(page);
  await shot(page, `booking-errors-${tag}`);

  // The summary's link leads to its field.
  await summary.getByRole('link', { name: 'Enter your full name' }).click();
  await expect(page.getByLabel('Full name').and(page.locator(':focus')).count()).resolves.toBe(1);

  const email = `booker-${tag}-${Date.now()}@example.test`;
  await page.getByLabel('Full name').fill('Ann Visitor');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Number of places').fill('2');
  await page.getByRole('button', { name: 'Book your place' }).click();
  await page.waitForURL((url) => url.pathname === `${event.path}/book/confirmation`);
  await page.getByRole('heading', { level: 1, name: 'Booking confirmed' }).waitFor();
  await expect(page.locator('main').innerText()).resolves.toContain(`2 places at ${event.title}`);
  await expect(page.locator('main').innerText()).resolves.toContain(
    `We have sent a confirmation email to ${email}`,
  );
  if (script) await expectAxeClean(page);
  await shot(page, `booking-confirmation-${tag}`);
  const mails = readOutbox(e2eEnvironment().platformDataDir, { to: email });
  expect(mails.map((mail) => mail.subject)).toEqual([`Booking confirmed: ${event.title}`]);
}

describe('booking a place at an event', { timeout: 120_000 }, () => {
  for (const width of WIDTHS) {
    it(`works with JavaScript at ${width} px: messages at each field, then the confirmation`, async () => {
      const { page, context } = browser;
      await answeredConsent(context);
      await page.setViewportSize(viewport(width));
      await bookWithMistakes(page, width, true);
      expect(browser.problems, describeProblems(browser.problems)).toEqual([]);
    });

    it(`works without JavaScript at ${width} px`, async () => {
      const context = await browser.browser.newContext({
        javaScriptEnabled: false,
        viewport: viewport(width),
      });
      try {
        await answeredConsent(context);
        await bookWithMistakes(await context.newPage(), width, false);
      } finally {
        await context.close();
      }
    });
  }

  it('can be filled and sent with the keyboard alone', async () => {
    const { page, context } = browser;
    await answeredConsent(context);
    await page.goto(browser.url(`${event.path}/book`));
    await waitForHydration(page);
    await page.getByLabel('Full name').focus();
    await page.keyboard.type('Kay Board');
    await page.keyboard.press('Tab');
    await page.keyboard.type(`kay-${Date.now()}@example.test`);
    await page.keyboard.press('Tab');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('1');
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Book your place');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `${event.path}/book/confirmation`);
    await page.getByRole('heading', { level: 1, name: 'Booking confirmed' }).waitFor();
  });
});

describe('the cookie popup of a first visit on an event page', { timeout: 120_000 }, () => {
  for (const width of WIDTHS) {
    it(`does not cover "Book a place" at ${width} px`, async () => {
      const { page } = browser;
      await page.setViewportSize(viewport(width));
      await page.goto(browser.url(event.path));
      await waitForHydration(page);
      await page.getByRole('dialog', { name: 'Cookie consent' }).waitFor();
      await expectUncovered(
        page,
        page.getByRole('main').getByRole('link', { name: `Book a place at ${event.title}` }),
      );
    });
  }
});
