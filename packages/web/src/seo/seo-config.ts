import type { SiteState } from '../state/site-state.js';

/**
 * The metadata of a page, as `PageHead` writes it into `<head>`: title, description,
 * canonical link, robots directive, Open Graph and Twitter card tags.
 */
export interface PageMeta {
  /** `<title>`, also `og:title` (Twitter reads the Open Graph tags). */
  title: string;
  /** `<meta name="description">` and `og:description`; none leaves both out. */
  description: string | null;
  /** `<link rel="canonical">` and `og:url`: an absolute URL on the site's public origin, or none. */
  canonical: string | null;
  /** `<meta name="robots">`, e.g. `noindex`; none leaves it out. */
  robots: string | null;
  /** `og:type` (default `website`; `article` for news, say). */
  type: string;
  /** `og:site_name`. */
  siteName: string;
  /** `og:locale`, e.g. `en_GB`; none leaves it out. */
  locale: string | null;
  /** `og:image` (absolute URL); none leaves the image tags out. */
  image: string | null;
  /** `og:image:alt`. */
  imageAlt: string | null;
  /** `twitter:card`: `summary_large_image` when there is an image, else `summary`. */
  twitterCard: 'summary' | 'summary_large_image';
  /** `twitter:site`, the site's account (`@aberwen`); none leaves it out. */
  twitterSite: string | null;
}

/**
 * A site's search-engine settings (`SiteDefinition.seo`). Everything has a default: pages get
 * their metadata from the entry, `robots.txt` keeps crawlers out of non-live hosts and the
 * account area, and `sitemap.xml` lists the public pages of the content tree.
 *
 * @example
 * seo: {
 *   meta: (defaults, state) =>
 *     state.routing.entry?.sys.contentTypeId === 'newsArticle' ? { type: 'article' } : null,
 *   robots: { rules: [{ userAgent: '*', disallow: ['/account/', '/search'] }] },
 *   sitemap: { entryFields: ['requiredGroups'], urls: (urls) => [...urls, { path: '/search' }] },
 * }
 */
export interface SeoConfig {
  /**
   * Overrides of a page's metadata: return the fields to change (or nothing to keep the
   * defaults). Runs on the server and in the browser after navigation, from the state.
   */
  meta?: (defaults: PageMeta, state: SiteState) => Partial<PageMeta> | null | undefined;
  /** The site's Twitter account for `twitter:site`, e.g. `@aberwen`. */
  twitterSite?: string;
  /**
   * `robots.txt` on live hosts: rules that replace the default group, or a function that
   * writes the whole file. Non-live hosts (local, preview, api, cms) always disallow everything.
   */
  robots?: RobotsConfig | ((context: RobotsContext) => string);
  /** `sitemap.xml` from the content tree; `false` for none (and no `Sitemap:` line). */
  sitemap?: false | SitemapConfig;
}

/** One group of `robots.txt`. */
export interface RobotsRule {
  userAgent: string | readonly string[];
  allow?: readonly string[];
  disallow?: readonly string[];
}

/** `robots.txt` rules of a live host. */
export interface RobotsConfig {
  /**
   * The groups of the file (default: every agent, disallowing `/account/`, `/api/` and the
   * preview path). The `Sitemap:` line is added after them.
   */
  rules?: readonly RobotsRule[];
}

/** What a `robots.txt` function gets. */
export interface RobotsContext {
  /** The site's public origin, e.g. `https://www.aberwen.ac.uk`. */
  origin: string;
  /** The sitemap's absolute URL, or `null` when the site has none. */
  sitemapUrl: string | null;
  /** The file the defaults would give. */
  defaults: string;
}

/** One URL of the sitemap. */
export interface SitemapUrl {
  /** The page's path on the site, e.g. `/courses/law`. */
  path: string;
  /** When the page last changed (an ISO 8601 date or date-time). */
  lastmod?: string | null;
  changefreq?: 'always' | 'hourly' | 'daily' | 'weekly' | 'monthly' | 'yearly' | 'never';
  /** 0.0 to 1.0. */
  priority?: number;
  /**
   * The page's versions in the site's languages, this one included, written as
   * `<xhtml:link rel="alternate" hreflang href>` (absolute URLs; see `hreflangAlternates`).
   */
  alternates?: readonly { hreflang: string; href: string }[];
}

/** How `sitemap.xml` is made. */
export interface SitemapConfig {
  /**
   * Entry fields a content type mapping's `requireLogin` function reads (e.g.
   * `['requiredGroups']`), loaded with the tree so each entry's access rule can be checked.
   * Without it, a site with such a function loads whole entries (at link depth 0).
   */
  entryFields?: readonly string[];
  /** URLs per sitemap file (default and most 50,000); past it `sitemap.xml` is an index. */
  maxUrlsPerFile?: number;
  /** Changes the list: add static routes, drop or reorder pages, set priorities. */
  urls?: (urls: SitemapUrl[], context: { origin: string }) => SitemapUrl[] | Promise<SitemapUrl[]>;
}
