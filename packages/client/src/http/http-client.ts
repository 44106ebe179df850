import type { ResponseCache } from '../cache/response-cache.js';
import { ApiError, type ResponseContext } from './api-error.js';
import { isBrowser } from './environment.js';
import { HttpMessages } from './messages.js';
import { RequestError } from './request-error.js';
import { trimRootUrl } from './url.js';

/**
 * Called with a response and its context. For a 2xx response the return value is ignored;
 * for any other status it becomes the result of the call (return a rejected promise to fail).
 */
export type ResponseHandler = (response: Response, context: ResponseContext) => unknown;

/** Handlers by status code, with `'*'` for every status that has no handler of its own. */
export type ResponseHandlers = Partial<Record<number | '*', ResponseHandler>>;

/** Headers a request needs for authorisation, produced just before it is sent. */
export type AuthorizeFn = () => Record<string, string> | Promise<Record<string, string>>;

/** How an {@link HttpClient} talks to the platform. */
export interface HttpClientOptions {
  /** Absolute origin of the platform, e.g. `https://cms.example.com`; empty means same origin (browser only). */
  rootUrl?: string | null;
  /** The fetch implementation; defaults to the global `fetch`. */
  fetchFn?: typeof fetch | null;
  /** Added to every request unless the request already has that header. */
  defaultHeaders?: Record<string, string> | null;
  /** Per-status handlers (contract §6.4–6.5). */
  responseHandler?: ResponseHandlers | null;
  /** Milliseconds before a request is abandoned with 'Network request timed out'; 0 disables. */
  timeout?: number;
  /** Supplies authorisation headers (an access token, a bearer token) before each request. */
  authorize?: AuthorizeFn;
  /** Caches the responses of requests marked `cacheable`. */
  cache?: ResponseCache | null;
}

/** HTTP methods the platform's APIs use. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';

/** One request. */
export interface RequestOptions {
  method?: HttpMethod;
  /** Serialised as JSON unless it is a string, `URLSearchParams` or `FormData`. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Content-Type for this request; `application/json` by default. */
  contentType?: string;
  /** Abort the request from outside; it then rejects with 'Aborted'. */
  signal?: AbortSignal;
  /** Overrides the client's timeout for this request. */
  timeout?: number;
  /** Whether the response may come from, and go into, the client's response cache. */
  cacheable?: boolean;
}

/** Default request timeout: long enough for a slow search, short enough to free a stuck page. */
export const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * The fetch wrapper every API client is built on: it joins the root URL and the path, adds the
 * JSON and authorisation headers, parses the body (an empty body is `{}`), rejects a non-2xx
 * response with an {@link ApiError} unless a response handler takes it, and turns network
 * failures, timeouts and aborts into a {@link RequestError}.
 *
 * @example
 * const http = new HttpClient({ rootUrl: 'http://127.0.0.1:3001', authorize: () => ({ accessToken: 'x' }) });
 * const project = await http.request('/api/delivery/projects/website');
 */
export class HttpClient {
  readonly rootUrl: string;
  private readonly options: HttpClientOptions;

  constructor(options: HttpClientOptions = {}) {
    this.options = options;
    this.rootUrl = trimRootUrl(options.rootUrl);
  }

  /** The URL a path resolves to (relative when no root URL is configured). */
  url(pathAndQuery: string): string {
    return `${this.rootUrl}${pathAndQuery}`;
  }

  /**
   * Sends a request to `pathAndQuery` (which starts with `/`) and resolves with the parsed JSON.
   */
  async request<T = unknown>(pathAndQuery: string, options: RequestOptions = {}): Promise<T> {
    const authHeaders = this.options.authorize ? await this.options.authorize() : {};
    // Configuration is checked after the authorisation step, as the contract's clients do
    // (§5.3), so both kinds of failure surface as a rejected promise.
    if (!this.rootUrl && !isBrowser()) throw new Error(HttpMessages.relativeRootUrl);

    const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
    const url = this.url(pathAndQuery);
    const body = serialiseBody(options.body);
    const cache = options.cacheable ? this.options.cache : null;
    if (!cache) return this.send<T>(url, method, body, authHeaders, options);

    const key = `${method} ${url}${typeof body === 'string' ? `\n${body}` : ''}`;
    const cached = cache.get(key);
    if (cached) return cached as Promise<T>;
    const pending = this.send<T>(url, method, body, authHeaders, options);
    cache.set(key, pending);
    return pending;
  }

  private async send<T>(
    url: string,
    method: HttpMethod,
    body: BodyInit | undefined,
    authHeaders: Record<string, string>,
    options: RequestOptions,
  ): Promise<T> {
    const headers = this.headers(authHeaders, options);
    const fetchFn = this.options.fetchFn ?? globalThis.fetch;
    const controller = new AbortController();
    const timeout = options.timeout ?? this.options.timeout ?? DEFAULT_TIMEOUT_MS;
    let timedOut = false;
    const timer =
      timeout > 0
        ? setTimeout(() => {
            timedOut = true;
            controller.abort();
          }, timeout)
        : undefined;
    const onAbort = () => controller.abort();
    if (options.signal?.aborted) controller.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });

    const failure = (error: unknown) => {
      if (timedOut) return new RequestError('timeout', url, error);
      if (options.signal?.aborted) return new RequestError('aborted', url, error);
      return new RequestError('network', url, error);
    };

    try {
      let response: Response;
      let text: string;
      try {
        const init: RequestInit = { method, headers, signal: controller.signal };
        if (body !== undefined) init.body = body;
        if (this.rootUrl && isBrowser()) init.mode = 'cors';
        response = await fetchFn(url, init);
        // The timer keeps running while the body streams in: a stalled body also times out.
        text = method === 'HEAD' || response.status === 204 ? '' : await response.text();
      } catch (error) {
        throw failure(error);
      }
      return this.handle<T>(response, url, text);
    } finally {
      if (timer) clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    }
  }

  private headers(authHeaders: Record<string, string>, options: RequestOptions): Record<string, string> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Content-Type': options.contentType ?? 'application/json',
      ...authHeaders,
      ...options.headers,
    };
    if (options.body instanceof FormData) delete headers['Content-Type'];
    const present = new Set(Object.keys(headers).map((name) => name.toLowerCase()));
    for (const [name, value] of Object.entries(this.options.defaultHeaders ?? {})) {
      if (!present.has(name.toLowerCase())) headers[name] = value;
    }
    return headers;
  }

  private async handle<T>(response: Response, requestUrl: string, text: string): Promise<T> {
    const handlers = this.options.responseHandler;
    const handler = handlers?.[response.status] ?? handlers?.['*'];
    const context: ResponseContext = {
      status: response.status,
      statusText: response.statusText,
      url: response.url || requestUrl,
      data: null,
    };
    let parsed: unknown;
    let parseFailed = false;
    try {
      parsed = text === '' ? {} : JSON.parse(text);
      context.data = parsed;
    } catch (error) {
      parseFailed = true;
      context.data = error;
    }
    if (response.ok && !parseFailed) {
      if (handler) await handler(response, context);
      return parsed as T;
    }
    if (handler) return (await handler(response, context)) as T;
    throw new ApiError(context);
  }
}

function serialiseBody(body: unknown): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (typeof body === 'string' || body instanceof URLSearchParams || body instanceof FormData) return body;
  return JSON.stringify(body);
}
