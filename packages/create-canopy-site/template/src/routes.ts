import type { StaticRoute } from '@canopy/web';
import { AboutPage } from './components/AboutPage.js';

/** Pages matched before the content tree, in React Router pattern syntax. */
export const routes: StaticRoute[] = [
  { path: '/about-this-site', title: 'About this site', component: AboutPage },
];
