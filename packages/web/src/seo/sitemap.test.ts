import type { DeliveryNode, Entry } from '@canopy/client';
import { describe, expect, it } from 'vitest';
import type { RouteComponentProps, SiteDefinition } from '../site/site-definition.js';
import { isSitemapPage, MAX_SITEMAP_URLS, Sitemap, sitemapUrlsOf } from './sitemap.js';

const Page = (_props: RouteComponentProps) => null;
const site: SiteDefinition = {
  name: 'Test',
  contentTypeMappings: [
    {
      contentTypeId: 'page',
      component: Page,
      requireLogin: (entry: Entry) => (entry.groups as string[]) ?? false,
    },
    { contentTypeId: 'course', component: Page },
    { contentTypeId: 'intranet', component: Page, requireLogin: true },
  ],
};

let ids = 0;
function node(
  path: string,
  entry: (Partial<Entry> & { type?: string; includeInSearch?: boolean; published?: string }) | null,
  children: DeliveryNode[] = [],
  extra: Partial<DeliveryNode> = {},
): DeliveryNode {
  ids += 1;
  const {
    type = 'page',
    includeInSearch = true,
    published = '2026-01-02T03:04:05Z',
    ...fields
  } = entry ?? {};
  return {
    id: `n${ids}`,
    projectId: 'p',
    slug: path.split('/').pop() ?? '',
    displayName: path,
    language: 'en-GB',
    path,
    childCount: children.length,
    children,
    isCanonical: true,
    includeInMenu: true,
    version: { versionNo: '1.0' },
    ...(entry
      ? {
          entry: {
            ...fields,
            sys: {
              id: `e${ids}`,
              contentTypeId: type,
              dataFormat: 'entry',
              language: 'en-GB',
              versionStatus: 'published',
              uri: path,
              metadata: { includeInSearch },
              version: { versionNo: '1.0', published, modified: '2025-12-01T00:00:00Z' },
            },
          } as Entry,
        }
      : {}),
    ...extra,
  };
}

describe('isSitemapPage', () => {
  it('takes canonical, searchable pages that an anonymous visitor may see', () => {
    expect(isSitemapPage(site, node('/about', {}))).toBe(true);
    expect(isSitemapPage(site, node('/courses/law', { type: 'course' }))).toBe(true);
    expect(isSitemapPage(site, node('/members', { groups: ['Members'] }))).toBe(false);
    expect(isSitemapPage(site, node('/intranet', { type: 'intranet' }))).toBe(false);
    expect(isSitemapPage(site, node('/hidden', { includeInSearch: false }))).toBe(false);
    expect(isSitemapPage(site, node('/odd', { type: 'unmapped' }))).toBe(false);
    expect(isSitemapPage(site, node('/folder', null))).toBe(false);
    expect(isSitemapPage(site, node('/copy', {}, [], { isCanonical: false }))).toBe(false);
  });
});

describe('sitemapUrlsOf', () => {
  it('lists pages in tree order with their publication date, visiting under what it leaves out', () => {
    const root = node('/', { type: 'course' }, [
      node('/about', {}, [node('/about/history', { published: '2026-03-04T00:00:00Z' })]),
      node('/members', { groups: ['Members'] }, [node('/members/public-child', {})]),
      node('/folder', null, [node('/folder/page', {})]),
    ]);
    expect(sitemapUrlsOf(site, root)).toEqual([
      { path: '/', lastmod: '2026-01-02T03:04:05Z' },
      { path: '/about', lastmod: '2026-01-02T03:04:05Z' },
      { path: '/about/history', lastmod: '2026-03-04T00:00:00Z' },
      { path: '/members/public-child', lastmod: '2026-01-02T03:04:05Z' },
      { path: '/folder/page', lastmod: '2026-01-02T03:04:05Z' },
    ]);
  });

  it('reads children from elsewhere when the node was read without them', () => {
    const deep = node('/deep', {});
    const edge = node('/edge', {}, [], { children: undefined, childCount: 1 } as Partial<DeliveryNode>);
    delete edge.children;
    const root = node('/', null, [edge]);
    const urls = sitemapUrlsOf(site, root, (n) => n.children ?? (n.id === edge.id ? [deep] : []));
    expect(urls.map((url) => url.path)).toEqual(['/edge', '/deep']);
  });
});

describe('Sitemap', () => {
  const origin = 'https://www.example.com';

  it('writes one urlset with absolute, escaped, encoded locations', () => {
    const xml = new Sitemap(
      [
        { path: '/', lastmod: '2026-01-02T03:04:05Z' },
        { path: '/news/a&b', lastmod: 'yesterday' },
        { path: '/cafés', changefreq: 'weekly', priority: 1.7 },
      ],
      origin,
    ).file('/sitemap.xml');
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        '<url><loc>https://www.example.com/</loc><lastmod>2026-01-02T03:04:05Z</lastmod></url>',
        '<url><loc>https://www.example.com/news/a&amp;b</loc></url>',
        '<url><loc>https://www.example.com/caf%C3%A9s</loc><changefreq>weekly</changefreq><priority>1.0</priority></url>',
        '</urlset>',
        '',
      ].join('\n'),
    );
  });

  it('drops locations off the origin, repeated ones and non-paths', () => {
    const sitemap = new Sitemap(
      [
        { path: '/a' },
        { path: '/a' },
        { path: '//evil.example/x' },
        { path: '/\\evil.example/x' },
        { path: 'https://evil.example/' },
        { path: 'relative' },
        { path: '/b' },
      ],
      origin,
    );
    expect(sitemap.size).toBe(2);
    expect(sitemap.file('/sitemap.xml')).not.toContain('evil');
  });

  it('splits past the limit into an index and parts, and knows no other file', () => {
    const urls = Array.from({ length: 5 }, (_, i) => ({ path: `/p${i + 1}`, lastmod: `2026-01-0${i + 1}` }));
    const sitemap = new Sitemap(urls, origin, 2);
    expect(sitemap.parts).toBe(3);
    expect(sitemap.file('/sitemap.xml')).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        '<sitemap><loc>https://www.example.com/sitemap-1.xml</loc><lastmod>2026-01-02</lastmod></sitemap>',
        '<sitemap><loc>https://www.example.com/sitemap-2.xml</loc><lastmod>2026-01-04</lastmod></sitemap>',
        '<sitemap><loc>https://www.example.com/sitemap-3.xml</loc><lastmod>2026-01-05</lastmod></sitemap>',
        '</sitemapindex>',
        '',
      ].join('\n'),
    );
    const locs = (xml: string | null) => [...(xml ?? '').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs(sitemap.file('/sitemap-1.xml'))).toEqual([
      'https://www.example.com/p1',
      'https://www.example.com/p2',
    ]);
    expect(locs(sitemap.file('/sitemap-3.xml'))).toEqual(['https://www.example.com/p5']);
    for (const path of [
      '/sitemap-0.xml',
      '/sitemap-4.xml',
      '/sitemap-01.xml',
      '/sitemap-x.xml',
      '/other.xml',
    ]) {
      expect(sitemap.file(path), path).toBeNull();
    }
    // Exactly at the limit: one file, no parts.
    const full = new Sitemap(urls.slice(0, 2), origin, 2);
    expect(full.parts).toBe(0);
    expect(full.file('/sitemap.xml')).toContain('<urlset');
    expect(full.file('/sitemap-1.xml')).toBeNull();
  });

  it('never puts more than the protocol allows in one file', () => {
    expect(new Sitemap([{ path: '/' }], origin, 10 * MAX_SITEMAP_URLS).parts).toBe(0);
    const many = Array.from({ length: MAX_SITEMAP_URLS + 1 }, (_, i) => ({ path: `/p${i}` }));
    expect(new Sitemap(many, origin, 10 * MAX_SITEMAP_URLS).parts).toBe(2);
  });

  it('names the language versions of a page as xhtml:link alternates, with their namespace', () => {
    const origin = 'https://www.example.ac.uk';
    const alternates = [
      { hreflang: 'en-GB', href: `${origin}/courses/law` },
      { hreflang: 'cy', href: `${origin}/cy/cyrsiau/y-gyfraith?a=1&b=2` },
    ];
    const xml = new Sitemap(
      [
        { path: '/courses/law', alternates },
        { path: '/cy/cyrsiau/y-gyfraith', alternates },
        { path: '/only' },
      ],
      origin,
    ).file('/sitemap.xml') as string;
    expect(xml).toContain(
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    );
    const links =
      `<xhtml:link rel="alternate" hreflang="en-GB" href="${origin}/courses/law"/>` +
      `<xhtml:link rel="alternate" hreflang="cy" href="${origin}/cy/cyrsiau/y-gyfraith?a=1&amp;b=2"/>`;
    expect(xml).toContain(`<url><loc>${origin}/courses/law</loc>${links}</url>`);
    expect(xml).toContain(`<url><loc>${origin}/cy/cyrsiau/y-gyfraith</loc>${links}</url>`);
    expect(xml).toContain(`<url><loc>${origin}/only</loc></url>`);
    // Without alternates, no namespace.
    expect(new Sitemap([{ path: '/only' }], origin).file('/sitemap.xml')).not.toContain('xmlns:xhtml');
  });

  it('writes an empty urlset for a site without public pages', () => {
    expect(new Sitemap([], origin).file('/sitemap.xml')).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n</urlset>\n',
    );
  });
});
