import { routeAddress } from './content/route-address.js';

/**
 * Where the site-wide search boxes lead (the header's, the home page's and the 404 page's):
 * the "Everything" tab's facet (`all` in `search.ts`), so a search for anything finds pages,
 * news, events and people, not only courses. The course finder (the search page's own box
 * on the "Study" tab, `/courses`) keeps its own address. Kept apart from `search.ts` so the
 * header, in every page's first load, does not bring the search configuration with it.
 */
export const SITE_SEARCH_PATH = '/search/all';

/**
 * {@link SITE_SEARCH_PATH} in a page's language: on the search route's own pattern there
 * (`/chwilio/all` on a Welsh page, see `routeAddress`), so the box leads straight to the Welsh
 * search page rather than through the redirect from `/cy/search/all`.
 *
 * @example
 * siteSearchPathIn(site.routes, 'cy'); // '/chwilio/all'
 */
export function siteSearchPathIn(routes: Parameters<typeof routeAddress>[0], language: string): string {
  return routeAddress(routes, '/search/*', language).replace(
    /\/\*$/,
    SITE_SEARCH_PATH.slice('/search'.length),
  );
}
