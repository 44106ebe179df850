import type { Client, DeliveryNode } from '@canopy/client';
import { hreflangAlternates } from '../i18n/hreflang.js';
import { localisedPath } from '../i18n/language-paths.js';
import { languagesOfSite } from '../i18n/page-language.js';
import type { SiteLanguages } from '../i18n/site-languages.js';
import type { SiteDefinition } from '../site/site-definition.js';
import type { SitemapUrl } from './seo-config.js';
import { isSitemapPage, sitemapUrlsOf } from './sitemap.js';

/** Levels of the tree asked for in one call; deeper branches are asked for from their last node. */
export const SITEMAP_WALK_DEPTH = 10;

/** What the sitemap reads of every entry besides the minimal `sys` (id, type, uri). */
export const SITEMAP_SYS_FIELDS: readonly string[] = [
  'sys.metadata',
  'sys.version.published',
  'sys.version.modified',
];

/**
 * The entry fields the sitemap loads with the tree: the `sys` parts it writes, plus what the
 * site says its `requireLogin` functions read. A site with such a function that names no
 * fields gets whole entries, so an access rule is never checked against missing data.
 */
export function sitemapEntryFields(site: SiteDefinition): string[] {
  const config = site.seo?.sitemap || undefined;
  if (config?.entryFields) return [...SITEMAP_SYS_FIELDS, ...config.entryFields];
  const decidesPerEntry = site.contentTypeMappings.some(
    (mapping) => typeof mapping.requireLogin === 'function',
  );
  return decidesPerEntry ? ['*'] : [...SITEMAP_SYS_FIELDS];
}

/**
 * Reads the content tree from the root (published content, entries without their links) and
 * gives the sitemap URLs of its public pages, then the site's `sitemap.urls` hook's changes.
 * A branch deeper than one call reaches ({@link SITEMAP_WALK_DEPTH}) is read from its last
 * node on; platform failures reject (the caller answers 503).
 */
export async function loadSitemapUrls(
  clientFor: (language: string) => Client,
  site: SiteDefinition,
  options: {
    origin: string;
    /** Each language's origin, on a site that gives a language a host of its own (see `languageOriginsOf`). */
    origins?: Readonly<Record<string, string>>;
    signal?: AbortSignal;
  },
): Promise<SitemapUrl[]> {
  const read = {
    depth: SITEMAP_WALK_DEPTH,
    entryFields: sitemapEntryFields(site),
    entryLinkDepth: 0,
    ...(options.signal ? { signal: options.signal } : {}),
  };
  const languages = languagesOfSite(site);
  let urls: SitemapUrl[];
  if (languages) {
    urls = await languageSitemapUrls(clientFor, site, languages, read, options.origin, options.origins);
  } else {
    const client = clientFor(site.language ?? 'en-GB');
    const root = await client.nodes.getRoot(read);
    urls = sitemapUrlsOf(site, root, await readDeeperBranches(client, root, read));
  }
  const hook = site.seo?.sitemap ? site.seo.sitemap.urls : undefined;
  return hook ? await hook(urls, { origin: options.origin }) : urls;
}

/** A page of one language's tree, as the multilingual sitemap collects it. */
interface LanguagePage {
  path: string;
  entryId: string;
  lastmod: string | null;
}

/**
 * The sitemap of a site in several languages: each language's tree read in that language,
 * its pages at their addresses (`/cy/cyrsiau/…`), each with its versions in the other languages
 * as alternates (the same entry's page in each tree). A page of another language's tree is
 * listed only when it shows that language's variation: an untranslated entry's node there
 * repeats the default language's page. With an origin per language (a language on a host of
 * its own), only the languages on this host's origin are listed, each page with its versions
 * on their own hosts as alternates.
 */
async function languageSitemapUrls(
  clientFor: (language: string) => Client,
  site: SiteDefinition,
  languages: SiteLanguages,
  read: Parameters<Client['nodes']['getRoot']>[0] & object,
  origin: string,
  origins: Readonly<Record<string, string>> | undefined,
): Promise<SitemapUrl[]> {
  // The languages this host serves: all of them, unless some have hosts of their own.
  const listed = (language: string) => !origins || origins[language] === origin;
  const trees = await Promise.all(
    languages.languages.map(async (language) => {
      const client = clientFor(language);
      const root = await client.nodes.getRoot(read);
      const childrenOf = await readDeeperBranches(client, root, read);
      const own = language === languages.defaultLanguage ? null : language;
      return { language, pages: languagePagesOf(site, root, childrenOf, own) };
    }),
  );
  const versions = new Map<string, Record<string, string>>();
  for (const { language, pages } of trees) {
    for (const page of pages) {
      const paths = versions.get(page.entryId) ?? {};
      paths[language] ??= page.path;
      versions.set(page.entryId, paths);
    }
  }
  return trees
    .filter(({ language }) => listed(language))
    .flatMap(({ language, pages }) =>
      pages.map((page) => {
        const nodePaths = versions.get(page.entryId) ?? {};
        const alternates = hreflangAlternates(
          { language, availableLanguages: Object.keys(nodePaths), nodePaths },
          languages,
          origins ?? origin,
        );
        return {
          path: localisedPath(language, page.path, languages).path,
          lastmod: page.lastmod,
          ...(alternates.length > 0 ? { alternates } : {}),
        };
      }),
    );
}

/** The public pages of one language's tree (only those in `onlyLanguage`, when given), in tree order. */
function languagePagesOf(
  site: SiteDefinition,
  root: DeliveryNode,
  childrenOf: ChildrenOf,
  onlyLanguage: string | null,
): LanguagePage[] {
  const pages: LanguagePage[] = [];
  const seen = new Set<string>();
  const stack: DeliveryNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as DeliveryNode;
    if (seen.has(node.id)) continue;
    seen.add(node.id);
    const entry = node.entry;
    if (entry && isSitemapPage(site, node) && (!onlyLanguage || entry.sys.language === onlyLanguage)) {
      const version = entry.sys.version;
      pages.push({
        path: node.path,
        entryId: entry.sys.id,
        lastmod: version?.published ?? version?.modified ?? null,
      });
    }
    const children = childrenOf(node);
    for (let index = children.length - 1; index >= 0; index--) stack.push(children[index] as DeliveryNode);
  }
  return pages;
}

type ChildrenOf = (node: DeliveryNode) => readonly DeliveryNode[];

/**
 * Reads the children of nodes at the edge of what one call brought, until the whole tree is
 * known. The answers may be the delivery cache's shared, frozen ones, so they are not changed:
 * the result tells where each node's children are.
 */
async function readDeeperBranches(
  client: Client,
  root: DeliveryNode,
  read: Parameters<Client['nodes']['getRoot']>[0] & object,
): Promise<ChildrenOf> {
  const deeper = new Map<string, readonly DeliveryNode[]>();
  const childrenOf: ChildrenOf = (node) => node.children ?? deeper.get(node.id) ?? [];
  const seen = new Set<string>();
  const pending: DeliveryNode[] = [root];
  while (pending.length > 0) {
    const node = pending.pop() as DeliveryNode;
    if (seen.has(node.id)) continue;
    seen.add(node.id);
    if (!node.children && node.childCount > 0) {
      deeper.set(node.id, (await client.nodes.get({ ...read, id: node.id })).children ?? []);
    }
    pending.push(...childrenOf(node));
  }
  return childrenOf;
}
