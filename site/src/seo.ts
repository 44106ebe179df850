import type { SeoConfig } from '@canopy/web';
import { errorHeading } from './content/error-page.js';

/**
 * What search engines get from the demo: news articles are articles, the search pages are
 * left uncrawled (their filters make endless addresses), and the sitemap reads each content
 * page's `requiredGroups`, the field its access rule reads (`requiredGroups` in mappings.tsx).
 * An error page's title is its heading (errorHeading, in the page's words), not the
 * framework's `404 Page Not Found`.
 */
export const seo: SeoConfig = {
  meta: (defaults, state) => {
    const { routing } = state;
    if (routing.notFound || routing.isError) {
      const heading = errorHeading(routing.statusCode);
      return { title: `${routing.words?.[heading] ?? heading} | ${defaults.siteName}` };
    }
    return routing.entry?.sys.contentTypeId === 'newsArticle' ? { type: 'article' } : null;
  },
  robots: {
    rules: [{ userAgent: '*', disallow: ['/account/', '/api/', '/preview/', '/search'] }],
  },
  sitemap: {
    // What the content page mapping's `requireLogin` function reads.
    entryFields: ['requiredGroups'],
  },
};
