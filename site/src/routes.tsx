import type { StaticRoute } from '@canopy/web';
import { AccessDeniedPage } from './components/AccessDeniedPage.js';
import { SignInPage } from './components/SignInPage.js';

/**
 * Routes matched before the content tree. The framework adds `/version` (see `site.tsx`);
 * the account pages are where restricted pages send visitors (sign in, access denied).
 * Search (`/search/*`) will add its routes here.
 */
export const routes: StaticRoute[] = [
  { path: '/account/login', title: 'Sign in', component: SignInPage },
  { path: '/account/access-denied', title: 'Access denied', component: AccessDeniedPage },
];
