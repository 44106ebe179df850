import { userStateFor } from '@canopy/web';
import { describe, expect, it } from 'vitest';
import { expectHeadingOutline } from '../test/html.js';
import { mainOf, renderPage } from '../test/render-page.js';

const staticRoute = (path: string) => ({ path, params: {}, nodePath: null });
/** What a visitor reads: the markup's text, without tags (attribute values are no words on the page). */
const textOf = (html: string) => html.replace(/<[^>]*>/g, '');

describe('account pages', () => {
  it('sign in names the page that asked by the title the server found, never by the address', () => {
    const named = mainOf(
      renderPage({
        url: '/account/login?redirect_uri=%2Fmembers',
        staticRoute: staticRoute('/account/login'),
        node: null,
        slices: {
          user: userStateFor(null, null, {
            requestedPage: { path: '/members', title: 'Members area' },
            federatedSignIn: true,
          }),
        },
      }),
    );
    expect(named).toContain('<h1>Sign in</h1>');
    expect(named).toContain('Sign in to continue to <strong>Members area</strong>.');
    expect(named).toContain('sign in with the Canopy platform');
    // A path the server could not name (a crafted address): plain words, not the address.
    const html = renderPage({
      url: '/account/login?redirect_uri=%2FYour-account-is-locked-call-0800',
      staticRoute: staticRoute('/account/login'),
      node: null,
      slices: {
        user: userStateFor(null, null, {
          requestedPage: { path: '/Your-account-is-locked-call-0800', title: null },
        }),
      },
    });
    const unnamed = mainOf(html);
    expect(textOf(unnamed)).toContain('Sign in to continue to the page you asked for.');
    expect(textOf(unnamed)).not.toContain('0800');
    // No federated sign-in on this host: no link to it.
    expect(unnamed).not.toContain('Canopy platform');
    expectHeadingOutline(html);
    const offsite = mainOf(
      renderPage({
        url: '/account/login?redirect_uri=https%3A%2F%2Fevil.example',
        staticRoute: staticRoute('/account/login'),
        node: null,
      }),
    );
    expect(offsite).not.toContain('evil.example');
    expect(offsite).not.toContain('continue to');
  });

  it('access denied names the refused page by its title, else says "that page"', () => {
    const named = mainOf(
      renderPage({
        url: '/account/access-denied?original_uri=%2Fstaff',
        staticRoute: staticRoute('/account/access-denied'),
        node: null,
        slices: {
          user: userStateFor(null, null, { requestedPage: { path: '/staff', title: 'Staff intranet' } }),
        },
      }),
    );
    expect(named).toContain('<h1>Access denied</h1>');
    expect(named).toContain('Your account does not give you access to <strong>Staff intranet</strong>.');
    const unnamed = mainOf(
      renderPage({
        url: '/account/access-denied?original_uri=%2FCall-0800-now',
        staticRoute: staticRoute('/account/access-denied'),
        node: null,
      }),
    );
    expect(textOf(unnamed)).toContain('Your account does not give you access to that page.');
    expect(unnamed).not.toContain('0800');
  });

  it('a used or expired reset link says so at once, offers a new one and shows no form', () => {
    const user = userStateFor(null, {
      outcome: {
        flow: 'resetPassword',
        ok: false,
        error: 'The password reset link is invalid or has expired',
      },
      form: null,
    });
    const main = mainOf(
      renderPage({
        url: '/account/reset-password?token=used',
        staticRoute: staticRoute('/account/reset-password'),
        node: null,
        slices: { user },
      }),
    );
    expect(main).toContain('This link to reset your password has already been used or has expired.');
    expect(main).toContain('<a class="button" href="/account/forgot-password">Send me a new link</a>');
    expect(main).not.toContain('type="password"');
  });

  it('the confirmation page shows a failed link in the error summary', () => {
    const user = userStateFor(null, {
      outcome: {
        flow: 'verifyEmail',
        ok: false,
        error: 'This confirmation link is invalid or has expired. Ask for a new one below.',
      },
      form: null,
    });
    const main = mainOf(
      renderPage({
        url: '/account/verify-email',
        staticRoute: staticRoute('/account/verify-email'),
        node: null,
        slices: { user },
      }),
    );
    expect(main).toContain('<h2 id="error-summary-title">There is a problem</h2>');
    expect(main).toContain('This confirmation link is invalid or has expired. Ask for a new one below.');
    expect(main).not.toContain('form-error');
  });

  it('a failed registration shows the error summary first, focused without JavaScript, linking to each field', () => {
    const user = userStateFor(null, {
      outcome: { flow: 'register', ok: false, error: 'Check the highlighted fields and try again.' },
      form: {
        form: 'register',
        fieldErrors: {
          lastName: 'Enter your last name.',
          password: 'The password must be at least 8 characters long',
        },
        values: { firstName: 'Nia' },
      },
    });
    const main = mainOf(
      renderPage({
        url: '/account/register',
        staticRoute: staticRoute('/account/register'),
        node: null,
        slices: { user },
      }),
    );
    const summary = main.slice(main.indexOf('<div class="error-summary"'));
    expect(summary).toMatch(
      /^<div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1" autofocus="">/,
    );
    expect(summary).toContain('<h2 id="error-summary-title">There is a problem</h2>');
    expect(summary).toContain('<a href="#field-lastName">Enter your last name.</a>');
    expect(summary).toContain('<a href="#field-password">Choose a password with at least 8 characters.</a>');
    expect(main.indexOf('error-summary')).toBeLessThan(main.indexOf('<form'));
    expect(main).not.toContain('Check the highlighted fields');
    // Beside the field, the same words.
    expect(main).toContain(
      'id="field-password-error"><span class="visually-hidden">Error: </span>Choose a password with at least 8 characters.',
    );
  });
});
