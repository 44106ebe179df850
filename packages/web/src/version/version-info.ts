import type { VersionStatus } from '../state/content-version.js';

/** The servers an environment consists of (website spec §2). */
export interface VersionServers {
  web: string | null;
  preview: string | null;
  api: string | null;
  cms: string | null;
  iis: string | null;
  iisPreview: string | null;
}

/** Delivery API settings as shown to developers: never the access token itself. */
export interface DeliveryApiSettings {
  /** The platform's address; `null` in the public view (an internal address). */
  rootUrl: string | null;
  projectId: string;
  language: string;
  /** Whether a delivery access token is configured (its value is never shown). */
  accessToken: 'configured' | 'missing';
  /** Whether a preview (latest) token is configured. */
  previewToken: 'configured' | 'missing';
  /** Most responses the server-side delivery cache holds (0 = no cache). */
  cacheEntries: number;
  /** Seconds a cached response is reused. */
  cacheSeconds: number;
}

/**
 * How much the version information shows: everything on internal hosts (localhost, `preview-`,
 * `cms-`, `api-`) and to signed-in editors, the public part elsewhere (see {@link publicVersionInfo}).
 */
export type VersionDetail = 'full' | 'public';

/**
 * Everything the version information page lists (website spec §2). It never holds a secret;
 * on live hosts it is cut down to its public part ({@link publicVersionInfo}).
 */
export interface VersionInfo {
  /** `public` when exact versions, the build and internal addresses were left out. */
  detail: VersionDetail;
  packageName: string;
  /** `null` in the public view. */
  packageVersion: string | null;
  repository: string | null;
  pipelineUrl: string | null;
  commitRef: string | null;
  commitUrl: string | null;
  buildNo: string | null;
  project: string;
  /** The content version status of the request that asked (green when published). */
  contentVersionStatus: VersionStatus;
  environmentAlias: string | null;
  publicUri: string | null;
  /** Versions of the framework and platform packages the site runs on. */
  packageVersions: Record<string, string>;
  servers: VersionServers;
  reverseProxyPaths: string[];
  projects: { id: string; publicUri: string | null }[];
  deliveryApi: DeliveryApiSettings;
  proxyDeliveryApi: boolean;
  disableInlineState: boolean;
  /** `NODE_ENV`, e.g. `production`. */
  environment: string;
}

/** What {@link buildVersionInfo} is made from. */
export interface VersionInfoInput extends Omit<VersionInfo, 'commitUrl' | 'contentVersionStatus' | 'detail'> {
  commitUrl?: string | null;
}

/**
 * The version information of a site, with a commit link derived from the repository when
 * none is given, the content version status of the current request, and the environment
 * alias: the configured one, else the alias of the request's host (`preview-{alias}`,
 * `live-{alias}` …, see `hostEnvironment`).
 *
 * @example
 * buildVersionInfo({ ...input, repository: 'https://github.com/acme/site', commitRef: 'abc123' }, 'published').commitUrl;
 * // 'https://github.com/acme/site/commit/abc123'
 */
export function buildVersionInfo(
  input: VersionInfoInput,
  contentVersionStatus: VersionStatus,
  hostAlias: string | null = null,
): VersionInfo {
  return {
    detail: 'full',
    ...input,
    commitUrl: input.commitUrl ?? commitLink(input.repository, input.commitRef),
    contentVersionStatus,
    environmentAlias: input.environmentAlias ?? hostAlias,
  };
}

/**
 * The part of the version information a live host shows to anyone: what the site is and how
 * it is set up, without what helps an attacker: exact package versions, the repository,
 * pipeline, commit and build, and internal addresses (servers other than the public one, the
 * platform's URL).
 *
 * @example
 * publicVersionInfo(info).servers.api; // null
 * publicVersionInfo(info).packageVersions; // {}
 */
export function publicVersionInfo(info: VersionInfo): VersionInfo {
  return {
    ...info,
    detail: 'public',
    packageVersion: null,
    repository: null,
    pipelineUrl: null,
    commitRef: null,
    commitUrl: null,
    buildNo: null,
    packageVersions: {},
    servers: { web: info.publicUri, preview: null, api: null, cms: null, iis: null, iisPreview: null },
    deliveryApi: { ...info.deliveryApi, rootUrl: null },
  };
}

/** A web link to a commit for https repository URLs (`git+https://…/x.git` included), else `null`. */
export function commitLink(repository: string | null, commitRef: string | null): string | null {
  if (!repository || !commitRef) return null;
  const web = repository.replace(/^git\+/, '').replace(/\.git$/, '');
  return /^https?:\/\//.test(web)
    ? `${web.replace(/\/+$/, '')}/commit/${encodeURIComponent(commitRef)}`
    : null;
}

/** Whether a status shows green on the page: published content, production runtime. */
export function isGreen(item: 'contentVersionStatus' | 'environment', info: VersionInfo): boolean {
  return item === 'contentVersionStatus'
    ? info.contentVersionStatus === 'published'
    : info.environment === 'production';
}
