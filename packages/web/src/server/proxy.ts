import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Paths of the platform's asset libraries, proxied as they are (website spec §9). */
export const ASSET_PROXY_PATHS = ['/image-library', '/video-library', '/asset-library'] as const;

/** The path of the platform's delivery API, proxied with the token added. */
export const DELIVERY_PROXY_PATH = '/api/delivery';

/** How one request is passed on. */
export interface ProxyOptions {
  /** The platform origin, e.g. `http://127.0.0.1:3001`. */
  origin: string;
  /** Path and query to request there. */
  path: string;
  /** Request headers passed on (lower case); everything else, cookies included, stays here. */
  requestHeaders: readonly string[];
  /** Response headers passed back (lower case). */
  responseHeaders: readonly string[];
  /** Headers added upstream (the access token). */
  addHeaders?: Record<string, string>;
  /** Headers added to the answer, or a function of the upstream status that gives them. */
  replyHeaders?: Record<string, string> | ((status: number) => Record<string, string>);
  timeoutMs?: number;
  /** The fetch that reaches the platform (default the global one): the server's own pool. */
  fetchFn?: typeof fetch;
}

/** Request headers an asset request passes on: content negotiation, ranges and revalidation. */
export const ASSET_REQUEST_HEADERS = ['accept', 'range', 'if-range', 'if-none-match', 'if-modified-since'];

/** Response headers of an asset passed back. */
export const ASSET_RESPONSE_HEADERS = [
  'content-type',
  'content-length',
  'content-range',
  'accept-ranges',
  'etag',
  'last-modified',
  'cache-control',
  'content-disposition',
  'content-security-policy',
];

/** Request headers a delivery API call passes on. */
export const DELIVERY_REQUEST_HEADERS = ['accept', 'content-type', 'if-none-match'];

/** Response headers of a delivery API call passed back. */
export const DELIVERY_RESPONSE_HEADERS = ['content-type', 'content-length', 'etag', 'last-modified'];

/**
 * A CSP for proxied files: an SVG opened directly would otherwise run its scripts with the
 * site's origin.
 */
export const ASSET_CONTENT_SECURITY_POLICY =
  "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox";

/**
 * Passes a request to the platform and streams the answer back. Only listed headers cross in
 * either direction, so visitors' cookies never reach the platform and the platform's cookies
 * never reach visitors. An unreachable platform is a 502 with a short text.
 */
export async function proxyRequest(
  request: FastifyRequest,
  reply: FastifyReply,
  options: ProxyOptions,
): Promise<FastifyReply> {
  const headers = new Headers();
  for (const name of options.requestHeaders) {
    const value = request.headers[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  // Compressed upstream bodies would be decoded by fetch but keep their length header.
  headers.set('accept-encoding', 'identity');
  for (const [name, value] of Object.entries(options.addHeaders ?? {})) headers.set(name, value);

  const init: RequestInit & { duplex?: 'half' } = {
    method: request.method,
    headers,
    redirect: 'manual',
    signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
  };
  if (request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined) {
    init.body = Buffer.isBuffer(request.body) ? new Uint8Array(request.body) : String(request.body);
  }

  let response: Response;
  try {
    response = await (options.fetchFn ?? fetch)(`${options.origin}${options.path}`, init);
  } catch (error) {
    request.log.warn({ err: error, path: options.path }, 'The platform did not answer a proxied request');
    return platformUnreachable(reply);
  }

  reply.code(response.status);
  for (const name of options.responseHeaders) {
    const value = response.headers.get(name);
    if (value !== null) reply.header(name, value);
  }
  const added =
    typeof options.replyHeaders === 'function' ? options.replyHeaders(response.status) : options.replyHeaders;
  for (const [name, value] of Object.entries(added ?? {})) reply.header(name, value);
  if (!response.body || request.method === 'HEAD') return reply.send();
  return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
}

/** The proxies' answer when the platform cannot be reached: a 502 with a short text, never kept. */
export function platformUnreachable(reply: FastifyReply): FastifyReply {
  return reply
    .code(502)
    .header('content-type', 'text/plain; charset=utf-8')
    .header('cache-control', 'no-store')
    .send('The content platform is not available. Please try again shortly.');
}

/**
 * The upstream path of a delivery API call, when it addresses the site's own project:
 * `/api/delivery/projects/{projectId}[/…]`, with any `accessToken` parameter removed (only
 * the server's token is ever sent). Other projects are refused with `null`.
 *
 * @example
 * deliveryProxyPath('/api/delivery/projects/website/nodes/root?accessToken=x&depth=2', 'website');
 * // '/api/delivery/projects/website/nodes/root?depth=2'
 */
export function deliveryProxyPath(url: string, projectId: string): string | null {
  const parsed = new URL(url, 'http://site.invalid');
  const prefix = `${DELIVERY_PROXY_PATH}/projects/${encodeURIComponent(projectId)}`;
  const path = parsed.pathname;
  if (
    path.toLowerCase() !== prefix.toLowerCase() &&
    !path.toLowerCase().startsWith(`${prefix.toLowerCase()}/`)
  ) {
    return null;
  }
  for (const key of [...parsed.searchParams.keys()]) {
    if (key.toLowerCase() === 'accesstoken') parsed.searchParams.delete(key);
  }
  return `${path}${parsed.search}`;
}
