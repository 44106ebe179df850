import type { VersionStatus } from '../delivery/models.js';
import { isBrowser } from '../http/environment.js';
import type { HttpClient, HttpMethod } from '../http/http-client.js';
import { HttpMessages } from '../http/messages.js';
import { RequestError } from '../http/request-error.js';
import { encodeSegment, type QueryValue, queryString } from '../http/url.js';
import type { ResolvedManagementConfig } from './config.js';
import { ManagementMessages } from './messages.js';

/** What every management and security operation needs. */
export interface ManagementContext {
  readonly http: HttpClient;
  readonly config: ResolvedManagementConfig;
  /** Authorisation headers for requests made outside `http` (event stream, membership checks). */
  authorizationHeaders(): Promise<Record<string, string>>;
}

/** Page options of list calls. */
export interface PageOptions {
  pageIndex?: number;
  pageSize?: number;
}

/** One request of an operation. */
export interface ManagementRequest {
  method?: HttpMethod;
  params?: Record<string, QueryValue>;
  body?: unknown;
  contentType?: string;
}

/** `/api/management/projects`: the project collection. */
export const PROJECTS_ROOT = '/api/management/projects';

/** `/api/security`: users and groups (not project scoped). */
export const SECURITY_ROOT = '/api/security';

/** The project-scoped root `P` = `/api/management/projects/{projectId}` (contract §4.1). */
export function projectRoot(context: ManagementContext): string {
  const projectId = context.config.projectId;
  if (!projectId) throw new Error(ManagementMessages.projectId);
  return `${PROJECTS_ROOT}/${encodeSegment(projectId)}`;
}

/** Sends a request to an absolute API path (no root URL) with its sorted, encoded parameters. */
export function send<T>(
  context: ManagementContext,
  path: string,
  request: ManagementRequest = {},
): Promise<T> {
  const { method = 'GET', params = {}, body, contentType } = request;
  return context.http.request<T>(`${path}${queryString(params)}`, {
    method,
    ...(body === undefined ? {} : { body }),
    ...(contentType ? { contentType } : {}),
  });
}

/** Sends a request to a path under the project root `P`. */
export function sendToProject<T>(
  context: ManagementContext,
  path: string,
  request: ManagementRequest = {},
): Promise<T> {
  return send<T>(context, `${projectRoot(context)}${path}`, request);
}

/** The language to send: the call's, else the configured one, else none. */
export function languageOf(context: ManagementContext, language?: string | null): string | null {
  return language || context.config.language || null;
}

/**
 * The `versionStatus` parameter of most management reads: `latest` is the server default there,
 * so only `published` is ever sent (contract §4.1).
 */
export function publishedOnly(
  context: ManagementContext,
  versionStatus?: VersionStatus | null,
): 'published' | null {
  return (versionStatus || context.config.versionStatus) === 'published' ? 'published' : null;
}

/**
 * `pageIndex` and `pageSize` of a list call, with the configured ones as the defaults. An explicit
 * `pageIndex: 0` asks for the first page even when the client's default is another page (the
 * official SDK reads 0 as "not set" and sends the client's page).
 */
export function pageParams(
  context: ManagementContext,
  pageOptions?: PageOptions | null,
): { pageIndex: number; pageSize: number } {
  const pageIndex = pageOptions?.pageIndex;
  return {
    pageIndex: typeof pageIndex === 'number' ? pageIndex : context.config.pageIndex,
    pageSize: pageOptions?.pageSize || context.config.pageSize,
  };
}

// The delivery client's id check serves the management and security calls too.
export { isNonEmptyString } from '../delivery/context.js';

/**
 * Sends an authorised request with `fetch` itself rather than through `http`, for the calls whose
 * response must not go through the JSON parser or the response handlers: the event stream and the
 * HEAD membership checks. The timeout covers only the wait for the response headers.
 */
export async function authorizedFetch(
  context: ManagementContext,
  pathAndQuery: string,
  init: { method: HttpMethod; body?: string; accept?: string; signal?: AbortSignal },
): Promise<Response> {
  const auth = await context.authorizationHeaders();
  const root = context.http.rootUrl;
  if (!root && !isBrowser()) throw new Error(HttpMessages.relativeRootUrl);
  const url = context.http.url(pathAndQuery);
  const headers: Record<string, string> = {
    Accept: init.accept ?? 'application/json',
    'Content-Type': 'application/json',
    ...auth,
  };
  const present = new Set(Object.keys(headers).map((name) => name.toLowerCase()));
  for (const [name, value] of Object.entries(context.config.defaultHeaders ?? {})) {
    if (!present.has(name.toLowerCase())) headers[name] = value;
  }

  const controller = new AbortController();
  const onAbort = () => controller.abort();
  if (init.signal?.aborted) controller.abort();
  init.signal?.addEventListener('abort', onAbort, { once: true });
  let timedOut = false;
  const timeout = context.config.timeout;
  const timer =
    timeout > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeout)
      : undefined;
  try {
    const request: RequestInit = { method: init.method, headers, signal: controller.signal };
    if (init.body !== undefined) request.body = init.body;
    if (root && isBrowser()) request.mode = 'cors';
    return await (context.config.fetchFn ?? globalThis.fetch)(url, request);
  } catch (error) {
    if (timedOut) throw new RequestError('timeout', url, error);
    if (init.signal?.aborted) throw new RequestError('aborted', url, error);
    throw new RequestError('network', url, error);
  } finally {
    // Only the timer ends here: the caller's signal must keep aborting a stream's body.
    if (timer) clearTimeout(timer);
  }
}
