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
});
