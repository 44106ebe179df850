import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { VersionInfoInput } from '../version/version-info.js';
import type { SiteServerOptions } from './options.js';
import { ASSET_PROXY_PATHS, DELIVERY_PROXY_PATH } from './proxy.js';

/** Packages whose versions the version page lists. */
export const REPORTED_PACKAGES = [
  '@canopy/web',
  '@canopy/client',
  'react',
  'react-dom',
  'react-router',
  '@reduxjs/toolkit',
  'react-redux',
  'fastify',
  'vite',
] as const;

/** What `buildSite` records about a build in `dist/build.json`. */
export interface BuildRecord {
  commitRef: string | null;
  buildNo: string | null;
  builtAt: string;
}

interface PackageJson {
  name?: string;
  version?: string;
  repository?: string | { url?: string };
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

/** The installed version of a package, looked up from `fromDir` upwards; `unknown` if absent. */
export function installedVersion(name: string, fromDir: string): string {
  let dir = resolve(fromDir);
  for (;;) {
    const own = readJson<PackageJson>(join(dir, 'package.json'));
    if (own?.name === name && own.version) return own.version;
    const candidate = join(dir, 'node_modules', name, 'package.json');
    if (existsSync(candidate)) return readJson<PackageJson>(candidate)?.version ?? 'unknown';
    const parent = dirname(dir);
    if (parent === dir) return 'unknown';
    dir = parent;
  }
}

/** A repository field as a URL. */
function repositoryUrl(repository: PackageJson['repository']): string | null {
  if (!repository) return null;
  return typeof repository === 'string' ? repository : (repository.url ?? null);
}

/** Settings of the server the version page reports, resolved from its options. */
export interface ResolvedServerFacts {
  listenUrl: string;
  cacheEntries: number;
  cacheSeconds: number;
}

/**
 * The version information of a site server, gathered once at start: the site's package, its
 * build record, installed package versions and the deployment settings (never a token).
 */
export function collectVersionInfo(
  options: SiteServerOptions,
  facts: ResolvedServerFacts,
  site: { name: string; language: string },
): VersionInfoInput {
  const siteName = site.name;
  const sitePackage = options.siteRoot ? readJson<PackageJson>(join(options.siteRoot, 'package.json')) : null;
  const build = options.siteRoot ? readJson<BuildRecord>(join(options.siteRoot, 'dist', 'build.json')) : null;
  const here = dirname(fileURLToPath(import.meta.url));
  const packageVersions: Record<string, string> = {};
  for (const name of REPORTED_PACKAGES) {
    // The site's own installation first; the framework's when the site has none of its own.
    const fromSite = options.siteRoot ? installedVersion(name, options.siteRoot) : 'unknown';
    packageVersions[name] = fromSite !== 'unknown' ? fromSite : installedVersion(name, here);
  }

  const publicUri = options.publicUri ?? null;
  const proxied = options.proxyDeliveryApi !== false;
  return {
    packageName: sitePackage?.name ?? siteName,
    packageVersion: sitePackage?.version ?? '0.0.0',
    repository: repositoryUrl(sitePackage?.repository),
    pipelineUrl: options.build?.pipelineUrl ?? null,
    commitRef: options.build?.commitRef ?? build?.commitRef ?? null,
    buildNo: options.build?.buildNo ?? build?.buildNo ?? null,
    project: options.projectId,
    environmentAlias: options.environmentAlias ?? null,
    publicUri,
    packageVersions,
    servers: {
      web: options.servers?.web ?? publicUri ?? facts.listenUrl,
      preview: options.servers?.preview ?? null,
      api: options.servers?.api ?? options.platformUrl,
      cms: options.servers?.cms ?? options.platformUrl,
      iis: options.servers?.iis ?? null,
      iisPreview: options.servers?.iisPreview ?? null,
    },
    reverseProxyPaths: [
      ...ASSET_PROXY_PATHS.map((path) => `${path}/*`),
      ...(proxied ? [`${DELIVERY_PROXY_PATH}/*`] : []),
    ],
    projects: [{ id: options.projectId, publicUri }, ...(options.projects ?? [])],
    deliveryApi: {
      rootUrl: options.platformUrl,
      projectId: options.projectId,
      // The language the site's delivery calls ask for (its definition's `language`).
      language: site.language,
      accessToken: options.deliveryToken ? 'configured' : 'missing',
      previewToken: options.previewToken ? 'configured' : 'missing',
      cacheEntries: facts.cacheEntries,
      cacheSeconds: facts.cacheSeconds,
    },
    proxyDeliveryApi: proxied,
    disableInlineState: options.inlineState === false,
    environment: options.environment ?? process.env.NODE_ENV ?? 'development',
  };
}
