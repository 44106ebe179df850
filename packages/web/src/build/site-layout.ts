import { join } from 'node:path';

/** Public path of the built client files (and of Vite's dev server). */
export const STATIC_BASE = '/static/';

/** The conventional files and folders of a site, relative to its root. */
export const SITE_LAYOUT = {
  /** Browser entry: calls `hydrateSite(site)`. */
  clientEntry: 'src/entry-client.tsx',
  /** Server entry: exports `renderer = createSiteRenderer(site)`. */
  serverEntry: 'src/entry-server.tsx',
  clientOut: 'dist/client',
  serverOut: 'dist/server',
  /** Vite's manifest inside the client output. */
  manifest: '.vite/manifest.json',
  /** What `buildSite` records about the build. */
  buildRecord: 'dist/build.json',
} as const;

/** Absolute paths of a site's build outputs. */
export function sitePaths(siteRoot: string) {
  return {
    clientOut: join(siteRoot, SITE_LAYOUT.clientOut),
    serverOut: join(siteRoot, SITE_LAYOUT.serverOut),
    manifest: join(siteRoot, SITE_LAYOUT.clientOut, SITE_LAYOUT.manifest),
    serverBundle: join(siteRoot, SITE_LAYOUT.serverOut, 'entry-server.js'),
    buildRecord: join(siteRoot, SITE_LAYOUT.buildRecord),
  };
}
