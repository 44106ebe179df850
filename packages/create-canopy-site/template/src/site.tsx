import { defineSite } from '@canopy/web';
import { Layout } from './components/Layout.js';
import { contentTypeMappings } from './mappings.js';
import { routes } from './routes.js';

/** The site: its name, layout, static routes and which component renders each content type. */
export const site = defineSite({
  name: 'My Canopy site',
  language: 'en-GB',
  layout: Layout,
  routes,
  contentTypeMappings,
});
