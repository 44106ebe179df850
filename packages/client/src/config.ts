import type { ResponseCache } from './cache/response-cache.js';
import type { VersionStatus } from './delivery/models.js';
import type { ResponseHandlers } from './http/http-client.js';

/** How a client authenticates (contract §3.1). */
export type ClientType =
  | 'none'
  | 'client_credentials'
  | 'contensis_classic'
  | 'contensis_classic_refresh_token';

/** Client id and secret for the `client_credentials` grant. */
export interface ClientCredentialsGrant {
  clientId: string;
  clientSecret: string;
}

/** Username and password for the `contensis_classic` grant. */
export interface ClassicGrant {
  username: string;
  password: string;
}

/** A refresh token for the `contensis_classic_refresh_token` grant. */
export interface ClassicRefreshTokenGrant {
  refreshToken: string;
}

/** Credentials matching a {@link ClientType}. */
export type ClientDetails = ClientCredentialsGrant | ClassicGrant | ClassicRefreshTokenGrant;

/**
 * Client configuration (contract §6.1). Every value may also be set once for all clients with
 * `Client.configure`; an instance value wins when it is truthy.
 *
 * @example
 * const client = Client.create({
 *   rootUrl: 'http://127.0.0.1:3001',
 *   projectId: 'website',
 *   accessToken: process.env.DELIVERY_TOKEN,
 *   language: 'en-GB',
 * });
 */
export interface ClientConfig {
  /** Origin of the platform; trailing slashes are removed. Empty means same origin (browser only). */
  rootUrl?: string | null;
  /** The project every call addresses. */
  projectId?: string | null;
  /** Delivery access token, sent as the `accessToken` header. */
  accessToken?: string | null;
  /** Authentication grant; `none` requires an `accessToken`. */
  clientType?: ClientType | null;
  /** Credentials for `clientType`. */
  clientDetails?: ClientDetails | null;
  /** Headers added to every request unless the request sets them. */
  defaultHeaders?: Record<string, string> | null;
  /** Language sent when a call names none. */
  language?: string | null;
  /** `published` (default) or `latest` for preview. */
  versionStatus?: VersionStatus | null;
  /** Page size of list calls and of plain-object searches without one (default 25). */
  pageSize?: number | null;
  /** Handlers by status code (contract §6.5). */
  responseHandler?: ResponseHandlers | null;
  /** The fetch implementation (default: the global `fetch`). */
  fetchFn?: typeof fetch | null;
  /** Request timeout in milliseconds (default 30 000; 0 disables). */
  timeout?: number | null;
  /** A response cache shared by the delivery calls of this client (see `ResponseCache`). */
  cache?: ResponseCache | null;
  /**
   * A search whose GET URL (path and query, without the root URL) would be longer than this
   * is sent as POST (default 8000, contract §6.6).
   */
  searchUrlLimit?: number | null;
  /** The same limit in Internet Explorer 11 and older (default 2083). */
  oldBrowserSearchUrlLimit?: number | null;
}

/** A configuration with every default applied. */
export interface ResolvedConfig {
  rootUrl: string | null;
  projectId: string | null;
  accessToken: string | null;
  clientType: ClientType | null;
  clientDetails: ClientDetails | null;
  defaultHeaders: Record<string, string> | null;
  language: string | null;
  versionStatus: VersionStatus;
  pageSize: number;
  responseHandler: ResponseHandlers | null;
  fetchFn: typeof fetch | null;
  timeout: number;
  cache: ResponseCache | null;
  searchUrlLimit: number;
  oldBrowserSearchUrlLimit: number;
}

/** Built-in defaults (contract §6.1 and §6.6). */
export const defaultConfig: ResolvedConfig = {
  rootUrl: null,
  projectId: null,
  accessToken: null,
  clientType: null,
  clientDetails: null,
  defaultHeaders: null,
  language: null,
  versionStatus: 'published',
  pageSize: 25,
  responseHandler: null,
  fetchFn: null,
  timeout: 30_000,
  cache: null,
  searchUrlLimit: 8000,
  oldBrowserSearchUrlLimit: 2083,
};

/**
 * Merges configurations per value: the instance value when truthy, else the static default
 * when truthy, else the built-in default (contract §6.1). Falsy values never override, so
 * `timeout: 0` means "use the default"; pass a very large timeout to wait long instead.
 */
export function resolveConfig(instance: ClientConfig, statics: ClientConfig = {}): ResolvedConfig {
  const resolved = { ...defaultConfig } as Record<keyof ResolvedConfig, unknown>;
  for (const key of Object.keys(defaultConfig) as (keyof ResolvedConfig)[]) {
    const own = instance[key];
    const shared = statics[key];
    if (own) resolved[key] = own;
    else if (shared) resolved[key] = shared;
  }
  return resolved as unknown as ResolvedConfig;
}
