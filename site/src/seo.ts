import type { SeoConfig } from '@canopy/web';

/**
 * What search engines get from the demo: news articles are articles, the search pages are
 * left uncrawled (their filters make endless addresses), and the sitemap reads each content
 * page's `requiredGroups`, the field its access rule reads (`requiredGroups` in mappings.tsx).
 */
export const seo: SeoConfig = {
  meta: (_defaults, state) =>
    state.routing.entry?.sys.contentTypeId === 'newsArticle' ? { type: 'article' } : null,
  robots: {
    rules: [{ userAgent: '*', disallow: ['/account/', '/api/', '/preview/', '/search'] }],
  },
  sitemap: {
    // What the content page mapping's `requireLogin` function reads.
    entryFields: ['requiredGroups'],
  },
};
