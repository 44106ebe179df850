import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, type InlineConfig } from 'vite';
import { lazyListenerMiddleware } from './lazy-listener-middleware.js';
import { lazyModuleIds } from './lazy-module-ids.js';
import { lazyRouteMatching } from './lazy-route-matching.js';
import { leanReactRouter } from './lean-react-router.js';
import { SITE_LAYOUT, STATIC_BASE } from './site-layout.js';

/** Which build a configuration is for. */
export type SiteBuildTarget = 'client' | 'server' | 'dev';

/**
 * Packages compiled from their TypeScript sources (the `source` export condition), so a site
 * in this workspace needs no prior build of them and the server bundle holds one copy.
 */
const WORKSPACE_PACKAGES = ['@canopy/web', '@canopy/client'];

/**
 * The Vite configuration of a site: React (with fast refresh in development), everything
 * public under `/static/`, the client build with hashed file names and a manifest, and the
 * server build of `src/entry-server.tsx`. A site needs no Vite config file of its own; pass
 * `extra` to add plugins or options.
 */
export function siteViteConfig(
  siteRoot: string,
  target: SiteBuildTarget,
  extra: InlineConfig = {},
): InlineConfig {
  const base: InlineConfig = {
    root: siteRoot,
    base: STATIC_BASE,
    configFile: false,
    appType: 'custom',
    logLevel: 'warn',
    plugins: [react(), lazyModuleIds()],
    resolve: { conditions: ['source', ...defaultClientConditions] },
    ssr: {
      noExternal: WORKSPACE_PACKAGES,
      resolve: { conditions: ['source', ...defaultServerConditions] },
    },
  };
  if (target === 'client') {
    // React Router's unused components out of the browser bundle (the server bundle imports it).
    // React Router's route ranking only in the chunk client navigation loads (see lazyRouteMatching),
    // Redux Toolkit's listener middleware only with the code that listens (lazyListenerMiddleware).
    base.plugins = [
      ...(base.plugins ?? []),
      leanReactRouter(),
      lazyRouteMatching(),
      lazyListenerMiddleware(),
    ];
    base.build = {
      outDir: SITE_LAYOUT.clientOut,
      emptyOutDir: true,
      manifest: true,
      sourcemap: true,
      rollupOptions: {
        input: SITE_LAYOUT.clientEntry,
        output: {
          codeSplitting: {
            // Everything the entry imports statically in one chunk with it (the browser needs
            // all of it before hydrating; one file compresses better than several). Immer is
            // the exception: Redux Toolkit's module imports it, so it counts as reached from
            // the entry, but the framework's slices are plain (see state/plain-slice.ts) and
            // only a site's own `createSlice` code uses it, so it gets a chunk of its own,
            // loaded with that code (4 kB gzip out of the first load). Reselect likewise: Redux
            // Toolkit re-exports it, but the selectors pages hydrate with are plain (see
            // state/memo-selector.ts), so it loads with the search code (1 kB gzip).
            groups: [
              { name: 'immer', test: /[\\/]node_modules[\\/]immer[\\/]/ },
              { name: 'reselect', test: /[\\/]node_modules[\\/]reselect[\\/]/ },
              { name: 'entry-client', tags: ['$initial'] },
            ],
          },
        },
      },
    };
  } else if (target === 'server') {
    // Public files are served from the client build only.
    base.publicDir = false;
    base.build = {
      outDir: SITE_LAYOUT.serverOut,
      emptyOutDir: true,
      ssr: SITE_LAYOUT.serverEntry,
      sourcemap: true,
      rollupOptions: { output: { entryFileNames: 'entry-server.js' } },
    };
  }
  return mergeInline(base, extra);
}

function mergeInline(base: InlineConfig, extra: InlineConfig): InlineConfig {
  return {
    ...base,
    ...extra,
    plugins: [...(base.plugins ?? []), ...(extra.plugins ?? [])],
    build: { ...base.build, ...extra.build },
  };
}
