import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DeliveryAccessOptions } from '../delivery/delivery-access.js';
import { describeError } from '../routing/route-data.js';
import { sameSitePath } from '../routing/same-site.js';
import { splitUrl, trailingSlashRedirect, withoutQueryParameter } from '../routing/trailing-slash.js';
import type { SiteLogger } from '../state/services.js';
import type { GetSession, Session } from '../user/session.js';
import type { VersionInfo } from '../version/version-info.js';
import { type CachePolicy, pageCacheHeaders } from './cache-headers.js';
import { serverErrorPage, unavailablePage } from './error-pages.js';
import { notModified, pageEtag } from './page-etag.js';
import type { RendererSource } from './renderer-source.js';
import type { RequestPolicy } from './request-policy.js';
import { createNonce, type PreparedSecurityHeaders } from './security-headers.js';

/** Seconds a visitor (or a load balancer) should wait before retrying a 503. */
export const RETRY_AFTER_SECONDS = 30;

/** What the page handler needs from the server. */
export interface PageHandlerContext {
  source: RendererSource;
  /** Platform access for a request; tokens stay on the server. */
  delivery: (policy: RequestPolicy) => DeliveryAccessOptions;
  versionInfo: (policy: RequestPolicy) => VersionInfo;
  policyFor: (request: FastifyRequest, session: Session | null) => RequestPolicy;
  getSession: GetSession;
  cachePolicy: CachePolicy;
  security: PreparedSecurityHeaders;
  inlineState: boolean;
  build: { commitRef: string | null; buildNo: string | null };
  siteName: () => string;
}

/** A {@link SiteLogger} writing to the request's log. */
export function requestLogger(request: FastifyRequest): SiteLogger {
  return {
    info: (message, details) => request.log.info(details ?? {}, message),
    warn: (message, details) => request.log.warn(details ?? {}, message),
    error: (message, details) => request.log.error(details ?? {}, message),
  };
}

/** Reads the session, treating a failing session store as "not signed in". */
export async function readSession(getSession: GetSession, request: FastifyRequest): Promise<Session | null> {
  try {
    return (
      (await getSession({ headers: request.headers, url: request.url, hostname: request.hostname })) ?? null
    );
  } catch (error) {
    request.log.error({ error: describeError(error) }, 'Reading the session failed');
    return null;
  }
}

/**
 * One page request (ARCHITECTURE.md, steps 2–8): the trailing-slash redirect before anything
 * is loaded, then the session, the version policy and a nonce, then the renderer, whose
 * outcome becomes the response with its status, cache and security headers. Stack traces go
 * to the log only.
 */
export async function handlePage(
  context: PageHandlerContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const logger = requestLogger(request);
  try {
    const renderer = await context.source.renderer();
    const redirect = trailingSlashRedirect(request.url, renderer.settings.trailingSlashRedirectStatus);
    if (redirect) {
      return reply
        .code(redirect.status)
        .headers(context.security.plain)
        .headers(pageCacheHeaders({ status: redirect.status, surrogateKeys: [] }, context.cachePolicy))
        .header('location', redirect.location)
        .send();
    }

    const { pathname, rest } = splitUrl(request.url);
    const query = rest.split('#')[0] ?? '';
    const format = new URLSearchParams(query).get('redux') === 'true' ? 'json' : 'html';
    const session = await readSession(context.getSession, request);
    const policy = context.policyFor(request, session);
    const nonce = createNonce();
    const controller = new AbortController();
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) controller.abort();
    });

    const result = await renderer.render({
      url: `${pathname}${withoutQueryParameter(query, 'redux')}`,
      hostname: request.hostname,
      format,
      nonce,
      session,
      versionStatus: policy.versionStatus,
      canPreview: policy.canPreview,
      build: context.build,
      delivery: context.delivery(policy),
      versionInfo: () => context.versionInfo(policy),
      assets: await context.source.assets(request.url),
      inlineState: context.inlineState,
      logger,
      signal: controller.signal,
    });

    const personal = session !== null || policy.versionStatus === 'latest';
    reply.headers(context.security.withNonce(nonce));
    switch (result.kind) {
      case 'json':
        return reply
          .code(result.status)
          .headers(pageCacheHeaders({ ...result, uncacheable: personal }, context.cachePolicy))
          .header('content-type', 'application/json; charset=utf-8')
          .send(result.body);
      case 'redirect':
        // Sign-in and access-denied redirects depend on who asks: no shared cache may keep them.
        return reply
          .code(result.status)
          .headers(pageCacheHeaders({ ...result, uncacheable: true }, context.cachePolicy))
          .header('location', sameSitePath(result.location))
          .send();
      case 'unavailable':
        return reply
          .code(503)
          .headers(pageCacheHeaders({ ...result, uncacheable: personal }, context.cachePolicy))
          .header('retry-after', String(RETRY_AFTER_SECONDS))
          .header('content-type', 'text/html; charset=utf-8')
          .send(unavailablePage(context.siteName()));
      case 'error':
        return sendServerError(context, reply, 500);
      case 'html': {
        reply
          .code(result.status)
          .headers(pageCacheHeaders({ ...result, uncacheable: personal }, context.cachePolicy))
          .header('content-type', 'text/html; charset=utf-8');
        // `no-store` pages (signed-in visitors, drafts) are never kept, so never revalidated.
        if (result.status === 200 && !personal && typeof result.body === 'string') {
          const etag = pageEtag(result.body, nonce);
          reply.header('etag', etag);
          if (notModified(request.headers['if-none-match'], etag)) {
            // The browser keeps the copy it has, and with it the CSP whose nonce that copy
            // carries: a new nonce in this answer would block its inline state script.
            return reply.code(304).removeHeader('content-security-policy').send();
          }
        }
        return reply.send(result.body);
      }
    }
  } catch (error) {
    context.source.fixStack(error);
    logger.error(`Page ${request.url} failed`, { error: describeError(error) });
    return sendServerError(context, reply, 500);
  }
}

/** The generic error page, with headers that keep it out of caches for long. */
export function sendServerError(
  context: PageHandlerContext,
  reply: FastifyReply,
  status: number,
): FastifyReply {
  return reply
    .code(status)
    .headers(context.security.plain)
    .headers(pageCacheHeaders({ status, surrogateKeys: [] }, context.cachePolicy))
    .header('content-type', 'text/html; charset=utf-8')
    .send(serverErrorPage(context.siteName(), status));
}

/** The policy inputs of a request. */
export function policyInputs(request: FastifyRequest): { query: string | null } {
  const { rest } = splitUrl(request.url);
  const fromQuery = rest ? new URLSearchParams(rest.split('#')[0]).get('versionStatus') : null;
  const header = request.headers['x-entry-versionstatus'];
  return { query: fromQuery ?? (typeof header === 'string' ? header : null) };
}
