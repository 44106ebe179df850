import type { VersionStatus } from '../routing/version-status.js';

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
  rootUrl: string;
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
 * Everything the version information page lists (website spec §2). It holds no secret: it is
 * served to anyone at `/version` and `/__version__`.
 */
export interface VersionInfo {
  packageName: string;
  packageVersion: string;
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
export interface VersionInfoInput extends Omit<VersionInfo, 'commitUrl' | 'contentVersionStatus'> {
  commitUrl?: string | null;
}

/**
 * The version information of a site, with a commit link derived from the repository when
 * none is given, and the content version status of the current request.
 *
 * @example
 * buildVersionInfo({ ...input, repository: 'https://github.com/acme/site', commitRef: 'abc123' }, 'published').commitUrl;
 * // 'https://github.com/acme/site/commit/abc123'
 */
export function buildVersionInfo(input: VersionInfoInput, contentVersionStatus: VersionStatus): VersionInfo {
  return {
    ...input,
    commitUrl: input.commitUrl ?? commitLink(input.repository, input.commitRef),
    contentVersionStatus,
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
