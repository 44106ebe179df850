import { type StaticRoute, searchRoute } from '@canopy/web';
import { AccessDeniedPage } from './components/AccessDeniedPage.js';
import { SignInPage } from './components/SignInPage.js';
import { search } from './search.js';

/**
 * Routes matched before the content tree. The framework adds `/version` (see `site.tsx`);
 * the account pages are where restricted pages send visitors (sign in, access denied);
 * `/search/*` is the search page, its title and introduction from the `/search` node.
 */
export const routes: StaticRoute[] = [
  { path: '/account/login', component: SignInPage },
  { path: '/account/access-denied', component: AccessDeniedPage },
  searchRoute(search, {
    // Loaded with the search route, so other pages do not carry the search code.
    component: { load: () => import('./components/SearchPage.js').then((module) => module.SearchPage) },
    fetchNode: true,
    language: 'en-GB',
  }),
];
