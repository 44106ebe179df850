import { createRequire } from 'node:module';

/**
 * Makes a built site run as production unless the environment says otherwise: sets
 * `NODE_ENV=production` when it is unset (or empty). React, React Redux and Redux Toolkit read
 * it: React picks its production build when it is first imported (several times faster to
 * render), Redux Toolkit leaves out its development checks, which walk the whole state on
 * every action. Returns the value in effect.
 *
 * Call it before React is imported: `canopy-web start` does so before it loads anything else;
 * `startSiteServer` does so before it loads the site's server bundle.
 *
 * @example
 * preferProduction(process.env); // 'production' unless NODE_ENV was set
 */
export function preferProduction(env: Record<string, string | undefined> = process.env): string {
  if (!env.NODE_ENV) env.NODE_ENV = 'production';
  return env.NODE_ENV;
}

const REACT_DEVELOPMENT_FILE = /[\\/]react(-dom)?[\\/]cjs[\\/][^\\/]*\.development\.js$/;

/**
 * Whether React's development build is loaded in this process, e.g. because `@canopy/web`
 * (which imports React) was imported before `NODE_ENV` was set to `production`.
 */
export function reactDevelopmentBuildLoaded(): boolean {
  const modules = createRequire(import.meta.url).cache;
  // Importing React from ESM makes Node's CommonJS export scanner put BOTH branches of
  // react/index.js in the cache; only the branch that actually ran is marked `loaded`.
  return Object.entries(modules).some(
    ([file, module]) => REACT_DEVELOPMENT_FILE.test(file) && module?.loaded === true,
  );
}

/** The warning logged when a production server runs React's development build. */
export const REACT_DEVELOPMENT_WARNING =
  'React was loaded in development mode before NODE_ENV was set to production: pages render ' +
  'several times slower. Set NODE_ENV=production in the environment (canopy-web start does), ' +
  'or before anything imports @canopy/web or React.';
