import { DEMO_ACCOUNTS, readOutbox } from '@canopy/platform';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  FAULTY_ACCOUNT_EMAILS,
  FAULTY_REGISTRATION_MESSAGE,
} from '../packages/web/src/test-support/fault-proxy.js';
import {
  expectAxeClean,
  patient,
  screenshots,
  signIn,
  withoutScript as withoutScriptIn,
} from './support/accounts.js';
import { useBrowser } from './support/browser.js';
import { e2eEnvironment } from './support/environment.js';
import { mainHeading, waitForHydration } from './support/site.js';

const browser = useBrowser();
const MEMBER = { username: 'member', password: 'Member-demo-2026' };

/** A context without JavaScript (see support/accounts.ts). */
const withoutScript = <T>(run: (page: Page) => Promise<T>) => withoutScriptIn(browser, run);

// Sign-ins hash passwords on the platform: generous limits for a busy machine.
describe('signing in and out (with JavaScript)', { timeout: 180_000 }, () => {
  it('signs a member in from a members page, shows it, and loses it after signing out', async () => {
    const { page } = browser;
    patient(browser.context);
    const answer = await page.goto(browser.url('/members'));
    expect(new URL(page.url()).pathname).toBe('/account/login');
    expect(new URL(page.url()).searchParams.get('redirect_uri')).toBe('/members');
    expect(answer?.status()).toBe(200);
    await waitForHydration(page);
    await expect(mainHeading(page).textContent()).resolves.toBe('Sign in');
    await signIn(page, MEMBER.username, MEMBER.password);
    await page.waitForURL((url) => url.pathname === '/members');
    await expect(mainHeading(page).textContent()).resolves.toBe('Members area');
    // The session cookie is HttpOnly: scripts see no cookie at all.
    expect(await page.evaluate(() => document.cookie)).toBe('');
    const cookies = await browser.context.cookies();
    expect(cookies.map((cookie) => [cookie.name, cookie.httpOnly, cookie.sameSite])).toEqual([
      ['canopy_session', true, 'Lax'],
    ]);
    const html = await page.content();
    expect(html).not.toContain(cookies[0]?.value ?? 'no cookie');
    expect(html).not.toContain(MEMBER.password);

    await expect(page.getByRole('link', { name: /Morgan/ }).isVisible()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Sign out' }).first().click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.getByRole('link', { name: 'Sign in' }).isVisible()).resolves.toBe(true);
    await page.goto(browser.url('/members'));
    expect(new URL(page.url()).pathname).toBe('/account/login');
    await expect(page.getByText('Sign in to continue to Members area.').isVisible()).resolves.toBe(true);
  });

  it('refuses the staff page to a member with access denied naming the page, and shows it to staff', async () => {
    const { page } = browser;
    patient(browser.context);
    await page.goto(browser.url('/account/login?redirect_uri=%2Fstaff'));
    await signIn(page, MEMBER.username, MEMBER.password);
    await page.waitForURL((url) => url.pathname === '/account/access-denied');
    expect(new URL(page.url()).searchParams.get('original_uri')).toBe('/staff');
    await expect(mainHeading(page).textContent()).resolves.toBe('Access denied');
    // Named by its title from the platform, not by its address.
    await expect(
      page.getByText('Your account does not give you access to Staff intranet.').isVisible(),
    ).resolves.toBe(true);
    await expectAxeClean(page);
    await screenshots(page, 'access-denied');

    await page.getByRole('button', { name: 'Sign out' }).first().click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto(browser.url('/account/login?redirect_uri=%2Fstaff'));
    await signIn(page, 'editor', 'Editor-demo-2026');
    await page.waitForURL((url) => url.pathname === '/staff');
    await expect(mainHeading(page).textContent()).resolves.toBe('Staff intranet');
    // Staff who manage content see their environments (GET {provider}/my-environments).
    await page.goto(browser.url('/account'));
    const environments = page.getByRole('region', { name: 'Your environments' });
    await expect(environments.getByRole('link', { name: 'Canopy local platform' }).count()).resolves.toBe(1);
  });

  it('shows the account page with profile and groups, axe clean', async () => {
    const { page } = browser;
    patient(browser.context);
    await page.goto(browser.url('/account'));
    expect(new URL(page.url()).searchParams.get('redirect_uri')).toBe('/account');
    await signIn(page, MEMBER.username, MEMBER.password);
    await page.waitForURL((url) => url.pathname === '/account');
    await expect(mainHeading(page).textContent()).resolves.toBe('Your account');
    await expect(
      page
        .getByRole('listitem')
        .filter({ hasText: /^Members$/ })
        .count(),
    ).resolves.toBe(1);
    // On the staff domain, but managing nothing: platform environments are not a member's business.
    await expect(
      page
        .locator('main')
        .getByText(/environments/i)
        .count(),
    ).resolves.toBe(0);
    await expectAxeClean(page);
    await screenshots(page, 'account');
    // The same at phone width.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(
      page
        .locator('main')
        .getByText(/environments/i)
        .count(),
    ).resolves.toBe(0);
    await expectAxeClean(page);
  });
});

describe('account pages for everyone', { timeout: 180_000 }, () => {
  it('are axe clean, errors shown included', async () => {
    const { page } = browser;
    patient(browser.context);
    for (const path of [
      '/account/login?redirect_uri=%2Fmembers',
      '/account/register',
      '/account/forgot-password',
      '/account/reset-password?token=x',
    ]) {
      await page.goto(browser.url(path));
      await expectAxeClean(page);
    }
    await page.goto(browser.url('/account/login'));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Enter your password.').first().waitFor();
    await expectAxeClean(page);
    await page.goto(browser.url('/account/register'));
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Enter your last name.').first().waitFor();
    await expectAxeClean(page);
  });
});

describe('the messages of failed account requests', { timeout: 180_000 }, () => {
  // The e2e platform sits behind a fault proxy that answers these addresses as a broken
  // platform would (packages/web/src/test-support/fault-proxy.ts).
  it('shows each registration and password reset failure in the error box of its form', async () => {
    const { page } = browser;
    patient(browser.context);
    const failures: [string, string][] = [
      // The state keeps the spec's messages; the page says them in the visitor's words.
      [FAULTY_ACCOUNT_EMAILS.createdUserUnreadable, 'We could not confirm that your account was created.'],
      [FAULTY_ACCOUNT_EMAILS.registrationDown, 'We could not create your account just now.'],
      [FAULTY_ACCOUNT_EMAILS.registrationRefused, FAULTY_REGISTRATION_MESSAGE],
    ];
    for (const [email, message] of failures) {
      await page.goto(browser.url('/account/register'));
      await waitForHydration(page);
      await page.getByLabel('First name').fill('Rhys');
      await page.getByLabel('Last name').fill('Fault');
      await page.getByLabel('Email address').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('Rhys-registers-2026');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.waitForURL((url) => url.pathname === '/account/register');
      await expect(page.getByRole('alert').textContent()).resolves.toContain(message);
      await expect(page.getByLabel('Email address').inputValue()).resolves.toBe(email);
    }
    await screenshots(page, 'register-service-error');

    await page.goto(browser.url('/account/forgot-password'));
    await waitForHydration(page);
    await page.getByLabel('Email address').fill(FAULTY_ACCOUNT_EMAILS.resetNoResponse);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByRole('alert').waitFor();
    await expect(page.getByRole('alert').textContent()).resolves.toContain(
      'The account service is not answering just now.',
    );
    await expect(page.getByText('If an account uses that address').count()).resolves.toBe(0);

    // A link that does not work says so when it is opened, before any password is typed.
    await page.goto(browser.url('/account/reset-password?token=made-up'));
    await waitForHydration(page);
    await expect(page.getByRole('alert').textContent()).resolves.toBe(
      'There is a problemThis link to reset your password has already been used or has expired.',
    );
    await expect(page.getByLabel('New password', { exact: true }).count()).resolves.toBe(0);
    await expectAxeClean(page);
  });
});

// Axe needs scripts, so these check the flows; the markup is the one audited above.
describe('account forms without JavaScript', { timeout: 180_000 }, () => {
  it('shows a refused sign-in inline, keeping the username, axe clean', async () => {
    await withoutScript(async (page) => {
      await page.goto(browser.url('/account/login?redirect_uri=%2Fmembers'));
      await screenshots(page, 'sign-in');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByLabel('Username or email address').getAttribute('aria-invalid')).resolves.toBe(
        'true',
      );
      await expect(page.getByText('Enter your password.').first().isVisible()).resolves.toBe(true);
      await signIn(page, MEMBER.username, 'not-the-password');
      expect(new URL(page.url()).pathname).toBe('/account/login');
      await expect(page.getByRole('alert').textContent()).resolves.toContain(
        'The username or password is not right',
      );
      await expect(page.getByLabel('Username or email address').inputValue()).resolves.toBe(MEMBER.username);
      await screenshots(page, 'sign-in-error');
      await page.getByLabel('Password', { exact: true }).fill(MEMBER.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      expect(new URL(page.url()).pathname).toBe('/members');
    });
  });

  it('registers, confirms the address through the outbox, then signs the new member in', async () => {
    const { platformDataDir } = e2eEnvironment();
    await withoutScript(async (page) => {
      await page.goto(browser.url('/account/register'));
      await screenshots(page, 'register');
      await page.getByLabel('First name').fill('Nia');
      await page.getByLabel('Email address').fill('nia@');
      await page.getByRole('button', { name: 'Create account' }).click();
      await expect(page.getByText('Enter your last name.').first().isVisible()).resolves.toBe(true);
      await expect(
        page.getByText('Enter an email address like name@example.com.').first().isVisible(),
      ).resolves.toBe(true);
      await expect(page.getByLabel('First name').inputValue()).resolves.toBe('Nia');
      await screenshots(page, 'register-errors');
      await page.getByLabel('Last name').fill('Browser');
      await page.getByLabel('Email address').fill('nia.browser@example.org');
      await page.getByLabel('Password', { exact: true }).fill('Nia-registers-2026');
      await page.getByRole('button', { name: 'Create account' }).click();
      await expect(page.getByRole('status').textContent()).resolves.toContain('Your account is ready.');
      await expect(page.getByRole('status').textContent()).resolves.toContain('nia.browser@example.org');
      await screenshots(page, 'register-done');

      // Not before the address is confirmed: the sign-in page says what to do.
      await page.getByRole('link', { name: 'Sign in' }).last().click();
      await signIn(page, 'nia.browser@example.org', 'Nia-registers-2026');
      expect(new URL(page.url()).pathname).toBe('/account/login');
      await expect(page.getByRole('alert').textContent()).resolves.toContain(
        'Confirm your email address first',
      );

      const link = readOutbox(platformDataDir, { to: 'nia.browser@example.org' }).at(-1)?.link;
      expect(link).toBeTruthy();
      const { pathname, search } = new URL(link ?? '');
      await page.goto(browser.url(`${pathname}${search}`));
      expect(new URL(page.url()).pathname).toBe('/account/login');
      await expect(page.getByRole('status').textContent()).resolves.toContain(
        'Your email address is confirmed.',
      );
      await screenshots(page, 'sign-in-confirmed');
      await signIn(page, 'nia.browser@example.org', 'Nia-registers-2026');
      expect(new URL(page.url()).pathname).toBe('/');
      await page.goto(browser.url('/members'));
      await expect(mainHeading(page).textContent()).resolves.toBe('Members area');
    });
  });

  it('answers a registration with an address that has an account as for a new one, and mails its owner', async () => {
    const { platformDataDir } = e2eEnvironment();
    const owner = DEMO_ACCOUNTS.find((account) => account.username === MEMBER.username)!.email;
    const warned = () =>
      readOutbox(platformDataDir, { to: owner }).filter((mail) => mail.kind === 'registration-attempt')
        .length;
    const before = warned();
    /** Registers `email` and answers the page's main text with the address left out. */
    const register = async (page: Page, email: string) => {
      await page.goto(browser.url('/account/register'));
      await page.getByLabel('First name').fill('Ffion');
      await page.getByLabel('Last name').fill('Probe');
      await page.getByLabel('Email address').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('Ffion-probes-2026');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByRole('status').waitFor();
      return ((await page.locator('main').textContent()) ?? '').replaceAll(email, 'ADDRESS');
    };
    const [fresh, taken] = await withoutScript(async (page) => [
      await register(page, 'ffion.e2e@example.org'),
      await register(page, owner),
    ]);
    expect(fresh).toContain('Your account is ready. We have sent a mail to ADDRESS');
    expect(taken).toBe(fresh);
    // With JavaScript the same form posts the same way and the page reads the same.
    patient(browser.context);
    expect(await register(browser.page, owner)).toBe(fresh);
    expect(warned()).toBe(before + 2);
  });

  it('resets a forgotten password through the outbox, then changes it on the account page', async () => {
    const { platformDataDir } = e2eEnvironment();
    await withoutScript(async (page) => {
      await page.goto(browser.url('/account/forgot-password'));
      await screenshots(page, 'forgot-password');
      await page.getByRole('button', { name: 'Send the link' }).click();
      await expect(page.getByRole('alert').textContent()).resolves.toContain(
        'Enter the email address of your account.',
      );
      await page.locator('.error-summary:focus').waitFor();
      await screenshots(page, 'forgot-password-error');
      await page.getByLabel('Email address').fill('admin@aberwen.example');
      await page.getByRole('button', { name: 'Send the link' }).click();
      await expect(page.getByRole('status').textContent()).resolves.toContain(
        'If an account uses that address',
      );
      await screenshots(page, 'forgot-password-sent');

      const link = readOutbox(platformDataDir, { to: 'admin@aberwen.example' }).at(-1)?.link;
      expect(link).toBeTruthy();
      const { pathname, search } = new URL(link ?? '');
      await page.goto(browser.url(`${pathname}${search}`));
      await screenshots(page, 'reset-password');
      await page.getByLabel('New password', { exact: true }).fill('Admin-reset-2026');
      await page.getByRole('button', { name: 'Change password' }).click();
      await expect(page.getByRole('status').textContent()).resolves.toContain(
        'Your password has been changed.',
      );

      await page.goto(browser.url('/account/login?redirect_uri=%2Faccount'));
      await signIn(page, 'admin', 'Admin-reset-2026');
      expect(new URL(page.url()).pathname).toBe('/account');
      await page.getByLabel('Current password', { exact: true }).fill('wrong-password');
      await page.getByLabel('New password', { exact: true }).fill('Admin-changed-2026');
      await page.getByRole('button', { name: 'Change password' }).click();
      await expect(page.getByRole('alert').textContent()).resolves.toContain(
        'Your current password is not right.',
      );
      // Without JavaScript too, focus goes to the summary (autofocus), and so does the view.
      await page.locator('.error-summary:focus').waitFor();
      await expect(page.locator('.error-summary').isVisible()).resolves.toBe(true);
      await screenshots(page, 'account-error');
      await page.getByLabel('Current password', { exact: true }).fill('Admin-reset-2026');
      await page.getByLabel('New password', { exact: true }).fill('Admin-changed-2026');
      await page.getByRole('button', { name: 'Change password' }).click();
      await expect(page.getByRole('status').textContent()).resolves.toContain(
        'Your password has been changed.',
      );
      await page.getByRole('button', { name: 'Sign out' }).first().click();
      expect(new URL(page.url()).pathname).toBe('/');
    });
  });
});

/** The summary's box is within the window (the visitor sees it without scrolling). */
async function inView(page: Page, selector: string): Promise<boolean> {
  const box = await page.locator(selector).boundingBox();
  const size = page.viewportSize();
  return Boolean(box && size && box.y >= 0 && box.y + Math.min(box.height, 120) <= size.height);
}

/** What a submit button said and did when it turned busy (kept across the form's navigation). */
interface BusySeen {
  busy: string | null;
  disabled: boolean;
  label: string;
}

/**
 * Records the submit button of an account form as it turns busy (a mutation observer: no
 * timing), in session storage, which outlives the POST's navigation; `seen` reads it afterwards.
 */
async function watchBusy(page: Page): Promise<{ seen: () => Promise<BusySeen | null> }> {
  await page.evaluate(() => {
    sessionStorage.removeItem('e2e-busy');
    new MutationObserver((records) => {
      for (const record of records) {
        const button = record.target as HTMLButtonElement;
        if (button.matches('form.account-form button[type=submit][aria-busy="true"]')) {
          const seen = {
            busy: button.getAttribute('aria-busy'),
            disabled: button.disabled,
            label: button.textContent,
          };
          sessionStorage.setItem('e2e-busy', JSON.stringify(seen));
        }
      }
    }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['aria-busy'] });
  });
  return {
    seen: async () => {
      const text = await page.evaluate(() => sessionStorage.getItem('e2e-busy'));
      return text ? (JSON.parse(text) as BusySeen) : null;
    },
  };
}

describe('account forms speak to visitors (with JavaScript)', { timeout: 240_000 }, () => {
  for (const width of [1280, 390]) {
    it(`a wrong password change at ${width} px moves focus to the error summary, in view, the button busy while posting`, async () => {
      const { page } = browser;
      patient(browser.context);
      await page.setViewportSize({ width, height: width > 600 ? 800 : 844 });
      await page.goto(browser.url('/account/login?redirect_uri=%2Faccount'));
      await waitForHydration(page);
      const signingIn = await watchBusy(page);
      await signIn(page, MEMBER.username, MEMBER.password);
      await page.waitForURL((url) => url.pathname === '/account');
      expect(await signingIn.seen()).toEqual({ busy: 'true', disabled: true, label: 'Signing in…' });
      await waitForHydration(page);

      await page.getByLabel('Current password', { exact: true }).fill('not-my-password');
      await page.getByLabel('New password', { exact: true }).fill('Member-changed-2026');
      const changing = await watchBusy(page);
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.locator('.error-summary').waitFor();
      expect(await changing.seen()).toEqual({
        busy: 'true',
        disabled: true,
        label: 'Changing your password…',
      });
      await waitForHydration(page);
      await page.locator('.error-summary:focus').waitFor();
      await expect(inView(page, '.error-summary')).resolves.toBe(true);
      const summary = page.getByRole('alert');
      await expect(summary.getByRole('heading', { name: 'There is a problem' }).count()).resolves.toBe(1);
      // The current password field, or the throttle after many tries: either way a link to the field.
      await expect(summary.getByRole('link').getAttribute('href')).resolves.toBe('#field-currentPassword');
      await expect(
        page.getByRole('button', { name: 'Change password' }).getAttribute('aria-busy'),
      ).resolves.toBeNull();
      await expectAxeClean(page);
      if (width === 1280) await screenshots(page, 'account-error-js');
    });

    it(`registration with two mistakes at ${width} px shows two field messages and links to them`, async () => {
      const { page } = browser;
      patient(browser.context);
      await page.setViewportSize({ width, height: width > 600 ? 800 : 844 });
      await page.goto(browser.url('/account/register'));
      await waitForHydration(page);
      await page.getByLabel('First name').fill('Nia');
      await page.getByLabel('Last name').fill('Mistake');
      await page.getByLabel('Email address').fill('nia@');
      const registering = await watchBusy(page);
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.locator('.error-summary').waitFor();
      expect(await registering.seen()).toEqual({
        busy: 'true',
        disabled: true,
        label: 'Creating your account…',
      });
      await waitForHydration(page);
      await page.locator('.error-summary:focus').waitFor();
      await expect(inView(page, '.error-summary')).resolves.toBe(true);
      await expect(page.locator('.field-error').allTextContents()).resolves.toEqual([
        'Error: Enter an email address like name@example.com.',
        'Error: Choose a password.',
      ]);
      const links = page.getByRole('alert').getByRole('link');
      await expect(links.allTextContents()).resolves.toEqual([
        'Enter an email address like name@example.com.',
        'Choose a password.',
      ]);
      await links.last().click();
      await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('field-password');
      await expect(page.getByText('There are validation errors').count()).resolves.toBe(0);
      await expectAxeClean(page);
      await screenshots(page, `register-two-mistakes-${width}`);
    });
  }

  it('sign-in, forgotten and reset password pages show their summary in plain words, axe clean', async () => {
    const { page } = browser;
    patient(browser.context);
    await page.goto(browser.url('/account/login'));
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('.error-summary').waitFor();
    await waitForHydration(page);
    await page.locator('.error-summary:focus').waitFor();
    await expect(page.getByText('A password login needs').count()).resolves.toBe(0);
    await expect(page.getByRole('alert').getByRole('link').allTextContents()).resolves.toEqual([
      'Enter your username or email address.',
      'Enter your password.',
    ]);
    await expectAxeClean(page);
    await screenshots(page, 'sign-in-errors-js');

    await page.goto(browser.url('/account/forgot-password'));
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.locator('.error-summary').waitFor();
    await expect(page.getByText('Invalid object').count()).resolves.toBe(0);
    await expectAxeClean(page);
  });
});
