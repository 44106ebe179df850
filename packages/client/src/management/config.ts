import type { CredentialsSeed } from '../auth/credentials.js';
import type { ClientConfig, ClientDetails, ClientType } from '../config.js';
import type { VersionStatus } from '../delivery/models.js';
import type { ResponseHandlers } from '../http/http-client.js';

/**
 * Management client configuration (contract §6.1): the delivery settings without an access
 * token (the management API takes only bearer tokens) or response cache, plus stored
 * credentials. `versionStatus` defaults to `latest`.
 *
 * @example
 * const config: ManagementClientConfig = {
 *   rootUrl: 'http://127.0.0.1:3001',
 *   projectId: 'website',
 *   clientType: 'client_credentials',
 *   clientDetails: { clientId: process.env.CLIENT_ID!, clientSecret: process.env.CLIENT_SECRET! },
 * };
 */
export interface ManagementClientConfig
  extends Omit<ClientConfig, 'accessToken' | 'cache' | 'searchUrlLimit' | 'versionStatus'> {
  /** `latest` (default) or `published`; only `published` is ever sent. */
  versionStatus?: VersionStatus | null;
  /** Page index of list calls that name none (default 0), as in the official SDK. */
  pageIndex?: number | null;
  /**
   * Tokens from an earlier session, e.g. kept server-side by the site between requests. A bearer
   * token that is still valid is used without a token request.
   */
  credentials?: CredentialsSeed | null;
}

/** A management configuration with every default applied. */
export interface ResolvedManagementConfig {
  rootUrl: string | null;
  projectId: string | null;
  clientType: ClientType | null;
  clientDetails: ClientDetails | null;
  credentials: CredentialsSeed | null;
  defaultHeaders: Record<string, string> | null;
  language: string | null;
  versionStatus: VersionStatus;
  pageIndex: number;
  pageSize: number;
  responseHandler: ResponseHandlers | null;
  fetchFn: typeof fetch | null;
  timeout: number;
  oldBrowserSearchUrlLimit: number;
}

/** Built-in management defaults (contract §4.1, §6.1). */
export const defaultManagementConfig: ResolvedManagementConfig = {
  rootUrl: null,
  projectId: null,
  clientType: null,
  clientDetails: null,
  credentials: null,
  defaultHeaders: null,
  language: null,
  versionStatus: 'latest',
  pageIndex: 0,
  pageSize: 25,
  responseHandler: null,
  fetchFn: null,
  timeout: 30_000,
  oldBrowserSearchUrlLimit: 2083,
};

/**
 * Merges per value as the delivery client does: the instance value when truthy, else the static
 * default when truthy, else the built-in default.
 */
export function resolveManagementConfig(
  instance: ManagementClientConfig,
  statics: ManagementClientConfig = {},
): ResolvedManagementConfig {
  const resolved = { ...defaultManagementConfig } as Record<keyof ResolvedManagementConfig, unknown>;
  for (const key of Object.keys(defaultManagementConfig) as (keyof ResolvedManagementConfig)[]) {
    const own = instance[key];
    const shared = statics[key];
    if (own) resolved[key] = own;
    else if (shared) resolved[key] = shared;
  }
  return resolved as unknown as ResolvedManagementConfig;
}
