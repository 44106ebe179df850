import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ROBOTS_PATH } from '../seo/seo-files.js';
import { SITEMAP_PATH } from '../seo/sitemap.js';
import { pageCacheHeaders } from './cache-headers.js';
import { type PageHandlerContext, RETRY_AFTER_SECONDS, requestLogger } from './page-handler.js';

/**
 * Serves `robots.txt`, `sitemap.xml` and the parts of a sitemap index (`/sitemap-{n}.xml`)
 * from the site's renderer (its `seo` settings and the published content tree), with the
 * page cache headers and the sitemap's surrogate keys. Their absolute addresses use
 * `publicOrigin`, the configured address of the request's host. A platform that cannot be reached gives
 * 503 with `Retry-After`; a part that does not exist the site's 404 page.
 */
export function registerSeoRoutes(
  app: FastifyInstance,
  context: PageHandlerContext,
  publicOrigin: (request: FastifyRequest) => string | null,
): void {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const renderer = await context.source.renderer();
    const origin = publicOrigin(request);
    if (!renderer.renderSeoFile) return context.errorPage(request, reply, 404);
    if (!origin) return context.errorPage(request, reply, 400);
    const controller = new AbortController();
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) controller.abort();
    });
    const result = await renderer.renderSeoFile({
      path: request.url.split('?')[0] ?? request.url,
      hostname: request.hostname,
      origin,
      ...(context.hostOrigins ? { hostOrigins: context.hostOrigins() } : {}),
      // Search engines see what anyone sees: published content, whatever the host.
      delivery: context.delivery({
        canPreview: false,
        versionStatus: 'published',
        showsInternals: false,
        environment: { kind: 'live', alias: null, isLive: true },
      }),
      logger: requestLogger(request),
      signal: controller.signal,
    });
    reply.headers(context.security.plain);
    switch (result.kind) {
      case 'file':
        return reply
          .code(200)
          .headers(
            pageCacheHeaders({ status: 200, surrogateKeys: result.surrogateKeys }, context.cachePolicy),
          )
          .header('content-type', result.contentType)
          .send(result.body);
      case 'notFound':
        return context.errorPage(request, reply, 404);
      case 'unavailable':
      case 'error': {
        const status = result.kind === 'unavailable' ? 503 : 500;
        if (status === 503) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
        return reply
          .code(status)
          .headers(pageCacheHeaders({ status, surrogateKeys: [] }, context.cachePolicy))
          .header('content-type', 'text/plain; charset=utf-8')
          .send(
            status === 503
              ? 'This file cannot be made right now: please try again in a minute or two.\n'
              : 'This file cannot be made right now.\n',
          );
      }
    }
  };
  app.get(ROBOTS_PATH, handler);
  app.get(SITEMAP_PATH, handler);
  app.get('/sitemap-:part.xml', handler);
}
