import { ACCOUNT_PATHS, type StaticRoute, searchRoute } from '@canopy/web';
import { AccessDeniedPage } from './components/AccessDeniedPage.js';
import { AccountPage } from './components/account/AccountPage.js';
import { ForgotPasswordPage } from './components/account/ForgotPasswordPage.js';
import { RegisterPage } from './components/account/RegisterPage.js';
import { ResetPasswordPage } from './components/account/ResetPasswordPage.js';
import { VerifyEmailPage } from './components/account/VerifyEmailPage.js';
import { SignInPage } from './components/SignInPage.js';
import { search } from './search.js';

/**
 * Routes matched before the content tree. The framework adds `/version` (see `site.tsx`).
 * The account pages post their forms to the site server's `/account/*` endpoints; the
 * account page itself is for signed-in visitors only. `/search/*` is the search page, its
 * title and introduction from the `/search` node.
 */
export const routes: StaticRoute[] = [
  { path: ACCOUNT_PATHS.login, title: 'Sign in', component: SignInPage },
  { path: ACCOUNT_PATHS.register, title: 'Register', component: RegisterPage },
  { path: ACCOUNT_PATHS.forgotPassword, title: 'Forgotten password', component: ForgotPasswordPage },
  { path: ACCOUNT_PATHS.resetPasswordPage, title: 'Choose a new password', component: ResetPasswordPage },
  { path: ACCOUNT_PATHS.verifyEmailPage, title: 'Confirm your email address', component: VerifyEmailPage },
  { path: ACCOUNT_PATHS.account, title: 'Your account', component: AccountPage, requireLogin: true },
  { path: ACCOUNT_PATHS.accessDenied, title: 'Access denied', component: AccessDeniedPage },
  searchRoute(search, {
    // Loaded with the search route, so other pages do not carry the search code.
    component: { load: () => import('./components/SearchPage.js').then((module) => module.SearchPage) },
    fetchNode: true,
    language: 'en-GB',
  }),
];
