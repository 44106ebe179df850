import { ApiCallLog } from '../delivery/api-call-log.js';
import { createDeliveryAccess, type DeliveryAccessOptions } from '../delivery/delivery-access.js';
import { languageOriginsOf } from '../i18n/language-origins.js';
import { languagesOfSite } from '../i18n/page-language.js';
import { hostEnvironment } from '../routing/host-environment.js';
import { PREVIEW_PATH } from '../routing/preview.js';
import { describeError } from '../routing/route-data.js';
import { classifyRouteError } from '../routing/route-errors.js';
import type { SiteDefinition } from '../site/site-definition.js';
import type { SiteLogger } from '../state/services.js';
import { loadSitemapUrls } from './load-sitemap.js';
import { robotsTxt } from './robots.js';
import { SITEMAP_PATH, Sitemap } from './sitemap.js';

/** The path of the robots file. */
export const ROBOTS_PATH = '/robots.txt';

/** A request for `robots.txt`, `sitemap.xml` or a part of a sitemap index (`/sitemap-2.xml`). */
export interface SeoFileRequest {
  /** The request path, e.g. `/sitemap.xml`. */
  path: string;
  /** The request's host name (no port): non-live hosts get a robots file that disallows all. */
  hostname: string;
  /** The site's public origin the files' absolute URLs are written with, e.g. `https://www.example.com`. */
  origin: string;
  /**
   * The configured public origin of each public host name (see `RenderRequest.hostOrigins`):
   * on a site that gives a language a host of its own, each host's sitemap lists its
   * languages' pages, with their versions on the other hosts as alternates.
   */
  hostOrigins?: Readonly<Record<string, string>>;
  /** Platform access for published content. */
  delivery: DeliveryAccessOptions;
  logger: SiteLogger;
  /** Aborted when the visitor goes away. */
  signal?: AbortSignal;
}

/** The answer to a {@link SeoFileRequest}. */
export type SeoFileResult =
  | { kind: 'file'; contentType: string; body: string; surrogateKeys: string[] }
  /** No such file (a sitemap part past the last, or a site without a sitemap). */
  | { kind: 'notFound' }
  /** The platform could not be reached. */
  | { kind: 'unavailable' }
  /** Something else failed (logged). */
  | { kind: 'error' };

/**
 * The search-engine files of a site: `robots.txt` for the request's host, and `sitemap.xml`
 * (or a sitemap index and its parts) from the published content tree.
 *
 * @example
 * const seoFile = createSeoFiles(site, 'en-GB');
 * await seoFile({ path: '/robots.txt', hostname: 'preview-aberwen.example.com', origin, delivery, logger });
 * // { kind: 'file', contentType: 'text/plain; charset=utf-8', body: 'User-agent: *\nDisallow: /\n', surrogateKeys: [] }
 */
export function createSeoFiles(
  site: SiteDefinition,
  language: string,
): (request: SeoFileRequest) => Promise<SeoFileResult> {
  const sitemapConfig = site.seo?.sitemap === false ? null : (site.seo?.sitemap ?? {});
  return async (request) => {
    if (request.path === ROBOTS_PATH) {
      const body = robotsTxt({
        environment: hostEnvironment(request.hostname),
        origin: request.origin,
        sitemapPath: sitemapConfig ? SITEMAP_PATH : null,
        previewPath: site.previewPath ?? PREVIEW_PATH,
        ...(site.seo?.robots ? { config: site.seo.robots } : {}),
        languages: languagesOfSite(site),
        ...(site.routes ? { routes: site.routes } : {}),
      });
      return { kind: 'file', contentType: 'text/plain; charset=utf-8', body, surrogateKeys: [] };
    }
    if (!sitemapConfig || !/^\/sitemap(-\d+)?\.xml$/.test(request.path)) return { kind: 'notFound' };

    const log = new ApiCallLog();
    // One client per language: a site in several languages lists each language's tree.
    const clientFor = (treeLanguage: string) =>
      createDeliveryAccess({
        ...request.delivery,
        language: treeLanguage || language,
        requestSurrogateKeys: true,
      }).client({
        versionStatus: 'published',
        log,
      });
    try {
      const origins = languageOriginsOf(languagesOfSite(site), request.hostOrigins, {
        host: request.hostname,
        origin: request.origin,
      });
      const urls = await loadSitemapUrls(clientFor, site, {
        origin: request.origin,
        ...(origins ? { origins } : {}),
        ...(request.signal ? { signal: request.signal } : {}),
      });
      const body = new Sitemap(urls, request.origin, sitemapConfig.maxUrlsPerFile).file(request.path);
      if (body === null) return { kind: 'notFound' };
      return { kind: 'file', contentType: 'application/xml; charset=utf-8', body, surrogateKeys: log.keys() };
    } catch (error) {
      const failure = classifyRouteError(error);
      request.logger.error(`Making ${request.path} failed`, { error: describeError(error) });
      return failure.kind === 'error' && failure.status === 503 ? { kind: 'unavailable' } : { kind: 'error' };
    }
  };
}
