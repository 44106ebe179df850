import { existsSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { pathToFileURL } from 'node:url';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ViteDevServer } from 'vite';
import { SITE_LAYOUT, STATIC_BASE, sitePaths } from '../build/site-layout.js';
import { siteViteConfig } from '../build/vite-config.js';
import { NO_ASSETS, type PageAssets, type SiteRenderer } from '../render/render-types.js';
import { assetsFromManifest, type ViteManifest } from './manifest.js';
import { serveStatic } from './static-files.js';

/** Where pages are rendered from, and how their scripts and styles are served. */
export interface RendererSource {
  /** The renderer for the next request (in development, freshly loaded after edits). */
  renderer(): Promise<SiteRenderer>;
  /** The assets of a page. */
  assets(url: string): Promise<PageAssets>;
  /** Answers `/static/*`. */
  serveStatic(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined>;
  /** In development, a failed render's stack made to point at the source. */
  fixStack(error: unknown): void;
  close(): Promise<void>;
  readonly dev: boolean;
}

/** A renderer given directly (tests, custom setups): no build, no static files. */
export function fixedRendererSource(renderer: SiteRenderer, assets: PageAssets = NO_ASSETS): RendererSource {
  return {
    renderer: async () => renderer,
    assets: async () => assets,
    serveStatic: async (_request, reply) => reply.code(404).send('Not Found'),
    fixStack: () => undefined,
    close: async () => undefined,
    dev: false,
  };
}

/**
 * A built site: the server bundle from `dist/server`, the client files from `dist/client`
 * and the page assets from Vite's manifest. Fails at start, not at the first request, when
 * the site was not built.
 */
export async function builtRendererSource(siteRoot: string): Promise<RendererSource> {
  const paths = sitePaths(siteRoot);
  if (!existsSync(paths.serverBundle) || !existsSync(paths.manifest)) {
    throw new Error(`The site in ${siteRoot} is not built: run \`canopy-web build\` (or buildSite) first`);
  }
  const module = (await import(pathToFileURL(paths.serverBundle).href)) as { renderer?: SiteRenderer };
  if (!module.renderer) throw new Error(`${paths.serverBundle} does not export \`renderer\``);
  const renderer = module.renderer;
  const manifest = JSON.parse(readFileSync(paths.manifest, 'utf8')) as ViteManifest;
  const assets = assetsFromManifest(manifest, SITE_LAYOUT.clientEntry, STATIC_BASE);
  return {
    renderer: async () => renderer,
    assets: async () => assets,
    serveStatic: (request, reply) =>
      serveStatic(paths.clientOut, (request.params as { '*': string })['*'] ?? '', reply),
    fixStack: () => undefined,
    close: async () => undefined,
    dev: false,
  };
}

/**
 * Development: Vite in middleware mode on the site server's own HTTP server (hot module
 * replacement over its websocket), the renderer loaded from source on every request (Vite
 * keeps unchanged modules), and the React refresh preamble in each page.
 */
export async function devRendererSource(siteRoot: string, httpServer: Server): Promise<RendererSource> {
  const { createServer } = await import('vite');
  const react = (await import('@vitejs/plugin-react')).default;
  const vite: ViteDevServer = await createServer(
    siteViteConfig(siteRoot, 'dev', {
      server: { middlewareMode: true, hmr: { server: httpServer } },
    }),
  );
  const preamble = react.preambleCode.replace('__BASE__', STATIC_BASE);
  const assets: PageAssets = {
    entryModule: `${STATIC_BASE}${SITE_LAYOUT.clientEntry}`,
    preloadModules: [],
    stylesheets: [],
    headModules: [`${STATIC_BASE}@vite/client`],
    inlineModules: [preamble],
    cspNonceMeta: true,
  };
  return {
    async renderer() {
      const module = (await vite.ssrLoadModule(`/${SITE_LAYOUT.serverEntry}`)) as { renderer?: SiteRenderer };
      if (!module.renderer) throw new Error(`${SITE_LAYOUT.serverEntry} does not export \`renderer\``);
      return module.renderer;
    },
    assets: async () => assets,
    serveStatic: (request, reply) =>
      new Promise((resolve) => {
        reply.hijack();
        vite.middlewares(request.raw, reply.raw, () => {
          reply.raw.statusCode = 404;
          reply.raw.end('Not Found');
          resolve(undefined);
        });
        reply.raw.on('finish', () => resolve(undefined));
      }),
    fixStack: (error) => {
      if (error instanceof Error) vite.ssrFixStacktrace(error);
    },
    close: () => vite.close(),
    dev: true,
  };
}
