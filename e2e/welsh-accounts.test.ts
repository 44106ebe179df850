import { mkdirSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAxeClean, patient } from './support/accounts.js';
import { useBrowser } from './support/browser.js';
import { mainHeading, readMarker, setMarker, waitForHydration } from './support/site.js';

// The account pages and the cookie popup in Welsh, at a wide and a phone width, with and
// without JavaScript: the Welsh sign-in page's words, a failed sign-in back on the Welsh page
// with its messages in Welsh and focus on the error summary, the popup and the preferences
// panel in Welsh, and axe finding nothing serious on them.

const browser = useBrowser();
const SHOTS = process.env.E2E_SHOTS_DIR ?? null;

async function contextAt(width: number, javaScriptEnabled: boolean): Promise<BrowserContext> {
  const context = await browser.browser.newContext({
    viewport: { width, height: width < 600 ? 844 : 800 },
    javaScriptEnabled,
  });
  // Sign-ins hash a password on the platform: generous limits for a busy machine.
  patient(context);
  return context;
}

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** The Welsh popup: a non-modal dialog with its Welsh controls. */
async function expectWelshPopup(page: Page): Promise<void> {
  const popup = page.getByRole('dialog', { name: 'Caniatâd cwcis' });
  await popup.waitFor();
  await expect(popup.textContent()).resolves.toContain('Cwcis ar y wefan hon.');
  await expect(popup.getByRole('button', { name: 'Derbyn y cyfan' }).isVisible()).resolves.toBe(true);
  await expect(popup.getByRole('button', { name: 'Gwrthod y cyfan' }).isVisible()).resolves.toBe(true);
  await expect(popup.getByRole('link', { name: 'Addasu' }).isVisible()).resolves.toBe(true);
}

describe('the account pages and the cookie popup in Welsh', { timeout: 180_000 }, () => {
  for (const width of [1280, 390]) {
    for (const javaScriptEnabled of [true, false]) {
      const how = javaScriptEnabled ? 'with' : 'without';

      it(`signs in in Welsh: errors in Welsh, focus on the summary, at ${width} px ${how} JavaScript`, async () => {
        const context = await contextAt(width, javaScriptEnabled);
        try {
          const page = await context.newPage();
          const errors: string[] = [];
          page.on('pageerror', (error) => errors.push(error.message));
          await page.goto(browser.url('/cy/account/login'));
          if (javaScriptEnabled) await waitForHydration(page);
          await expect(page.locator('html').getAttribute('lang')).resolves.toBe('cy');
          await expect(mainHeading(page).textContent()).resolves.toBe('Mewngofnodi');
          await expectWelshPopup(page);
          await shot(page, `welsh-sign-in-${width}-${how}-js`);

          // Sent empty: back on the Welsh page, the summary says what is missing, and has focus.
          const form = page.getByRole('form', { name: 'Mewngofnodi' });
          await form.getByRole('button', { name: 'Mewngofnodi' }).click();
          const summary = page.getByRole('alert');
          await summary.getByText('Mae problem wedi codi').waitFor();
          expect(new URL(page.url()).pathname).toBe('/cy/account/login');
          await expect(summary.textContent()).resolves.toContain(
            'Rhowch eich enw defnyddiwr neu gyfeiriad e-bost.',
          );
          await expect(summary.textContent()).resolves.toContain('Rhowch eich cyfrinair.');
          await page.locator('.error-summary:focus').waitFor();
          await expect(page.getByText('Gwall:', { exact: false }).count()).resolves.toBeGreaterThan(0);
          await shot(page, `welsh-sign-in-errors-${width}-${how}-js`);
          if (javaScriptEnabled) {
            // Axe runs in the page; without JavaScript the markup is the same.
            await waitForHydration(page);
            await expectAxeClean(page);
            // By keyboard from the summary: its first link puts focus in the field it names.
            await page.locator('.error-summary').focus();
            await page.keyboard.press('Tab');
            await page.keyboard.press('Enter');
            await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('field-username');
            expect(new URL(page.url()).pathname).toBe('/cy/account/login');
          }

          // A wrong password (an account nobody has: no real account's throttle is touched).
          await page.getByLabel('Enw defnyddiwr neu gyfeiriad e-bost').fill('nia.e2e.cymraeg');
          await page.getByLabel('Cyfrinair', { exact: true }).fill('nid-dyma-fo-2026');
          await form.getByRole('button', { name: 'Mewngofnodi' }).click();
          await page
            .getByRole('alert')
            .getByText(
              'Nid yw’r enw defnyddiwr neu’r cyfrinair yn gywir. Gwiriwch nhw a rhowch gynnig arall arni.',
            )
            .waitFor();
          await page.locator('.error-summary:focus').waitFor();
          expect(new URL(page.url()).pathname).toBe('/cy/account/login');
          expect(errors).toEqual([]);
        } finally {
          await context.close();
        }
      });

      it(`shows the cookie preferences panel in Welsh at ${width} px ${how} JavaScript`, async () => {
        const context = await contextAt(width, javaScriptEnabled);
        try {
          const page = await context.newPage();
          await page.goto(browser.url('/cy/account/forgot-password'));
          if (javaScriptEnabled) await waitForHydration(page);
          await expect(mainHeading(page).textContent()).resolves.toBe('Wedi anghofio’ch cyfrinair?');
          await expectWelshPopup(page);
          await page
            .getByRole('dialog', { name: 'Caniatâd cwcis' })
            .getByRole('link', { name: 'Addasu' })
            .click();
          // With JavaScript a modal dialog; without, the same page with the panel in its HTML.
          const panel = page.getByRole('dialog', { name: 'Addasu eich dewisiadau cwcis' });
          await panel.waitFor();
          await expect(panel.getByRole('heading', { name: 'Angenrheidiol' }).count()).resolves.toBe(1);
          await expect(panel.getByText('Ymlaen bob amser').count()).resolves.toBe(1);
          await expect(panel.getByRole('switch', { name: 'Dadansoddol' }).count()).resolves.toBe(1);
          await expect(panel.getByRole('button', { name: 'Cadw’r dewisiadau' }).isVisible()).resolves.toBe(
            true,
          );
          await expect(panel.getByRole('button', { name: 'Gwrthod pob un' }).isVisible()).resolves.toBe(true);
          await shot(page, `welsh-cookie-panel-${width}-${how}-js`);
          if (javaScriptEnabled) await expectAxeClean(page);
          // Declining all is recorded and the popup is gone, on the Welsh page.
          await panel.getByRole('button', { name: 'Gwrthod pob un' }).click();
          await page
            .getByRole('dialog', { name: 'Addasu eich dewisiadau cwcis' })
            .waitFor({ state: 'detached' });
          expect(new URL(page.url()).pathname).toBe('/cy/account/forgot-password');
          await expect(page.getByRole('dialog', { name: 'Caniatâd cwcis' }).count()).resolves.toBe(0);
          await expect(page.getByRole('button', { name: 'Dewisiadau cwcis' }).isVisible()).resolves.toBe(
            true,
          );
        } finally {
          await context.close();
        }
      });
    }
  }

  for (const width of [1280, 390]) {
    it(`signs a member in on the Welsh page, to the Welsh account page, and out again at ${width} px`, async () => {
      const context = await contextAt(width, true);
      try {
        const page = await context.newPage();
        await page.goto(browser.url('/cy/account'));
        expect(new URL(page.url()).pathname).toBe('/cy/account/login');
        expect(new URL(page.url()).searchParams.get('redirect_uri')).toBe('/cy/account');
        await waitForHydration(page);
        await page.getByRole('button', { name: 'Gwrthod y cyfan' }).click();
        await expect(page.getByText('Mewngofnodwch i fynd ymlaen i').isVisible()).resolves.toBe(true);
        await page.getByLabel('Enw defnyddiwr neu gyfeiriad e-bost').fill('member');
        await page.getByLabel('Cyfrinair', { exact: true }).fill('Member-demo-2026');
        await page
          .getByRole('form', { name: 'Mewngofnodi' })
          .getByRole('button', { name: 'Mewngofnodi' })
          .click();
        await page.waitForURL((url) => url.pathname === '/cy/account');
        await expect(mainHeading(page).textContent()).resolves.toBe('Eich cyfrif');
        await expect(page.getByRole('heading', { name: 'Newid eich cyfrinair' }).count()).resolves.toBe(1);
        await expect(page.getByLabel('Cyfrinair presennol', { exact: true }).count()).resolves.toBe(1);
        await waitForHydration(page);
        await expectAxeClean(page);
        await shot(page, `welsh-account-${width}`);
        await page.locator('main').getByRole('button', { name: 'Allgofnodi' }).click();
        await page.waitForURL((url) => url.pathname === '/cy');
        // Signed out: the header offers signing in again (behind the menu button on a phone).
        await page.locator('a[href^="/cy/account/login"]').first().waitFor({ state: 'attached' });
        await expect(page.locator('a[href^="/cy/account/login"]').first().textContent()).resolves.toBe(
          'Mewngofnodi',
        );
        await expect(page.locator('button', { hasText: 'Allgofnodi' }).count()).resolves.toBe(0);
      } finally {
        await context.close();
      }
    });

    it(`shows the other account pages and the version page in Welsh at ${width} px`, async () => {
      const context = await contextAt(width, true);
      try {
        const page = await context.newPage();
        const pages = [
          ['/cy/account/register', 'Creu cyfrif', 'welsh-register'],
          ['/cy/account/forgot-password', 'Wedi anghofio’ch cyfrinair?', 'welsh-forgot-password'],
          ['/cy/account/reset-password', 'Dewis cyfrinair newydd', 'welsh-reset-password'],
          ['/cy/account/reset-password?token=wedi-darfod', 'Dewis cyfrinair newydd', 'welsh-reset-dead-link'],
          ['/cy/account/verify-email', 'Cadarnhau eich cyfeiriad e-bost', 'welsh-verify-email'],
          ['/cy/account/access-denied', 'Dim mynediad', 'welsh-access-denied'],
          ['/cy/version', 'Gwybodaeth am y fersiwn', 'welsh-version'],
        ] as const;
        // Cookies declined first, so the pages are seen whole.
        await page.goto(browser.url('/cy'));
        await waitForHydration(page);
        await page.getByRole('button', { name: 'Gwrthod y cyfan' }).click();
        await page.getByRole('dialog', { name: 'Caniatâd cwcis' }).waitFor({ state: 'detached' });
        for (const [path, heading, name] of pages) {
          await page.goto(browser.url(path));
          await waitForHydration(page);
          await expect(mainHeading(page).textContent(), path).resolves.toBe(heading);
          await expect(page.locator('html').getAttribute('lang'), path).resolves.toBe('cy');
          await expectAxeClean(page);
          await shot(page, `${name}-${width}`);
        }
      } finally {
        await context.close();
      }
    });
  }

  it('names the page in Welsh when the header’s sign-in link is followed inside /cy (client navigation)', async () => {
    const { page } = browser;
    await page.goto(browser.url('/cy/version'));
    await waitForHydration(page);
    const marker = await setMarker(page);
    await page.locator('header').getByRole('link', { name: 'Mewngofnodi' }).first().click();
    await page.waitForURL((url) => url.pathname === '/cy/account/login');
    await page.getByText('Mewngofnodwch i fynd ymlaen i Gwybodaeth am y fersiwn.').waitFor();
    await expect(readMarker(page)).resolves.toBe(marker);
  });
});
