import { userStateFor } from '@canopy/web';
import { describe, expect, it } from 'vitest';
import { expectHeadingOutline } from '../test/html.js';
import { mainOf, renderPage } from '../test/render-page.js';

const staticRoute = (path: string) => ({ path, params: {}, nodePath: null });

describe('account pages', () => {
  it('sign in names the page that asked, when it is a path of the site', () => {
    const html = renderPage({
      url: '/account/login?redirect_uri=%2Fmembers',
      staticRoute: staticRoute('/account/login'),
      node: null,
    });
    const main = mainOf(html);
    expect(main).toContain('<h1>Sign in</h1>');
    expect(main).toContain('You need to sign in to see <code>/members</code>.');
    expectHeadingOutline(html);
    const offsite = mainOf(
      renderPage({
        url: '/account/login?redirect_uri=https%3A%2F%2Fevil.example',
        staticRoute: staticRoute('/account/login'),
        node: null,
      }),
    );
    expect(offsite).not.toContain('evil.example');
  });

  it('access denied names the refused page', () => {
    const main = mainOf(
      renderPage({
        url: '/account/access-denied?original_uri=%2Fstaff',
        staticRoute: staticRoute('/account/access-denied'),
        node: null,
      }),
    );
    expect(main).toContain('<h1>Access denied</h1>');
    expect(main).toContain('Your account does not give you access to <code>/staff</code>.');
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
