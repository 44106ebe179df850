import type { ResolvedConfig } from '../config.js';
import type { HttpClient, RequestOptions } from '../http/http-client.js';
import { encodeSegment, type QueryValue, queryString } from '../http/url.js';
import { DeliveryMessages } from './messages.js';
import type { VersionStatus } from './models.js';

/** What every delivery operation needs: the HTTP client and the resolved configuration. */
export interface DeliveryContext {
  readonly http: HttpClient;
  readonly config: ResolvedConfig;
}

/** Options every call accepts besides its own. */
export interface CallOptions {
  /** Abort the request. */
  signal?: AbortSignal;
}

/** The delivery API root of the configured project: `/api/delivery/projects/{projectId}`. */
export function projectRoot(context: DeliveryContext): string {
  const projectId = context.config.projectId;
  if (!projectId) throw new Error(DeliveryMessages.projectId);
  return `/api/delivery/projects/${encodeSegment(projectId)}`;
}

/** GETs `path` + parameters under the project root; delivery reads may be cached. */
export function getJson<T>(
  context: DeliveryContext,
  path: string,
  params: Record<string, QueryValue> = {},
  options: CallOptions & Pick<RequestOptions, 'cacheable'> = {},
): Promise<T> {
  const request: RequestOptions = { method: 'GET', cacheable: options.cacheable ?? true };
  if (options.signal) request.signal = options.signal;
  return context.http.request<T>(`${projectRoot(context)}${path}${queryString(params)}`, request);
}

/** The language to send: the call's, else the configured one, else none. */
export function languageOf(context: DeliveryContext, language?: string | null): string | null {
  return language || context.config.language || null;
}

/**
 * The `versionStatus` parameter: only `latest` is ever sent (published is the server default),
 * the call's value winning over the configured one.
 */
export function versionStatusOf(
  context: DeliveryContext,
  versionStatus?: VersionStatus | null,
): 'latest' | null {
  return (versionStatus || context.config.versionStatus) === 'latest' ? 'latest' : null;
}

/** A positive integer parameter, or nothing for 0 / absent (link depths, node depth, start level). */
export function positive(value: number | null | undefined): number | null {
  return typeof value === 'number' && value > 0 ? value : null;
}

/** A `{ path: depth }` map as JSON, or nothing when empty. */
export function depthMap(value: Record<string, number> | null | undefined): string | null {
  return value && Object.keys(value).length > 0 ? JSON.stringify(value) : null;
}

/** A non-empty string, used to validate ids before any request is made. */
export function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}
