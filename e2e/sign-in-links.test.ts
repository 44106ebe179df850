import { readOutbox } from '@canopy/platform';
import { describe, expect, it } from 'vitest';
import { FAULTY_SECURITY_TOKENS } from '../packages/web/src/test-support/fault-proxy.js';
import { expectAxeClean, patient, screenshots, signIn, withoutScript } from './support/accounts.js';
import { useBrowser } from './support/browser.js';
import { e2eEnvironment } from './support/environment.js';
import { mainHeading, waitForHydration } from './support/site.js';

const browser = useBrowser();
const MEMBER = { username: 'member', password: 'Member-demo-2026' };
const EDITOR = { username: 'editor', password: 'Editor-demo-2026' };

/** A classic security token, as a CMS sign-in hands one to the site in the address. */
async function classicToken(username: string, password: string): Promise<string> {
  const { platformUrl } = e2eEnvironment();
  const response = await fetch(`${platformUrl}/authenticate/connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'contensis_classic', username, password }).toString(),
  });
  const token = response.headers.get('x-contensis-classic-token');
  if (!token) throw new Error(`No classic token (${response.status})`);
  return token;
}

describe('security-token sign-in', { timeout: 180_000 }, () => {
  it('signs the visitor in and removes the token from the address, keeping it out of the page', async () => {
    const { page, context } = browser;
    patient(context);
    const token = await classicToken(MEMBER.username, MEMBER.password);
    await page.goto(browser.url(`/members?securityToken=${encodeURIComponent(token)}`));
    const url = new URL(page.url());
    expect(url.pathname).toBe('/members');
    expect(url.search).toBe('');
    await expect(mainHeading(page).textContent()).resolves.toBe('Members area');
    await waitForHydration(page);
    expect(await page.content()).not.toContain(token);
    expect(await page.evaluate(() => document.cookie)).toBe('');
    expect(await page.evaluate(() => window.location.href)).not.toContain('ecurity');
    const redux = await page.goto(browser.url('/members?redux=true'));
    const json = (await redux?.text()) ?? '';
    expect(json).toContain('"username":"member"');
    expect(json).not.toContain(token);
    expect(json).not.toMatch(/refreshToken|bearerToken|ClassicToken/i);
    // No request of the page carried the token onwards (a Referer, a fetch).
    for (const request of browser.requests.slice(1)) {
      expect(request.url()).not.toContain(token);
      expect((await request.allHeaders()).referer ?? '').not.toContain(token);
    }
  });

  const failures: [string, string][] = [
    ['expired-or-made-up', 'Security token is invalid'],
    [FAULTY_SECURITY_TOKENS.serverError, 'Fetch credentials error: 500 Internal Server Error'],
    [
      FAULTY_SECURITY_TOKENS.noRefreshToken,
      'Fetch credentials: Unable to find ContensisSecurityRefreshToken',
    ],
    [FAULTY_SECURITY_TOKENS.notJson, 'Failed to fetch credentials'],
  ];
  it('shows each failure on the sign-in page, which leads back to the page asked for', async () => {
    const { page, context } = browser;
    patient(context);
    for (const [token, message] of failures) {
      await page.goto(browser.url(`/members?securitytoken=${encodeURIComponent(token)}`));
      const url = new URL(page.url());
      expect(url.pathname).toBe('/account/login');
      expect(url.searchParams.get('redirect_uri')).toBe('/members');
      expect(url.search).not.toMatch(/securitytoken/i);
      // The state keeps the spec's message (site/src/content/account-messages.test.ts maps each
      // one); the visitor reads plain words in the error summary.
      const alert = (await page.getByRole('alert').textContent()) ?? '';
      expect(alert).toBe(
        'There is a problemThis sign-in link cannot be used any more. Sign in with your password.',
      );
      expect(alert).not.toContain(message);
    }
    await expectAxeClean(page);
    await screenshots(page, 'sign-in-token-error');
  });
});

describe('federated sign-in', { timeout: 180_000 }, () => {
  it('goes through the platform sign-in page and back, signed in; sign-out clears oidc keys', async () => {
    const { page, context } = browser;
    patient(context);
    await page.goto(browser.url('/account/login?redirect_uri=%2Fstaff'));
    await waitForHydration(page);
    await expectAxeClean(page);
    await screenshots(page, 'sign-in');
    await page.getByRole('link', { name: 'sign in with the Canopy platform' }).click();
    await page.waitForURL((url) => url.pathname === '/authenticate/connect/authorize');
    await expect(mainHeading(page).textContent()).resolves.toBe('Sign in to the Canopy platform');
    await expectAxeClean(page);
    await screenshots(page, 'platform-sign-in');

    await signIn(page, EDITOR.username, 'not-the-password');
    await expect(page.getByRole('alert').textContent()).resolves.toContain(
      'The username or password is not right',
    );
    await expect(page.getByLabel('Username or email address').inputValue()).resolves.toBe(EDITOR.username);
    await expectAxeClean(page);
    await screenshots(page, 'platform-sign-in-error');
    await page.getByLabel('Password', { exact: true }).fill(EDITOR.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/staff');
    expect(new URL(page.url()).search).toBe('');
    await expect(mainHeading(page).textContent()).resolves.toBe('Staff intranet');

    // Staff see their environments on the account page.
    await page.goto(browser.url('/account'));
    await waitForHydration(page);
    // Out of the way of the screenshot.
    await page.getByRole('button', { name: 'Decline all' }).click();
    const environments = page.getByRole('region', { name: 'Your environments' });
    await expect(environments.getByRole('link', { name: 'Canopy local platform' }).isVisible()).resolves.toBe(
      true,
    );
    await expectAxeClean(page);
    await screenshots(page, 'account-staff');

    await page.evaluate(() => {
      localStorage.setItem('oidc.user:e2e', '{"id_token":"x"}');
      sessionStorage.setItem('oidc.state', 'y');
      localStorage.setItem('site.setting', 'kept');
    });
    await page.getByRole('button', { name: 'Sign out' }).first().click();
    await page.waitForURL((url) => url.pathname === '/');
    // The oidc keys are gone; the site's own (and the framework's scroll places) stay.
    const storage = await page.evaluate(() => ({
      local: Object.keys(localStorage).sort(),
      session: Object.keys(sessionStorage).filter((key) => key.startsWith('oidc.')),
    }));
    expect(storage).toEqual({ local: ['site.setting'], session: [] });
    await page.goto(browser.url('/staff'));
    expect(new URL(page.url()).pathname).toBe('/account/login');
  });

  it('works without JavaScript too', async () => {
    await withoutScript(browser, async (page) => {
      await page.goto(browser.url('/account/login?redirect_uri=%2Fmembers'));
      await page.getByRole('link', { name: 'sign in with the Canopy platform' }).click();
      await signIn(page, MEMBER.username, MEMBER.password);
      await page.waitForURL((url) => url.pathname === '/members');
      expect(new URL(page.url()).search).toBe('');
      await expect(mainHeading(page).textContent()).resolves.toBe('Members area');
    });
  });
});

describe('confirming an email address', { timeout: 180_000 }, () => {
  it('asks for the mail again without JavaScript, and says the same for any address', async () => {
    const { platformDataDir } = e2eEnvironment();
    await withoutScript(browser, async (page) => {
      await page.goto(browser.url('/account/login'));
      await page.getByRole('link', { name: 'Registered, but no confirmation mail?' }).click();
      expect(new URL(page.url()).pathname).toBe('/account/verify-email');
      await screenshots(page, 'verify-email');
      await page.getByRole('button', { name: 'Send the mail again' }).click();
      await expect(page.getByRole('alert').first().textContent()).resolves.toContain(
        'Enter the email address or username of your account.',
      );
      await page.getByLabel('Email address or username').fill('nobody@example.org');
      await page.getByRole('button', { name: 'Send the mail again' }).click();
      expect(new URL(page.url()).pathname).toBe('/account/verify-email');
      await expect(page.getByRole('status').textContent()).resolves.toContain(
        'If nobody@example.org belongs to an account that waits for confirmation',
      );
      await screenshots(page, 'verify-email-sent');
      expect(readOutbox(platformDataDir, { to: 'nobody@example.org' })).toEqual([]);

      await page.goto(browser.url('/account/verify?token=made-up'));
      expect(new URL(page.url()).pathname).toBe('/account/verify-email');
      await expect(page.getByRole('alert').first().textContent()).resolves.toContain(
        'This confirmation link is invalid or has expired.',
      );
    });
  });

  it('is axe clean, errors included', async () => {
    const { page, context } = browser;
    patient(context);
    await page.goto(browser.url('/account/verify-email'));
    await expectAxeClean(page);
    await page.goto(browser.url('/account/verify/resend'));
    await page.getByText('Enter the email address or username of your account.').first().waitFor();
    await expectAxeClean(page);
  });
});
