import type { FastifyReply, FastifyRequest } from 'fastify';
import { statusText } from '../routing/not-found.js';
import { describeError } from '../routing/route-data.js';
import { pageCacheHeaders } from './cache-headers.js';
import {
  clientErrorPage,
  DEFAULT_PLACE,
  type FallbackPlace,
  serverErrorPage,
  unavailablePage,
} from './error-pages.js';
import { type PageHandlerContext, requestLogger, sessionOf } from './page-handler.js';
import { createNonce } from './security-headers.js';

/**
 * Answers a client error (4xx) with the site's own error page (see {@link sendErrorPage}).
 *
 * @example
 * return sendClientError(context, request, reply, 405, { allow: 'GET, HEAD' });
 */
export function sendClientError(
  context: PageHandlerContext,
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  headers: Record<string, string> = {},
): Promise<FastifyReply> {
  return sendErrorPage(context, request, reply, status, headers);
}

/**
 * Answers an error status with the site's own error page: its layout, navigation and
 * not-found component showing the status, rendered without scripts (nothing to hydrate, so a
 * malformed address cannot trip the browser's router), with the page security headers. When
 * the site cannot render it (the layout itself failing, say), a plain page for the status
 * with the same headers. Neither names the error: the caller has logged it.
 *
 * @example
 * return sendErrorPage(context, request, reply, 500);
 */
export async function sendErrorPage(
  context: PageHandlerContext,
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  headers: Record<string, string> = {},
): Promise<FastifyReply> {
  const nonce = createNonce();
  const base = () =>
    reply
      .code(status)
      .headers(pageCacheHeaders({ status, surrogateKeys: [] }, context.cachePolicy))
      .headers(headers)
      .header('content-type', 'text/html; charset=utf-8');
  try {
    const renderer = await context.source.renderer();
    const session = await sessionOf(context, request);
    const policy = context.policyFor(request, session);
    const assets = await context.source.assets(request.url);
    const result = await renderer.render({
      url: renderableUrl(request.url),
      hostname: request.hostname,
      origin: context.publicOrigin(request),
      format: 'html',
      nonce,
      session,
      versionStatus: policy.versionStatus,
      canPreview: policy.canPreview,
      build: context.build(policy),
      delivery: context.delivery(policy),
      versionInfo: () => context.versionInfo(policy),
      assets: { ...assets, entryModule: null, preloadModules: [], inlineModules: [], headModules: [] },
      inlineState: false,
      logger: requestLogger(request),
      errorStatus: status,
    });
    if (result.kind === 'html') {
      const personal = session !== null || policy.versionStatus === 'latest';
      return base()
        .headers(context.security.withNonce(nonce))
        .headers(personal ? pageCacheHeaders({ status, surrogateKeys: [], uncacheable: true }) : {})
        .send(result.body);
    }
  } catch (error) {
    request.log.error({ error: describeError(error) }, `Rendering the ${status} page failed`);
  }
  const place = context.fallbackPlace?.(request) ?? DEFAULT_PLACE;
  return base()
    .headers(context.security.plain)
    .send(plainErrorPage(context.siteName(), status, place));
}

/** The plain page of a status, for when the site cannot render its own, in the page's language. */
function plainErrorPage(siteName: string, status: number, place: FallbackPlace): string {
  if (status === 503) return unavailablePage(siteName, place);
  return status >= 500 ? serverErrorPage(siteName, place) : clientErrorPage(siteName, status, place);
}

/**
 * The address to render an error page at: the request's, or the home page's when it cannot be
 * decoded (the router would fail on it).
 */
export function renderableUrl(url: string): string {
  try {
    decodeURIComponent(url);
    return url;
  } catch {
    return '/';
  }
}

/** Methods in the order an `Allow` header lists them. */
const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** A route as registered: its URL pattern and methods. */
export interface RegisteredRoute {
  url: string;
  methods: readonly string[];
}

/**
 * The methods some route answers at `path`, for the `Allow` header of a 405: routes' static
 * segments, `:parameters` and a trailing `*` are matched; HEAD goes with GET (Fastify adds it).
 *
 * @example
 * allowedMethods([{ url: '/*', methods: ['GET'] }, { url: '/api/*', methods: ['POST'] }], '/api/x');
 * // ['GET', 'HEAD', 'POST']
 */
export function allowedMethods(routes: readonly RegisteredRoute[], path: string): string[] {
  const allowed = new Set<string>();
  for (const route of routes) {
    if (!routePattern(route.url).test(path)) continue;
    for (const method of route.methods) allowed.add(method.toUpperCase());
  }
  if (allowed.has('GET')) allowed.add('HEAD');
  return [...allowed].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : 1));
}

function rank(method: string): number {
  const index = METHOD_ORDER.indexOf(method);
  return index === -1 ? METHOD_ORDER.length : index;
}

const patterns = new Map<string, RegExp>();

function routePattern(url: string): RegExp {
  let pattern = patterns.get(url);
  if (!pattern) {
    const source = url
      .split('/')
      .map((segment) =>
        segment === '*'
          ? '.*'
          : segment.startsWith(':')
            ? '[^/]+'
            : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\*$/, '.*'),
      )
      .join('/');
    pattern = new RegExp(`^${source}$`);
    patterns.set(url, pattern);
  }
  return pattern;
}

/** The reason phrase of a status, for logs. */
export function describeStatus(status: number): string {
  return `${status} ${statusText(status)}`.trim();
}
