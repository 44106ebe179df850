import { describe, expect, it } from 'vitest';
import type { StaticRoute } from '../site/site-definition.js';
import { requestedPagePath, staticRouteTitle } from './requested-page.js';

const Page = () => null;

describe('requestedPagePath', () => {
  it('reads the sign-in page’s return address as signing in does, without query or hash', () => {
    expect(requestedPagePath('/account/login', '?redirect_uri=%2Fmembers%3Ftab%3D2%23top')).toBe('/members');
    expect(requestedPagePath('/account/login', '?redirect=%2Fnews')).toBe('/news');
    expect(requestedPagePath('/account/login', '?ReturnURL=https%3A%2F%2Fcms.example%2Fstaff%2Frota')).toBe(
      '/staff/rota',
    );
    expect(requestedPagePath('/account/login', '?redirect_uri=%2Fcaf%C3%A9%20menu')).toBe('/café menu');
  });

  it('names the page behind an access-denied page that signing in leads to', () => {
    const inner = encodeURIComponent('/account/access-denied?original_uri=%2Fstaff');
    expect(requestedPagePath('/account/login', `?redirect_uri=${inner}`)).toBe('/staff');
    expect(requestedPagePath('/account/access-denied', '?original_uri=%2Fstaff%3Fx%3D1')).toBe('/staff');
  });

  it('names nothing for other sites, the home page, other pages and overlong paths', () => {
    for (const value of ['https://evil.example/x', '//evil.example', 'javascript:alert(1)', '/', '']) {
      expect(
        requestedPagePath('/account/login', `?redirect_uri=${encodeURIComponent(value)}`),
        value,
      ).toBeNull();
      expect(
        requestedPagePath('/account/access-denied', `?original_uri=${encodeURIComponent(value)}`),
        value,
      ).toBeNull();
    }
    // Read as a path of this site (a browser would read `/\host` as another host).
    expect(requestedPagePath('/account/login', '?redirect_uri=%2F%5Cevil.example')).toBe('/\\evil.example');
    expect(requestedPagePath('/account/login', '')).toBeNull();
    expect(requestedPagePath('/account/register', '?redirect_uri=%2Fmembers')).toBeNull();
    expect(requestedPagePath('/account/login', `?redirect_uri=/${'a'.repeat(1100)}`)).toBeNull();
    expect(requestedPagePath('/account/login', '?redirect_uri=%2F%25E0%25A4%25A')).toBeNull();
  });
});

describe('static route titles', () => {
  const routes: StaticRoute[] = [
    { path: '/account', title: 'Your account', component: Page },
    { path: '/courses/:slug/apply', component: Page },
  ];

  it('names a path by the title of the static route that answers it', () => {
    expect(staticRouteTitle(routes, '/account')).toBe('Your account');
    expect(staticRouteTitle(routes, '/courses/x/apply')).toBeNull();
    expect(staticRouteTitle(routes, '/members')).toBeNull();
  });
});
