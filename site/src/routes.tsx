import { ACCOUNT_PATHS, listingRoute, type StaticRoute, searchRoute } from '@canopy/web';
import { AccessDeniedPage } from './components/AccessDeniedPage.js';
import { AccountPage } from './components/account/AccountPage.js';
import { ForgotPasswordPage } from './components/account/ForgotPasswordPage.js';
import { RegisterPage } from './components/account/RegisterPage.js';
import { ResetPasswordPage } from './components/account/ResetPasswordPage.js';
import { SignInPage } from './components/SignInPage.js';
import { search } from './search.js';

/**
 * Routes matched before the content tree. The framework adds `/version` (see `site.tsx`).
 * The account pages post their forms to the site server's `/account/*` endpoints; the
 * account page itself is for signed-in visitors only. `/search/*` is the search page, its
 * title and introduction from the `/search` node; `/news`, `/events`, `/courses` and
 * `/people` are listing pages (their sections' pages stay content pages).
 */
export const routes: StaticRoute[] = [
  { path: ACCOUNT_PATHS.login, title: 'Sign in', component: SignInPage },
  { path: ACCOUNT_PATHS.register, title: 'Register', component: RegisterPage },
  { path: ACCOUNT_PATHS.forgotPassword, title: 'Forgotten password', component: ForgotPasswordPage },
  { path: ACCOUNT_PATHS.resetPasswordPage, title: 'Choose a new password', component: ResetPasswordPage },
  { path: ACCOUNT_PATHS.account, title: 'Your account', component: AccountPage, requireLogin: true },
  { path: ACCOUNT_PATHS.accessDenied, title: 'Access denied', component: AccessDeniedPage },
  searchRoute(search, {
    // Loaded with the search route, so other pages do not carry the search code.
    component: { load: () => import('./components/SearchPage.js').then((module) => module.SearchPage) },
    fetchNode: true,
    language: 'en-GB',
  }),
  // The section pages list their pages through search listings (title and text from the
  // section's own node); the listing code loads with these routes only.
  ...(['news', 'events', 'courses', 'people'] as const).map((listing) =>
    listingRoute(search, listing, {
      component: {
        load: () => import('./components/listings/ListingPage.js').then((module) => module.ListingPage),
      },
      fetchNode: true,
      language: 'en-GB',
    }),
  ),
];
