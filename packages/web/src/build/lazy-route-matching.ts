import type { Plugin } from 'vite';

/** The framework's route matcher, the one module that imports React Router's `matchRoutes`. */
const MATCHER = /[\\/]routing[\\/]match-route\.[jt]sx?$/;

/** React Router's own files (a copy's imports of React itself stay shared). */
const REACT_ROUTER_FILE = /[\\/]node_modules[\\/]react-router[\\/]/;

/** Marks the second copy of React Router's module (a distinct module id for the bundler). */
export const ROUTE_MATCHING_QUERY = '?canopy-route-matching';

/**
 * Keeps React Router's route ranking (`matchRoutes`: flattening, scoring, about 2.4 kB gzip)
 * out of the first load. React Router ships as one module, and a bundler places a module in
 * one chunk whole: since every page needs React Router to hydrate, whatever any chunk uses of
 * it (here `matchRoutes`, used only by `loadRoute` for client navigation) would land in the
 * entry chunk. The matcher gets its own copy of the module instead (the same file under
 * another id), tree-shaken to `matchRoutes`, in the chunk that loads after hydration. It only
 * matches paths against patterns, so a second copy shares no state that matters.
 */
export function lazyRouteMatching(): Plugin {
  return {
    name: 'canopy:lazy-route-matching',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer) return null;
      // The matcher's import of React Router, and the imports inside that copy (its entry
      // file re-exports from the module holding the code), get the copy's id.
      const fromCopy = importer.endsWith(ROUTE_MATCHING_QUERY);
      const fromMatcher = source === 'react-router' && MATCHER.test(importer.split('?')[0] as string);
      if (!fromCopy && !fromMatcher) return null;
      const resolved = await this.resolve(source, importer.split('?')[0], { ...options, skipSelf: true });
      if (!resolved || resolved.external || !REACT_ROUTER_FILE.test(resolved.id)) return null;
      return { ...resolved, id: `${resolved.id}${ROUTE_MATCHING_QUERY}` };
    },
  };
}
