import type { RouteLoaderContext } from '../site/site-definition.js';
import { ensureSearch, searchStateOf } from './search-flow.js';
import { searchActions } from './search-slice.js';
import type { SearchContext } from './search-state.js';
import { parseSearchRoute } from './url-codec.js';

/**
 * What a search or listing route loads: the address read into the search state, then
 * {@link ensureSearch} for the current facet (or the listing). Loaded on demand by the
 * route, so pages without search do not carry this code.
 */
export async function loadSearchRoute(
  { dispatch, getState, location, client, isServer, signal }: RouteLoaderContext,
  options: { context: SearchContext; basePath: string; facet: string | null; language?: string },
): Promise<void> {
  const { context, basePath, facet, language } = options;
  const route = parseSearchRoute(location, { basePath });
  dispatch(
    searchActions.routeApplied({
      context,
      facet,
      route,
      isSsr: isServer,
      address: `${location.pathname}${location.search}`,
      basePath,
    }),
  );
  const state = searchStateOf(getState());
  if (!state) return;
  const key =
    context === 'facets' ? state.currentFacet : context === 'listings' ? state.currentListing : facet;
  if (!key) return;
  await dispatch(
    ensureSearch(
      { context, facet: key },
      {
        client,
        versionStatus: getState().version.versionStatus,
        language: languageOf(client, language),
        signal,
      },
    ),
  );
}

/**
 * The language a search asks for: `'page'` is the page's own (its delivery client's, which
 * the page's address chose); any other code as it is; none searches every language.
 *
 * @example
 * languageOf(client, 'page'); // 'cy' on a Welsh page
 */
export function languageOf(
  client: RouteLoaderContext['client'],
  language: string | undefined,
): string | undefined {
  return language === PAGE_LANGUAGE ? (client.config.language ?? undefined) : language;
}

/** The search language option that means "the page's language" (see {@link languageOf}). */
export const PAGE_LANGUAGE = 'page';

/**
 * Loads a minilist (a short list inside another page) into the search state, with the
 * filter values of the page that shows it.
 *
 * @example
 * await loadMinilist(context, 'latestNews', 'en-GB');
 */
export async function loadMinilist(
  { dispatch, getState, client, signal }: RouteLoaderContext,
  id: string,
  language?: string,
  filters?: Readonly<Record<string, readonly string[]>>,
): Promise<void> {
  if (filters) dispatch(searchActions.minilistApplied({ minilist: id, filters }));
  await dispatch(
    ensureSearch(
      { context: 'minilist', facet: id },
      {
        client,
        versionStatus: getState().version.versionStatus,
        language: languageOf(client, language),
        signal,
      },
    ),
  );
}
