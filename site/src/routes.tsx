import {
  ACCOUNT_PATHS,
  lazyComponent,
  listingRoute,
  type RouteLoaderContext,
  type StaticRoute,
  searchRoute,
} from '@canopy/web';
import { bookingRoutes } from './booking-routes.js';
import { search } from './search.js';

// The account pages' code loads with their routes (see mappings.tsx).
const SignInPage = lazyComponent(() => import('./components/SignInPage.js').then((m) => m.SignInPage));
const RegisterPage = lazyComponent(() =>
  import('./components/account/RegisterPage.js').then((m) => m.RegisterPage),
);
const ForgotPasswordPage = lazyComponent(() =>
  import('./components/account/ForgotPasswordPage.js').then((m) => m.ForgotPasswordPage),
);
const ResetPasswordPage = lazyComponent(() =>
  import('./components/account/ResetPasswordPage.js').then((m) => m.ResetPasswordPage),
);
const VerifyEmailPage = lazyComponent(() =>
  import('./components/account/VerifyEmailPage.js').then((m) => m.VerifyEmailPage),
);
const AccountPage = lazyComponent(() =>
  import('./components/account/AccountPage.js').then((m) => m.AccountPage),
);
const AccessDeniedPage = lazyComponent(() =>
  import('./components/AccessDeniedPage.js').then((m) => m.AccessDeniedPage),
);

// The sign-in and access-denied pages name the page they are about (by its title, from the server).
const loadRequestedPage = (context: RouteLoaderContext) =>
  import('./content/requested-page.js').then((module) => module.loadRequestedPage(context));

/**
 * Routes matched before the content tree. The framework adds `/version` (see `site.tsx`).
 * The account pages post their forms to the site server's `/account/*` endpoints; the
 * account page itself is for signed-in visitors only. `/search/*` is the search page, its
 * title and introduction from the `/search` node; `/news`, `/events`, `/courses` and
 * `/people` are listing pages (their sections' pages stay content pages). In Welsh they
 * live at their Welsh nodes' addresses (`/cy/chwilio`, `/cy/newyddion`, …); the English
 * address under `/cy` redirects there.
 */
export const routes: StaticRoute[] = [
  { path: ACCOUNT_PATHS.login, title: 'Sign in', component: SignInPage, loader: loadRequestedPage },
  { path: ACCOUNT_PATHS.register, title: 'Register', component: RegisterPage },
  { path: ACCOUNT_PATHS.forgotPassword, title: 'Forgotten password', component: ForgotPasswordPage },
  { path: ACCOUNT_PATHS.resetPasswordPage, title: 'Choose a new password', component: ResetPasswordPage },
  { path: ACCOUNT_PATHS.verifyEmailPage, title: 'Confirm your email address', component: VerifyEmailPage },
  { path: ACCOUNT_PATHS.account, title: 'Your account', component: AccountPage, requireLogin: true },
  {
    path: ACCOUNT_PATHS.accessDenied,
    title: 'Access denied',
    component: AccessDeniedPage,
    loader: loadRequestedPage,
  },
  searchRoute(search, {
    // Loaded with the search route, so other pages do not carry the search code.
    component: { load: () => import('./components/SearchPage.js').then((module) => module.SearchPage) },
    fetchNode: true,
    language: 'page',
    // Each language's address is its own search node's (/cy/chwilio).
    paths: { cy: '/chwilio' },
  }),
  // The section pages list their pages through search listings (title and text from the
  // section's own node); the listing code loads with these routes only.
  ...(
    [
      ['news', '/newyddion'],
      ['events', '/digwyddiadau'],
      ['courses', '/cyrsiau'],
      ['people', '/pobl'],
    ] as const
  ).map(([listing, welsh]) =>
    listingRoute(search, listing, {
      component: {
        load: () => import('./components/listings/ListingPage.js').then((module) => module.ListingPage),
      },
      fetchNode: true,
      language: 'page',
      // The Welsh section's own address (/cy/newyddion), where the Welsh navigation links.
      paths: { cy: welsh },
    }),
  ),
  // Booking a place at an event (/events/{event}/book), before the content tree takes the address.
  ...bookingRoutes,
];
