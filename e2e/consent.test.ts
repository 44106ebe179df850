import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  type ConsentRecord,
  decodeConsent,
  encodeConsent,
  NO_CONSENT,
} from '../packages/web/src/consent/consent-record.js';
import { useBrowser } from './support/browser.js';
import { DEMO, readMarker, setMarker, waitForHydration } from './support/site.js';

const browser = useBrowser();

/** The demo site's consent cookie (site/src/consent.ts). */
const COOKIE = 'aberwen_consent';
const ALL: ConsentRecord = { analytics: true, advertising: true, functional: true, marketing: true };
const ANALYTICS_SCRIPT = '/static/analytics.js';
const EVENT_PATH = '/events/undergraduate-open-day-arts-and-humanities';
const OSM_HOST = 'https://www.openstreetmap.org';

const popup = (page: Page) => page.getByRole('dialog', { name: 'Cookie consent' });
const panel = (page: Page) => page.getByRole('dialog', { name: 'Customise Consent Preferences' });
const footerButton = (page: Page) => page.getByRole('button', { name: 'Cookie preferences' });

async function consentCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === COOKIE) ?? null;
}

async function storedConsent(context: BrowserContext): Promise<ConsentRecord | null> {
  return decodeConsent((await consentCookie(context))?.value);
}

async function giveConsent(context: BrowserContext, record: ConsentRecord): Promise<void> {
  await context.addCookies([{ name: COOKIE, value: encodeConsent(record), url: browser.siteUrl }]);
}

/** Opens a page and waits until React runs it; returns the server's HTML of it. */
async function open(page: Page, path: string): Promise<string> {
  const response = await page.goto(browser.url(path));
  expect(response?.ok()).toBe(true);
  const html = (await response?.text()) ?? '';
  await waitForHydration(page);
  return html;
}

/**
 * Resolves once the outbound-link tracking's code has arrived (call it before opening the
 * page). That code comes after hydration, with the consent overlays' chunk and then its own,
 * and a click before it is listening is a plain link. The page's clock is faked in these tests,
 * so its own resource timings cannot tell.
 */
function outboundLinksLoaded(page: Page): Promise<void> {
  return page
    .waitForResponse((response) => /outbound-links/.test(new URL(response.url()).pathname), {
      timeout: 15_000,
    })
    .then(async () => {
      // The listener is added once the module has run, just after its response.
      await page.waitForTimeout(50);
    });
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html.slice(0, 120)).join(' | ')}`,
    );
}

const focusedText = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    if (active?.getAttribute('role') === 'dialog') {
      const title = document.getElementById(active.getAttribute('aria-labelledby') ?? '');
      return `dialog ${title?.textContent ?? ''}`;
    }
    return active?.getAttribute('aria-label') ?? active?.textContent?.trim() ?? '';
  });

describe('first visit', () => {
  it('has the popup in the server HTML, with no gated script, and records nothing by itself', async () => {
    const { page, context, requests } = browser;
    const html = await open(page, DEMO.home.path);
    expect(html).toContain('aria-label="Cookie consent"');
    expect(html).toContain('Accept all');
    expect(html).not.toContain(ANALYTICS_SCRIPT);
    await expect(popup(page).isVisible()).resolves.toBe(true);
    await expect(popup(page).getByRole('link', { name: 'Customise' }).isVisible()).resolves.toBe(true);
    await expect(consentCookie(context)).resolves.toBeNull();
    expect(requests.map((request) => request.url())).not.toContain(browser.url(ANALYTICS_SCRIPT));
  });

  it('Accept all saves four true with path /; the popup never returns and the analytics script runs', async () => {
    const { page, context, requests } = browser;
    await open(page, DEMO.home.path);
    await popup(page).getByRole('button', { name: 'Accept all' }).click();
    await popup(page).waitFor({ state: 'detached' });
    const cookie = await consentCookie(context);
    expect(cookie?.path).toBe('/');
    expect(cookie?.sameSite).toBe('Lax');
    // 90 days, give or take the seconds the test takes.
    expect(Math.round(((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000)).toBe(90);
    expect(decodeConsent(cookie?.value)).toEqual(ALL);
    // Allowed content comes in without a reload: the analytics script and the home page's film.
    await page.waitForFunction(() => window.aberwenAnalytics !== undefined);
    expect(requests.some((request) => request.url() === browser.url(ANALYTICS_SCRIPT))).toBe(true);

    for (const path of [DEMO.news.path, DEMO.course.path]) {
      const html = await open(page, path);
      expect(html).not.toContain('aria-label="Cookie consent"');
      expect(html).toContain(ANALYTICS_SCRIPT);
      await expect(popup(page).count()).resolves.toBe(0);
    }
  });

  it('Decline all saves four false; the popup stays away and nothing gated loads', async () => {
    const { page, context, requests } = browser;
    await open(page, DEMO.home.path);
    await popup(page).getByRole('button', { name: 'Decline all' }).click();
    await popup(page).waitFor({ state: 'detached' });
    await expect(storedConsent(context)).resolves.toEqual(NO_CONSENT);
    expect((await consentCookie(context))?.path).toBe('/');
    const html = await open(page, DEMO.about.path);
    expect(html).not.toContain('aria-label="Cookie consent"');
    expect(html).not.toContain(ANALYTICS_SCRIPT);
    expect(requests.map((request) => request.url())).not.toContain(browser.url(ANALYTICS_SCRIPT));
  });

  it('Escape on the popup puts it aside for the page without recording a refusal', async () => {
    const { page, context } = browser;
    await open(page, DEMO.home.path);
    await popup(page).getByRole('button', { name: 'Decline all' }).focus();
    await page.keyboard.press('Escape');
    await popup(page).waitFor({ state: 'detached' });
    await expect(consentCookie(context)).resolves.toBeNull();
    await open(page, DEMO.news.path);
    await expect(popup(page).isVisible()).resolves.toBe(true);
  });
});

describe('the preferences panel', () => {
  it('Customise → switch → Save preferences stores exactly the choices and hides the popup', async () => {
    const { page, context } = browser;
    await open(page, DEMO.home.path);
    await popup(page).getByRole('link', { name: 'Customise' }).click();
    const dialog = panel(page);
    await dialog.waitFor();
    await expect(dialog.getAttribute('aria-modal')).resolves.toBe('true');
    // Required categories: 'Always Active', locked.
    const necessary = dialog.getByRole('switch', { name: 'Necessary' });
    await expect(necessary.isChecked()).resolves.toBe(true);
    await expect(necessary.isDisabled()).resolves.toBe(true);
    await expect(dialog.getByText('Always Active').isVisible()).resolves.toBe(true);
    // Categories without cookies say so.
    await expect(dialog.getByText('No cookies to show.').count()).resolves.toBe(2);
    const analytics = dialog.getByRole('switch', { name: 'Analytical' });
    await expect(analytics.isChecked()).resolves.toBe(false);
    await analytics.click();
    await expect(analytics.getAttribute('aria-checked')).resolves.toBe('true');
    await dialog.getByRole('button', { name: 'Save preferences' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect(popup(page).count()).resolves.toBe(0);
    await expect(storedConsent(context)).resolves.toEqual({ ...NO_CONSENT, analytics: true });
    await page.waitForFunction(() => window.aberwenAnalytics !== undefined);
  });

  it('Escape closes the panel opened from the popup, records nothing, and the popup is back', async () => {
    const { page, context } = browser;
    await open(page, DEMO.home.path);
    await popup(page).getByRole('link', { name: 'Customise' }).click();
    await panel(page).getByRole('switch', { name: 'Marketing' }).check();
    await page.keyboard.press('Escape');
    await panel(page).waitFor({ state: 'detached' });
    await expect(consentCookie(context)).resolves.toBeNull();
    await expect(popup(page).isVisible()).resolves.toBe(true);
  });

  it('a click outside closes the panel without saving, and gives focus back to Cookie preferences', async () => {
    const { page, context } = browser;
    await giveConsent(context, NO_CONSENT);
    await open(page, DEMO.home.path);
    await footerButton(page).click();
    await panel(page).getByRole('switch', { name: 'Functional' }).check();
    await page.mouse.click(5, 5);
    await panel(page).waitFor({ state: 'detached' });
    await expect(storedConsent(context)).resolves.toEqual(NO_CONSENT);
    await expect(focusedText(page)).resolves.toBe('Cookie preferences');
  });

  it('has Accept all and Reject all of its own, and lists the session and consent cookies as necessary', async () => {
    const { page, context } = browser;
    await open(page, DEMO.home.path);
    await popup(page).getByRole('link', { name: 'Customise' }).click();
    await panel(page).waitFor();
    const necessary = panel(page).getByRole('table', { name: 'Necessary cookies' });
    await expect(necessary.getByRole('cell', { name: 'canopy_session' }).count()).resolves.toBe(1);
    await expect(necessary.getByRole('cell', { name: 'aberwen_consent' }).count()).resolves.toBe(1);
    await panel(page).getByRole('button', { name: 'Reject all' }).click();
    await panel(page).waitFor({ state: 'detached' });
    await expect(storedConsent(context)).resolves.toEqual(NO_CONSENT);
    await footerButton(page).click();
    await panel(page).getByRole('button', { name: 'Accept all' }).click();
    await panel(page).waitFor({ state: 'detached' });
    await expect(storedConsent(context)).resolves.toEqual(ALL);
  });

  it('switching a category off reloads the page (choice saved on an earlier page load)', async () => {
    const { page, context } = browser;
    await giveConsent(context, ALL);
    const html = await open(page, DEMO.news.path);
    expect(html).toContain(ANALYTICS_SCRIPT);
    await setMarker(page);
    await footerButton(page).click();
    await panel(page).getByRole('switch', { name: 'Analytical' }).uncheck();
    const reload = page.waitForEvent('load');
    await panel(page).getByRole('button', { name: 'Save preferences' }).click();
    await reload;
    await waitForHydration(page);
    await expect(readMarker(page)).resolves.toBeNull();
    await expect(storedConsent(context)).resolves.toEqual({ ...ALL, analytics: false });
    await expect(page.evaluate(() => window.aberwenAnalytics === undefined)).resolves.toBe(true);
  });

  it('switching a category on does not reload', async () => {
    const { page, context } = browser;
    await giveConsent(context, NO_CONSENT);
    await open(page, DEMO.news.path);
    await setMarker(page);
    await footerButton(page).click();
    await panel(page).getByRole('switch', { name: 'Analytical' }).check();
    await panel(page).getByRole('button', { name: 'Save preferences' }).click();
    await page.waitForFunction(() => window.aberwenAnalytics !== undefined);
    await expect(readMarker(page)).resolves.not.toBeNull();
  });

  it('takes over a choice made in another tab', async () => {
    const { page, context } = browser;
    await open(page, DEMO.news.path);
    await expect(popup(page).isVisible()).resolves.toBe(true);
    const other = await context.newPage();
    await other.goto(browser.url(DEMO.about.path));
    await waitForHydration(other);
    await popup(other).getByRole('button', { name: 'Accept all' }).click();
    await popup(page).waitFor({ state: 'detached' });
    await page.waitForFunction(() => window.aberwenAnalytics !== undefined);
    await other.close();
  });
});

/** The analytics script's visitor cookie (site/public/analytics.js). */
const VISITOR_COOKIE = 'aw_visitor';
const visitorCookie = async (context: BrowserContext) =>
  (await context.cookies()).filter((cookie) => cookie.name === VISITOR_COOKIE);

describe.each([
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
])('withdrawing analytics at $width px', (viewport) => {
  it('Accept all, then analytics off and Save preferences leaves no aw_visitor cookie', async () => {
    const { page, context } = browser;
    await page.setViewportSize(viewport);
    await open(page, DEMO.news.path);
    await popup(page).getByRole('button', { name: 'Accept all' }).click();
    await page.waitForFunction(() => window.aberwenAnalytics !== undefined);
    await expect(visitorCookie(context)).resolves.toHaveLength(1);
    await footerButton(page).click();
    await panel(page).getByRole('switch', { name: 'Analytical' }).uncheck();
    const reload = page.waitForEvent('load');
    await panel(page).getByRole('button', { name: 'Save preferences' }).click();
    await reload;
    await waitForHydration(page);
    await expect(visitorCookie(context)).resolves.toEqual([]);
    await expect(storedConsent(context)).resolves.toEqual({ ...ALL, analytics: false });
    await expect(page.evaluate(() => window.aberwenAnalytics === undefined)).resolves.toBe(true);
  });

  it('without JavaScript, the panel form deletes aw_visitor on the server', async () => {
    const { browser: chromium } = browser;
    const context = await chromium.newContext({ javaScriptEnabled: false, viewport });
    try {
      await giveConsent(context, ALL);
      // As the analytics script leaves it: a year, path /.
      await context.addCookies([
        {
          name: VISITOR_COOKIE,
          value: 'v123',
          url: browser.siteUrl,
          expires: Math.round(Date.now() / 1000) + 365 * 86_400,
        },
      ]);
      const page = await context.newPage();
      await page.goto(browser.url(`${DEMO.news.path}?consent=preferences`));
      await panel(page).getByRole('switch', { name: 'Analytical' }).uncheck();
      await panel(page).getByRole('button', { name: 'Save preferences' }).click();
      await page.waitForURL(browser.url(DEMO.news.path));
      await expect(visitorCookie(context)).resolves.toEqual([]);
      await expect(storedConsent(context)).resolves.toEqual({ ...ALL, analytics: false });
    } finally {
      await context.close();
    }
  });

  it('Escape in the panel opened from the popup records nothing; the popup is still there', async () => {
    const { page, context } = browser;
    await page.setViewportSize(viewport);
    await open(page, DEMO.home.path);
    await popup(page).getByRole('link', { name: 'Customise' }).click();
    await panel(page).waitFor();
    await page.keyboard.press('Escape');
    await panel(page).waitFor({ state: 'detached' });
    await expect(consentCookie(context)).resolves.toBeNull();
    await expect(popup(page).isVisible()).resolves.toBe(true);
  });

  it('finds nothing serious with the panel open; screenshot kept', async () => {
    const { page } = browser;
    await page.setViewportSize(viewport);
    await open(page, DEMO.home.path);
    await popup(page).getByRole('link', { name: 'Customise' }).click();
    await panel(page).waitFor();
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await page.screenshot({
      path: fileURLToPath(new URL(`../test-results/consent-panel-${viewport.width}.png`, import.meta.url)),
    });
  });
});

describe('keyboard only', () => {
  it('reaches the popup first, opens the panel, keeps focus inside it and saves with the keyboard', async () => {
    const { page, context } = browser;
    await open(page, DEMO.home.path);
    await page.keyboard.press('Tab');
    await expect(focusedText(page)).resolves.toBe('Customise');
    await page.keyboard.press('Enter');
    await panel(page).waitFor();
    await expect(focusedText(page)).resolves.toBe('dialog Customise Consent Preferences');
    // Tab cycles through the switches and the button, never leaving the dialog.
    const inside: boolean[] = [];
    for (let index = 0; index < 12; index += 1) {
      await page.keyboard.press('Tab');
      inside.push(await page.evaluate(() => !!document.activeElement?.closest('[aria-modal="true"]')));
    }
    expect(inside.every(Boolean)).toBe(true);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    inside.push(await page.evaluate(() => !!document.activeElement?.closest('[aria-modal="true"]')));
    expect(inside.every(Boolean)).toBe(true);
    // From the dialog itself, Shift+Tab goes to its last control.
    await panel(page).focus();
    await page.keyboard.press('Shift+Tab');
    await expect(focusedText(page)).resolves.toBe('Reject all');
    // The first switchable category, by keyboard.
    await panel(page).getByRole('switch', { name: 'Analytical' }).focus();
    await page.keyboard.press('Space');
    await panel(page).getByRole('button', { name: 'Save preferences' }).focus();
    await page.keyboard.press('Enter');
    await panel(page).waitFor({ state: 'detached' });
    await expect(storedConsent(context)).resolves.toEqual({ ...NO_CONSENT, analytics: true });
    // The popup (and its Customise link) is gone: focus lands on the page's main content.
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('content');
  });

  it('returns focus to the Cookie preferences button after Escape', async () => {
    const { page, context } = browser;
    await giveConsent(context, NO_CONSENT);
    await open(page, DEMO.about.path);
    await footerButton(page).focus();
    await page.keyboard.press('Enter');
    await panel(page).waitFor();
    await page.keyboard.press('Escape');
    await panel(page).waitFor({ state: 'detached' });
    await expect(focusedText(page)).resolves.toBe('Cookie preferences');
  });

  // The Customise link goes while the panel is open and comes back with the popup: focus used
  // to land on the page's main content, a whole header past the popup.
  it("returns focus to the popup's Customise link after Escape in the panel it opened", async () => {
    const { page } = browser;
    await open(page, DEMO.home.path);
    await page.keyboard.press('Tab');
    await expect(focusedText(page)).resolves.toBe('Customise');
    await page.keyboard.press('Enter');
    await panel(page).waitFor();
    await page.keyboard.press('Escape');
    await panel(page).waitFor({ state: 'detached' });
    await expect(popup(page).isVisible()).resolves.toBe(true);
    await expect(focusedText(page)).resolves.toBe('Customise');
    // On with the keyboard from there: the popup's buttons.
    await page.keyboard.press('Tab');
    await expect(focusedText(page)).resolves.toBe('Accept all');
  });
});

describe('gated content', () => {
  it('leaves the film out until marketing is allowed, then shows it without a reload', async () => {
    const { page, context } = browser;
    await context.route('https://www.youtube-nocookie.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Film</title><p>Film</p>' }),
    );
    await giveConsent(context, NO_CONSENT);
    const html = await open(page, DEMO.home.path);
    expect(html).not.toContain('youtube-nocookie.com/embed');
    await expect(page.locator('iframe').count()).resolves.toBe(0);
    await setMarker(page);
    await page.getByRole('button', { name: 'Allow marketing cookies' }).click();
    await page.locator('iframe[title="Big Buck Bunny (Blender Foundation)"]').waitFor();
    await expect(readMarker(page)).resolves.not.toBeNull();
    await expect(storedConsent(context)).resolves.toEqual({ ...NO_CONSENT, marketing: true });
    const after = await open(page, DEMO.home.path);
    expect(after).toContain('youtube-nocookie.com/embed/');
    expect(after).not.toContain(ANALYTICS_SCRIPT);
  });
});

describe('outbound links', () => {
  it('with analytics allowed, waits for the analytics callback at most 250 ms', async () => {
    const { page, context } = browser;
    await context.route(`${OSM_HOST}/**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Map</title><p>Map</p>' }),
    );
    await giveConsent(context, { ...NO_CONSENT, analytics: true });
    await page.clock.install();
    const outboundLinks = outboundLinksLoaded(page);
    await open(page, EVENT_PATH);
    await page.waitForFunction(() => window.aberwenAnalytics !== undefined);
    await outboundLinks;
    // From here on, time in the page passes only when the test says so.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    // An analytics service that never answers.
    const calls = await page.evaluateHandle(() => {
      const seen: string[] = [];
      if (window.aberwenAnalytics) window.aberwenAnalytics.trackOutbound = (href) => void seen.push(href);
      return seen;
    });
    await page.getByRole('link', { name: 'View on OpenStreetMap' }).click();
    await expect(calls.evaluate((seen) => seen.length)).resolves.toBe(1);
    await page.clock.runFor(249);
    expect(page.url()).toBe(browser.url(EVENT_PATH));
    const navigation = page.waitForURL(`${OSM_HOST}/**`);
    await page.clock.runFor(1);
    await navigation;
  });

  it('navigates as soon as the callback returns, and without analytics consent is a plain link', async () => {
    const { page, context } = browser;
    await context.route(`${OSM_HOST}/**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Map</title><p>Map</p>' }),
    );
    await giveConsent(context, { ...NO_CONSENT, analytics: true });
    await page.clock.install();
    const outboundLinks = outboundLinksLoaded(page);
    await open(page, EVENT_PATH);
    await page.waitForFunction(() => window.aberwenAnalytics !== undefined);
    await outboundLinks;
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await page.evaluate(() => {
      if (window.aberwenAnalytics) window.aberwenAnalytics.trackOutbound = (_href, done) => done();
    });
    await page.getByRole('link', { name: 'View on OpenStreetMap' }).click();
    // No clock time passes: the callback's return is enough.
    await page.waitForURL(`${OSM_HOST}/**`);

    // Time flows again: a page loads its code after its first frame, which a paused clock never shows.
    await page.clock.resume();
    await giveConsent(context, NO_CONSENT);
    await open(page, EVENT_PATH);
    await page.getByRole('link', { name: 'View on OpenStreetMap' }).click();
    await page.waitForURL(`${OSM_HOST}/**`);
  });
});

describe('accessibility of the overlays (axe)', () => {
  it('finds nothing serious with the popup open', async () => {
    const { page } = browser;
    await open(page, DEMO.home.path);
    await popup(page).waitFor();
    await expect(seriousViolations(page)).resolves.toEqual([]);
  });

  it('finds nothing serious with the panel open, at phone width too', async () => {
    const { page } = browser;
    await open(page, DEMO.home.path);
    await popup(page).getByRole('link', { name: 'Customise' }).click();
    await panel(page).waitFor();
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(seriousViolations(page)).resolves.toEqual([]);
  });
});

describe('without JavaScript', () => {
  it('Accept all, Customise and Save preferences work as plain forms', async () => {
    const { browser: chromium } = browser;
    const context = await chromium.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(browser.url(DEMO.news.path));
      await popup(page).getByRole('link', { name: 'Customise' }).click();
      await page.waitForURL(/consent=preferences/);
      await panel(page).getByRole('switch', { name: 'Marketing' }).check();
      await panel(page).getByRole('button', { name: 'Save preferences' }).click();
      await page.waitForURL(browser.url(DEMO.news.path));
      await expect(storedConsent(context)).resolves.toEqual({ ...NO_CONSENT, marketing: true });
      await expect(popup(page).count()).resolves.toBe(0);

      await context.clearCookies();
      await page.goto(browser.url(DEMO.about.path));
      await popup(page).getByRole('button', { name: 'Accept all' }).click();
      await page.waitForURL(browser.url(DEMO.about.path));
      await expect(storedConsent(context)).resolves.toEqual(ALL);
      await expect(popup(page).count()).resolves.toBe(0);
    } finally {
      await context.close();
    }
  });
});
