import type { Plugin } from 'vite';
import { moduleCopy } from './module-copy.js';

/** Marks the copy of Redux Toolkit's module that holds the listener middleware. */
export const LISTENER_MIDDLEWARE_QUERY = '?canopy-listener-middleware';

/**
 * Keeps Redux Toolkit's listener middleware (about 1.7 kB gzip) out of the first load, as
 * `lazyRouteMatching` does route ranking: the store's listener is deferred
 * (`state/listener-slot.ts`), and `state/listener-middleware.ts`, loaded with the code that
 * listens, gets a copy of Redux Toolkit of its own, tree-shaken to `createListenerMiddleware`. The listener's actions are told apart by their type, so the two
 * copies need to share nothing.
 */
export function lazyListenerMiddleware(): Plugin {
  return moduleCopy({
    name: 'canopy:lazy-listener-middleware',
    importer: /[\\/]state[\\/]listener-middleware\.[jt]sx?$/,
    source: '@reduxjs/toolkit',
    files: /[\\/]node_modules[\\/]@reduxjs[\\/]toolkit[\\/]/,
    query: LISTENER_MIDDLEWARE_QUERY,
  });
}
