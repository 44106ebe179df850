import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { encodeConsent } from '@canopy/web';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAxeClean, patient, signIn } from './support/accounts.js';
import { describeProblems, useBrowser } from './support/browser.js';
import { DEMO, waitForHydration } from './support/site.js';

const browser = useBrowser();
const MEMBER = { username: 'member', password: 'Member-demo-2026' };
const SHOTS = fileURLToPath(new URL('../test-results/header/', import.meta.url));
const WIDE = [1280, 1024] as const;

/** A visitor who has answered the cookie question: the popup would come first in the tab order. */
async function answeredConsent(context: BrowserContext): Promise<void> {
  await context.addCookies([
    {
      name: 'aberwen_consent',
      value: encodeConsent({ analytics: false, advertising: false, functional: false, marketing: false }),
      url: browser.siteUrl,
    },
  ]);
}

/** The header's height in CSS pixels at this width. */
async function headerHeightAt(page: Page, width: number): Promise<number> {
  await page.setViewportSize({ width, height: 800 });
  return page.locator('.site-header').evaluate((header) => header.getBoundingClientRect().height);
}

async function signInAsMember(page: Page): Promise<void> {
  await page.goto(browser.url('/account/login?redirect_uri=%2Fcourses%2Fbsc-marine-biology'));
  await signIn(page, MEMBER.username, MEMBER.password);
  await page.waitForURL((url) => url.pathname === DEMO.course.path);
  await waitForHydration(page);
}

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({
    path: `${SHOTS}${name}.png`,
    clip: { x: 0, y: 0, width: page.viewportSize()?.width ?? 1280, height: 300 },
  });
}

const menuButton = (page: Page) => page.getByRole('button', { name: 'Menu' });
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

// Signing in hashes a password on the platform: generous limits for a busy machine.
describe('the header, signed in and not', { timeout: 180_000 }, () => {
  it('is as high signed in as anonymous at 1280 and 1024 px, two compact rows, the account links on the first', async () => {
    const { page, context } = browser;
    patient(context);
    await answeredConsent(context);
    await page.goto(browser.url(DEMO.course.path));
    await waitForHydration(page);
    const anonymous: number[] = [];
    for (const width of WIDE) {
      anonymous.push(await headerHeightAt(page, width));
      await shot(page, `anonymous-${width}`);
    }

    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAsMember(page);
    const signedIn: number[] = [];
    for (const width of WIDE) {
      signedIn.push(await headerHeightAt(page, width));
      await shot(page, `signed-in-${width}`);
      const banner = page.getByRole('banner');
      const name = await banner.getByRole('link', { name: /Morgan/ }).boundingBox();
      const signOut = await banner.getByRole('button', { name: 'Sign out' }).boundingBox();
      const siteName = await banner
        .getByRole('link', { name: 'Aberwen University', exact: true })
        .boundingBox();
      const search = await banner.getByRole('searchbox', { name: 'Search the site' }).boundingBox();
      if (!name || !signOut || !siteName || !search) throw new Error(`header parts missing at ${width} px`);
      // The name and Sign out share the site name's row, at its right; the search box is below.
      for (const part of [name, signOut]) {
        expect(part.y, `at ${width} px`).toBeLessThan(siteName.y + siteName.height);
        expect(part.x, `at ${width} px`).toBeGreaterThan(siteName.x + siteName.width);
        expect(part.x + part.width, `at ${width} px`).toBeLessThanOrEqual(width);
      }
      expect(search.y, `at ${width} px`).toBeGreaterThanOrEqual(siteName.y + siteName.height);
    }
    expect(signedIn).toEqual(anonymous);
    // Two rows of about 52 px: compact (142 px at 1280 and 198 px at 1024 before).
    for (const height of anonymous) expect(height).toBeLessThan(120);
    expect(browser.problems, describeProblems(browser.problems)).toEqual([]);
  });

  it('holds the account links and Sign out in the phone menu; signing out from there posts the form', async () => {
    const { page, context } = browser;
    patient(context);
    await answeredConsent(context);
    await signInAsMember(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'signed-in-390');
    // Folded: no account links in sight until the menu opens.
    await expect(page.getByRole('button', { name: 'Sign out' }).count()).resolves.toBe(0);
    await menuButton(page).click();
    await shot(page, 'signed-in-390-menu');
    const signOut = mainNav(page).getByRole('button', { name: 'Sign out' });
    await expect(signOut.isVisible()).resolves.toBe(true);
    await expect(
      mainNav(page)
        .getByRole('link', { name: /Morgan/ })
        .getAttribute('href'),
    ).resolves.toBe('/account');
    // The same sign-out form as the wide header's: a POST with the visitor's CSRF token.
    const form = await signOut.evaluate((button) => {
      const owner = button.closest('form');
      return {
        method: owner?.getAttribute('method'),
        action: owner?.getAttribute('action'),
        token: (owner?.querySelector('input[name="_csrf"]') as HTMLInputElement | null)?.value ?? '',
      };
    });
    expect(form).toMatchObject({ method: 'post', action: '/account/logout' });
    expect(form.token.length).toBeGreaterThan(10);
    await expectAxeClean(page);

    await signOut.click();
    await page.waitForURL((url) => url.pathname === '/');
    await waitForHydration(page);
    await menuButton(page).click();
    await expect(mainNav(page).getByRole('link', { name: 'Sign in' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Sign out' }).count()).resolves.toBe(0);
  });

  it('shows Sign out on a phone without JavaScript, with the menu links', async () => {
    const { context } = browser;
    patient(context);
    const page = browser.page;
    await signInAsMember(page);
    const cookies = await context.cookies();
    const noScript = await browser.browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    try {
      await noScript.addCookies(cookies);
      const phone = await noScript.newPage();
      await phone.goto(browser.url(DEMO.course.path));
      await expect(menuButton(phone).isVisible()).resolves.toBe(false);
      await expect(
        mainNav(phone).getByRole('link', { name: DEMO.courses.title, exact: true }).isVisible(),
      ).resolves.toBe(true);
      await expect(mainNav(phone).getByRole('button', { name: 'Sign out' }).isVisible()).resolves.toBe(true);
    } finally {
      await noScript.close();
    }
  });

  it('axe finds nothing serious in the signed-in header at 1280 px', async () => {
    const { page, context } = browser;
    patient(context);
    await answeredConsent(context);
    await signInAsMember(page);
    await expectAxeClean(page);
  });
});
