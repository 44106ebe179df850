import type { PageAssets } from '@canopy/web';

/**
 * The page assets of the demo rendered from source in integration tests: no build, so the
 * pages name a stand-in entry script and nothing else.
 */
export const SOURCE_ASSETS: PageAssets = {
  entryModule: '/static/assets/entry-client-test.js',
  preloadModules: [],
  stylesheets: [],
  headModules: [],
  inlineModules: [],
};
