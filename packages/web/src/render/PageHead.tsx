import { notFoundHeading } from '../routing/not-found.js';
import { useSite } from '../site/site-context.js';
import { useSiteSelector } from '../state/hooks.js';
import type { SiteState } from '../state/store-types.js';

/**
 * The default page title: the page's name and the site name, the not-found heading for
 * errors, else the site name. The page's name is the static route's `title`, else the entry
 * title.
 *
 * @example
 * defaultTitle(state, 'Aberwen University'); // 'Courses | Aberwen University'
 */
export function defaultTitle(state: SiteState, siteName: string): string {
  const { routing } = state;
  if (routing.notFound || routing.isError) return `${notFoundHeading(routing.statusCode)} | ${siteName}`;
  const title = routing.staticRoute?.title ?? routing.entry?.entryTitle;
  return title && title !== siteName ? `${title} | ${siteName}` : siteName;
}

/**
 * The page's `<title>` and description. React hoists them into the document head, on the
 * server and after client navigation alike.
 */
export function PageHead() {
  const site = useSite();
  const title = useSiteSelector((state) => (site.title ? site.title(state) : defaultTitle(state, site.name)));
  const description = useSiteSelector((state) => state.routing.entry?.entryDescription ?? null);
  return (
    <>
      <title>{title}</title>
      {description ? <meta name="description" content={description} /> : null}
    </>
  );
}
