import type { DeliveryNode, Entry } from '@canopy/client';
import { sitemapAlternatesXml, XHTML_NAMESPACE } from '../i18n/hreflang.js';
import { checkAccess } from '../routing/access.js';
import type { ContentTypeMapping, SiteDefinition } from '../site/site-definition.js';
import type { SitemapUrl } from './seo-config.js';

/** The sitemaps protocol's limit of URLs per file (and the default). */
export const MAX_SITEMAP_URLS = 50_000;

/** Where the sitemap (or the sitemap index) is served. */
export const SITEMAP_PATH = '/sitemap.xml';

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const ANONYMOUS = { isAuthenticated: false, groups: [] } as const;

/**
 * Whether a node of the content tree is a page for the sitemap: its canonical node, with a
 * published entry that is marked `includeInSearch`, of a content type the site maps, that an
 * anonymous visitor may see (the mapping's `requireLogin`, a function of the entry included).
 *
 * @example
 * isSitemapPage(site, node); // false for /members (requiredGroups, includeInSearch false)
 */
export function isSitemapPage(site: SiteDefinition, node: DeliveryNode): boolean {
  const entry = node.entry;
  if (!entry || node.isCanonical === false) return false;
  if (entry.sys?.metadata?.includeInSearch !== true) return false;
  const mapping = site.contentTypeMappings.find(
    (candidate) => candidate.contentTypeId === entry.sys.contentTypeId,
  );
  if (!mapping) return false;
  return checkAccess(requirementOf(mapping, entry), ANONYMOUS) === 'allowed';
}

function requirementOf(mapping: ContentTypeMapping, entry: Entry) {
  return typeof mapping.requireLogin === 'function' ? mapping.requireLogin(entry) : mapping.requireLogin;
}

/**
 * The sitemap URLs of a content tree, in tree order (a page before its children), each with
 * the date its entry was last published. Nodes that are not pages ({@link isSitemapPage})
 * are left out, but their children are still visited.
 */
export function sitemapUrlsOf(
  site: SiteDefinition,
  root: DeliveryNode,
  childrenOf: (node: DeliveryNode) => readonly DeliveryNode[] = (node) => node.children ?? [],
): SitemapUrl[] {
  const urls: SitemapUrl[] = [];
  const seen = new Set<string>();
  const stack: DeliveryNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as DeliveryNode;
    if (seen.has(node.id)) continue;
    seen.add(node.id);
    if (isSitemapPage(site, node)) {
      const version = node.entry?.sys.version;
      urls.push({ path: node.path, lastmod: version?.published ?? version?.modified ?? null });
    }
    const children = childrenOf(node);
    for (let index = children.length - 1; index >= 0; index--) stack.push(children[index] as DeliveryNode);
  }
  return urls;
}

/** A sitemap URL resolved for writing: absolute, on the site's origin. */
interface ResolvedUrl {
  loc: string;
  lastmod: string | null;
  changefreq: string | null;
  priority: string | null;
  /** `xhtml:link` elements of the page's language versions, escaped; `''` for none. */
  alternates: string;
}

/**
 * The files of a sitemap: one `urlset` while the URLs fit in one file, else a sitemap index
 * at {@link SITEMAP_PATH} and `/sitemap-1.xml`, `/sitemap-2.xml` … of at most `limit` URLs
 * each. URLs that would leave the origin, repeat, or are not paths are dropped.
 */
export class Sitemap {
  private readonly urls: ResolvedUrl[];
  private readonly limit: number;

  constructor(
    urls: readonly SitemapUrl[],
    private readonly origin: string,
    limit: number = MAX_SITEMAP_URLS,
  ) {
    this.limit = Math.max(1, Math.min(MAX_SITEMAP_URLS, Math.floor(limit) || MAX_SITEMAP_URLS));
    this.urls = resolveUrls(urls, origin);
  }

  /** How many URLs it lists. */
  get size(): number {
    return this.urls.length;
  }

  /** How many `urlset` files there are behind an index (0 when `sitemap.xml` is the one file). */
  get parts(): number {
    return this.urls.length > this.limit ? Math.ceil(this.urls.length / this.limit) : 0;
  }

  /**
   * The XML of a path: `/sitemap.xml` (the list, or the index), `/sitemap-{n}.xml` (a part of
   * an index); `null` for any other path.
   */
  file(path: string): string | null {
    if (path === SITEMAP_PATH) return this.parts === 0 ? urlsetXml(this.urls) : this.indexXml();
    const part = /^\/sitemap-([1-9]\d{0,5})\.xml$/.exec(path);
    const number = part ? Number(part[1]) : 0;
    if (number < 1 || number > this.parts) return null;
    return urlsetXml(this.urls.slice((number - 1) * this.limit, number * this.limit));
  }

  private indexXml(): string {
    const entries: string[] = [];
    for (let part = 1; part <= this.parts; part++) {
      const slice = this.urls.slice((part - 1) * this.limit, part * this.limit);
      const lastmod = slice.reduce<string | null>(
        (latest, url) => (url.lastmod && (!latest || url.lastmod > latest) ? url.lastmod : latest),
        null,
      );
      const loc = escapeXml(new URL(`/sitemap-${part}.xml`, this.origin).href);
      entries.push(`<sitemap><loc>${loc}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</sitemap>`);
    }
    return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${SITEMAP_NS}">\n${entries.join('\n')}\n</sitemapindex>\n`;
  }
}

function urlsetXml(urls: readonly ResolvedUrl[]): string {
  const entries = urls.map(
    (url) =>
      `<url><loc>${url.loc}</loc>${url.lastmod ? `<lastmod>${url.lastmod}</lastmod>` : ''}${
        url.changefreq ? `<changefreq>${url.changefreq}</changefreq>` : ''
      }${url.priority ? `<priority>${url.priority}</priority>` : ''}${url.alternates}</url>`,
  );
  // The xhtml namespace only when a page names its language versions.
  const xhtml = urls.some((url) => url.alternates) ? ` xmlns:xhtml="${XHTML_NAMESPACE}"` : '';
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${SITEMAP_NS}"${xhtml}>\n${entries.join('\n')}${
    entries.length > 0 ? '\n' : ''
  }</urlset>\n`;
}

const CHANGE_FREQUENCIES = new Set(['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never']);
/** W3C Datetime, as the sitemaps protocol takes it: a date, or a date-time with a zone. */
const W3C_DATETIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;

function resolveUrls(urls: readonly SitemapUrl[], origin: string): ResolvedUrl[] {
  const base = new URL(origin);
  const seen = new Set<string>();
  const resolved: ResolvedUrl[] = [];
  for (const url of urls) {
    if (typeof url?.path !== 'string' || !url.path.startsWith('/') || url.path.startsWith('//')) continue;
    let absolute: URL;
    try {
      absolute = new URL(url.path, base);
    } catch {
      continue;
    }
    if (absolute.origin !== base.origin || seen.has(absolute.href)) continue;
    seen.add(absolute.href);
    const priority =
      typeof url.priority === 'number' && Number.isFinite(url.priority)
        ? Math.min(1, Math.max(0, url.priority)).toFixed(1)
        : null;
    resolved.push({
      loc: escapeXml(absolute.href),
      lastmod: url.lastmod && W3C_DATETIME.test(url.lastmod) ? url.lastmod : null,
      changefreq: url.changefreq && CHANGE_FREQUENCIES.has(url.changefreq) ? url.changefreq : null,
      priority,
      alternates: sitemapAlternatesXml(url.alternates ?? []),
    });
  }
  return resolved;
}

const XML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ENTITIES[char] as string);
}
