import type { Plugin } from 'vite';
import { moduleCopy } from './module-copy.js';

/** Marks the second copy of React Router's module (a distinct module id for the bundler). */
export const ROUTE_MATCHING_QUERY = '?canopy-route-matching';

/**
 * Keeps React Router's route ranking (`matchRoutes`: flattening, scoring, about 2.4 kB gzip)
 * out of the first load. React Router ships as one module, and a bundler places a module in
 * one chunk whole: since every page needs React Router to hydrate, whatever any chunk uses of
 * it (here `matchRoutes`, used only by `loadRoute` for client navigation) would land in the
 * entry chunk. The framework's route matcher (`routing/match-route.ts`) gets its own copy of
 * the module instead, tree-shaken to `matchRoutes`, in the chunk that loads after hydration. It
 * only matches paths against patterns, so a second copy shares no state that matters.
 */
export function lazyRouteMatching(): Plugin {
  return moduleCopy({
    name: 'canopy:lazy-route-matching',
    importer: /[\\/]routing[\\/]match-route\.[jt]sx?$/,
    source: 'react-router',
    files: /[\\/]node_modules[\\/]react-router[\\/]/,
    query: ROUTE_MATCHING_QUERY,
  });
}
