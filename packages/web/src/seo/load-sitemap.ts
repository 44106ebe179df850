import type { Client, DeliveryNode } from '@canopy/client';
import type { SiteDefinition } from '../site/site-definition.js';
import type { SitemapUrl } from './seo-config.js';
import { sitemapUrlsOf } from './sitemap.js';

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
  client: Client,
  site: SiteDefinition,
  options: { origin: string; signal?: AbortSignal },
): Promise<SitemapUrl[]> {
  const read = {
    depth: SITEMAP_WALK_DEPTH,
    entryFields: sitemapEntryFields(site),
    entryLinkDepth: 0,
    ...(options.signal ? { signal: options.signal } : {}),
  };
  const root = await client.nodes.getRoot(read);
  const childrenOf = await readDeeperBranches(client, root, read);
  const urls = sitemapUrlsOf(site, root, childrenOf);
  const hook = site.seo?.sitemap ? site.seo.sitemap.urls : undefined;
  return hook ? await hook(urls, { origin: options.origin }) : urls;
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
