// The server entry: the site server renders every page through this renderer.
import { createSiteRenderer } from '@canopy/web';
import { site } from './site.js';

/** The renderer the site server loads from the server bundle (or, in development, from source). */
export const renderer = createSiteRenderer(site);
