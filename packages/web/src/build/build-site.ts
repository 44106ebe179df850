import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { InlineConfig } from 'vite';
import type { BuildRecord } from '../server/version-source.js';
import { type PrecompressReport, precompressDirectory } from './precompress.js';
import { sitePaths } from './site-layout.js';
import { siteViteConfig } from './vite-config.js';

/** Options of {@link buildSite}. */
export interface BuildSiteOptions {
  /** The site's folder. */
  siteRoot: string;
  /** Extra Vite configuration (plugins, defines). */
  vite?: InlineConfig;
  /** Build number to record (default `BUILD_NUMBER`). */
  buildNo?: string | null;
  /** Commit to record (default `GIT_COMMIT`, else `git rev-parse HEAD` when in a repository). */
  commitRef?: string | null;
  /**
   * Link the client bundle to its source maps (`//# sourceMappingURL`), for a site that serves
   * them (`sourceMaps` of the server). Default `CANOPY_SOURCE_MAPS=true`, else off: the maps are
   * still written (for an error tracker) but nothing points to them.
   */
  sourceMaps?: boolean;
}

/**
 * Builds a site for production: the client bundle (hashed files and a manifest in
 * `dist/client`, source maps beside them but unlinked unless `sourceMaps`), the server bundle (`dist/server/entry-server.js`), and `dist/build.json`
 * with the commit and build number the version page shows.
 *
 * @example
 * await buildSite({ siteRoot: 'site' });
 */
/** What {@link buildSite} did besides bundling. */
export interface BuildSiteReport {
  /** The brotli and gzip copies written beside the client files. */
  compressed: PrecompressReport;
}

export async function buildSite(options: BuildSiteOptions): Promise<BuildSiteReport> {
  const { build } = await import('vite');
  const root = options.siteRoot;
  // Production React and no dev-only store checks in the bundles.
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  let compressed: PrecompressReport;
  try {
    const client = siteViteConfig(root, 'client', { mode: 'production', ...options.vite });
    const linked = options.sourceMaps ?? process.env.CANOPY_SOURCE_MAPS === 'true';
    client.build = {
      ...client.build,
      sourcemap: options.vite?.build?.sourcemap ?? (linked ? true : 'hidden'),
    };
    await build(client);
    await build(siteViteConfig(root, 'server', { mode: 'production', ...options.vite }));
    compressed = await precompressDirectory(sitePaths(root).clientOut);
  } finally {
    if (previous === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previous;
  }
  const record: BuildRecord = {
    commitRef: options.commitRef ?? process.env.GIT_COMMIT ?? gitCommit(root),
    buildNo: options.buildNo ?? process.env.BUILD_NUMBER ?? null,
    builtAt: new Date().toISOString(),
  };
  const file = sitePaths(root).buildRecord;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
  return { compressed };
}

function gitCommit(cwd: string): string | null {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return null;
  }
}
