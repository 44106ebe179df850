import type { CatalogueLoaders } from '@canopy/web';
import type { messages } from './en-GB.js';

/** The demo's message catalogues, a chunk per language, for `loadTranslator`. */
export const SITE_CATALOGUES: CatalogueLoaders<keyof typeof messages> = {
  'en-GB': () => import('./en-GB.js'),
  cy: () => import('./cy.js'),
};
