import { readOutbox } from '@canopy/platform';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAxeClean, patient, screenshots, withoutScript } from './support/accounts.js';
import { CHROMIUM_LAUNCH, useBrowser } from './support/browser.js';
import { e2eEnvironment } from './support/environment.js';
import { DEMO, readMarker, setMarker, waitForHydration } from './support/site.js';

// Issue 27, point 3: the sign-in and access-denied pages name the page by its title (from the
// server, never from the address); the federated sign-in link appears only on hosts that offer
// it; used links from account mails say so when they are opened.

const browser = useBrowser();
const WIDTHS = [1280, 390] as const;
const viewport = (width: number) => ({ width, height: width > 600 ? 800 : 844 });
const FEDERATED = 'sign in with the Canopy platform';

/** The words of the page's main part, as a visitor reads them. */
const mainText = (page: Page) => page.locator('main').innerText();

describe('the sign-in page names the page it leads to', { timeout: 180_000 }, () => {
  for (const width of WIDTHS) {
    it(`by its title for a members page, and in plain words for a crafted address, at ${width} px`, async () => {
      const { page } = browser;
      patient(browser.context);
      await page.setViewportSize(viewport(width));
      await page.goto(browser.url('/members'));
      expect(new URL(page.url()).pathname).toBe('/account/login');
      await expect(page.getByText('Sign in to continue to Members area.').isVisible()).resolves.toBe(true);
      await expect(mainText(page)).resolves.not.toContain('/members');
      // A static route of the site is named by its own title (the route loader, on the server).
      await page.goto(browser.url('/account'));
      expect(new URL(page.url()).pathname).toBe('/account/login');
      await expect(page.getByText('Sign in to continue to Your account.').isVisible()).resolves.toBe(true);
      await page.goto(browser.url('/members'));
      await expectAxeClean(page);
      if (width === 1280) await screenshots(page, 'sign-in-named');

      // Words in the address never reach the page: an unknown path reads as "the page you asked for".
      await page.goto(
        browser.url(
          `/account/login?redirect_uri=${encodeURIComponent('/Your-account-is-locked-call-0800-123')}`,
        ),
      );
      await expect(
        page.getByText('Sign in to continue to the page you asked for.').isVisible(),
      ).resolves.toBe(true);
      await expect(mainText(page)).resolves.not.toMatch(/locked|0800/);
      await page.goto(browser.url('/account/access-denied?original_uri=%2FCall-0800-123-now'));
      await expect(
        page.getByText('Your account does not give you access to that page.').isVisible(),
      ).resolves.toBe(true);
      await expect(mainText(page)).resolves.not.toContain('0800');
      await expectAxeClean(page);
      if (width === 1280) await screenshots(page, 'access-denied-unnamed');
    });
  }

  it('names the page without JavaScript too (the server puts the name in the page)', async () => {
    await withoutScript(browser, async (page) => {
      await page.goto(browser.url('/members'));
      expect(new URL(page.url()).pathname).toBe('/account/login');
      await expect(page.getByText('Sign in to continue to Members area.').isVisible()).resolves.toBe(true);
      await page.goto(browser.url('/account/reset-password?token=made-up'));
      await expect(page.getByRole('alert').textContent()).resolves.toContain(
        'This link to reset your password has already been used or has expired.',
      );
      await expect(page.getByLabel('New password', { exact: true }).count()).resolves.toBe(0);
    });
  });

  it('names the page when the visitor gets there by client navigation', async () => {
    const { page } = browser;
    await page.goto(browser.url(DEMO.course.path));
    await waitForHydration(page);
    const marker = await setMarker(page);
    await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/account/login');
    expect(new URL(page.url()).searchParams.get('redirect_uri')).toBe(DEMO.course.path);
    await page.getByText(`Sign in to continue to ${DEMO.course.title}.`).waitFor();
    // The same document: the name came from the site server's page-name answer, not a reload.
    await expect(readMarker(page)).resolves.toBe(marker);
  });
});

describe('the federated sign-in link', { timeout: 180_000 }, () => {
  // The live name of the demo, mapped to the test server: federated sign-in is not configured
  // for it (the platform would refuse to send visitors back there).
  let live: Browser | null = null;
  beforeAll(async () => {
    const site = new URL(browser.siteUrl);
    live = await chromium.launch({
      ...CHROMIUM_LAUNCH,
      args: [...CHROMIUM_LAUNCH.args, `--host-resolver-rules=MAP www.aberwen.example ${site.hostname}`],
    });
  });
  afterAll(async () => {
    await live?.close();
  });

  for (const width of WIDTHS) {
    it(`is not on the live host name, which has no federated sign-in, at ${width} px`, async () => {
      if (!live) throw new Error('Chromium did not start');
      const context = await live.newContext({ viewport: viewport(width) });
      try {
        const page = await context.newPage();
        const port = new URL(browser.siteUrl).port;
        await page.goto(`http://www.aberwen.example:${port}/account/login?redirect_uri=%2Fmembers`);
        await waitForHydration(page);
        await expect(page.getByText('Sign in to continue to Members area.').isVisible()).resolves.toBe(true);
        await expect(page.getByRole('link', { name: FEDERATED }).count()).resolves.toBe(0);
        await expect(page.getByText(/Canopy platform/).count()).resolves.toBe(0);
        await expectAxeClean(page);
        if (width === 1280) await screenshots(page, 'sign-in-live-host');
      } finally {
        await context.close();
      }
    });

    it(`is on this machine's name, where the platform sends visitors back, at ${width} px`, async () => {
      const { page } = browser;
      await page.setViewportSize(viewport(width));
      await page.goto(browser.url('/account/login?redirect_uri=%2Fmembers'));
      await expect(page.getByRole('link', { name: FEDERATED }).count()).resolves.toBe(1);
    });
  }
});

describe('links from account mails that have been used', { timeout: 240_000 }, () => {
  it('a used confirmation link says the address is confirmed and offers sign-in; a made-up one says what to do', async () => {
    const { page } = browser;
    patient(browser.context);
    const { platformDataDir } = e2eEnvironment();
    const email = 'eira.twice@example.org';
    await page.goto(browser.url('/account/register'));
    await page.getByLabel('First name').fill('Eira');
    await page.getByLabel('Last name').fill('Twice');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Eira-registers-2026');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('status').textContent()).resolves.toContain('Your account is ready.');
    const link = readOutbox(platformDataDir, { to: email }).at(-1)?.link;
    const { pathname, search } = new URL(link ?? 'http://missing.invalid');
    for (const visit of ['first', 'again']) {
      await page.goto(browser.url(`${pathname}${search}`));
      expect(new URL(page.url()).pathname, visit).toBe('/account/login');
      await expect(page.getByRole('status').textContent(), visit).resolves.toContain(
        'Your email address is confirmed. Sign in to continue.',
      );
      await expect(page.getByRole('button', { name: 'Sign in' }).isVisible()).resolves.toBe(true);
    }
    await expectAxeClean(page);
    await screenshots(page, 'verify-link-used');

    // A link that never worked: the confirmation page's error summary, focused, with the way on.
    await page.goto(browser.url('/account/verify?token=made-up'));
    expect(new URL(page.url()).pathname).toBe('/account/verify-email');
    const summary = page.getByRole('alert');
    await expect(summary.getByRole('heading', { name: 'There is a problem' }).count()).resolves.toBe(1);
    await expect(summary.textContent()).resolves.toContain(
      'This confirmation link is invalid or has expired.',
    );
    await page.locator('.error-summary:focus').waitFor();
    await expectAxeClean(page);
    await screenshots(page, 'verify-link-invalid');
  });

  for (const width of WIDTHS) {
    it(`a used reset link says so at once and offers a new one, at ${width} px`, async () => {
      const { page } = browser;
      patient(browser.context);
      await page.setViewportSize(viewport(width));
      const { platformDataDir } = e2eEnvironment();
      const email = `reset.twice.${width}@example.org`;
      await page.goto(browser.url('/account/register'));
      await page.getByLabel('First name').fill('Rhodri');
      await page.getByLabel('Last name').fill('Twice');
      await page.getByLabel('Email address').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('Rhodri-registers-2026');
      await page.getByRole('button', { name: 'Create account' }).click();
      await expect(page.getByRole('status').textContent()).resolves.toContain('Your account is ready.');
      await page.goto(browser.url('/account/forgot-password'));
      await page.getByLabel('Email address').fill(email);
      await page.getByRole('button', { name: 'Send the link' }).click();
      await expect(page.getByRole('status').textContent()).resolves.toContain(
        'If an account uses that address',
      );
      const mail = readOutbox(platformDataDir, { to: email }).find((each) => each.kind === 'password-reset');
      const { pathname, search } = new URL(mail?.link ?? 'http://missing.invalid');

      await page.goto(browser.url(`${pathname}${search}`));
      await page.getByLabel('New password', { exact: true }).fill('Rhodri-reset-2026');
      await page.getByRole('button', { name: 'Change password' }).click();
      await expect(page.getByRole('status').textContent()).resolves.toContain(
        'Your password has been changed.',
      );

      // The same link again: no form to type into, the reason at once, and the way to a new link.
      await page.goto(browser.url(`${pathname}${search}`));
      await waitForHydration(page);
      const summary = page.getByRole('alert');
      await expect(summary.textContent()).resolves.toContain(
        'This link to reset your password has already been used or has expired.',
      );
      await page.locator('.error-summary:focus').waitFor();
      await expect(page.getByLabel('New password', { exact: true }).count()).resolves.toBe(0);
      await expectAxeClean(page);
      if (width === 1280) await screenshots(page, 'reset-link-used');
      // By keyboard: from the focused summary, the next stop is the way to a new link.
      await page.keyboard.press('Tab');
      await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe(
        'Send me a new link',
      );
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/account/forgot-password');
    });
  }
});
