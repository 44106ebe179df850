import { pageMeta, samePageMeta } from '../seo/page-meta.js';
import { useSite } from '../site/site-context.js';
import { useSiteSelector } from '../state/hooks.js';

export { defaultTitle } from '../seo/page-meta.js';

/**
 * The page's `<title>`, description, canonical link, robots directive and Open Graph and
 * Twitter card tags (see `pageMeta`). React hoists them into the document head, on the server
 * and after client navigation alike.
 */
export function PageHead() {
  const site = useSite();
  const meta = useSiteSelector((state) => pageMeta(state, site), samePageMeta);
  return (
    <>
      <title>{meta.title}</title>
      {meta.description ? <meta name="description" content={meta.description} /> : null}
      {meta.canonical ? <link rel="canonical" href={meta.canonical} /> : null}
      {meta.robots ? <meta name="robots" content={meta.robots} /> : null}
      <meta property="og:type" content={meta.type} />
      <meta property="og:title" content={meta.title} />
      {meta.description ? <meta property="og:description" content={meta.description} /> : null}
      {meta.canonical ? <meta property="og:url" content={meta.canonical} /> : null}
      <meta property="og:site_name" content={meta.siteName} />
      {meta.locale ? <meta property="og:locale" content={meta.locale} /> : null}
      {meta.image ? <meta property="og:image" content={meta.image} /> : null}
      {meta.image && meta.imageAlt ? <meta property="og:image:alt" content={meta.imageAlt} /> : null}
      <meta name="twitter:card" content={meta.twitterCard} />
      {meta.twitterSite ? <meta name="twitter:site" content={meta.twitterSite} /> : null}
    </>
  );
}
