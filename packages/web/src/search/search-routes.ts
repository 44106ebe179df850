import type { ComponentType } from 'react';
import { type LazyComponent, lazyComponent } from '../routing/lazy-component.js';
import type { FetchNode } from '../routing/node-path.js';
import type {
  ContentTypeMapping,
  InjectedRedux,
  RouteComponentProps,
  StaticRoute,
} from '../site/site-definition.js';
import { type SearchConfig, searchBasePath } from './config.js';
import type { SearchContext } from './search-state.js';

// biome-ignore lint/suspicious/noExplicitAny: a route component may take any mapped props, as StaticRoute's does
type RouteComponent = ComponentType<RouteComponentProps<any>>;

/** Options of {@link searchRoute} and {@link listingRoute}. */
export interface SearchRouteOptions {
  /** The page component, or a function that imports it (keeps search code out of other pages' JavaScript). */
  component: RouteComponent | { load: () => Promise<RouteComponent> };
  /** Load the content node at the page's path (its entry gives title and introduction). */
  fetchNode?: boolean;
  /** Content language searched (default: every language). */
  language?: string;
}

/** The search state key (repeated here so this module stays free of the slice's code). */
const SEARCH_KEY = 'search';

/** Reducers are made once per configuration, so hydration injects the very same one. */
const reducers = new WeakMap<SearchConfig, Promise<InjectedRedux>>();

function injectorFor(
  config: SearchConfig,
  component: LoadableComponent | null,
): () => Promise<InjectedRedux> {
  return async () => {
    let injected = reducers.get(config);
    if (!injected) {
      injected = import('./search-slice.js').then(({ searchReducer }) => ({
        key: SEARCH_KEY,
        reducer: searchReducer(config),
      }));
      reducers.set(config, injected);
    }
    // The page's code arrives with its reducer, so the page renders (and hydrates) in one pass.
    const [redux] = await Promise.all([injected, component?.preload()]);
    return redux;
  };
}

/** A component loaded on first use; `preload` resolves once it can render without suspending. */
type LoadableComponent = LazyComponent<RouteComponentProps>;

const loadables = new WeakMap<() => Promise<RouteComponent>, LoadableComponent>();

function loadable(load: () => Promise<RouteComponent>): LoadableComponent {
  let known = loadables.get(load);
  if (!known) {
    known = lazyComponent(load);
    loadables.set(load, known);
  }
  return known;
}

function routeParts(config: SearchConfig, options: SearchRouteOptions) {
  const lazy = 'load' in options.component ? loadable(options.component.load) : null;
  return {
    component: lazy ?? (options.component as RouteComponent),
    injectRedux: injectorFor(config, lazy),
  };
}

function loaderFor(
  context: SearchContext,
  basePath: string,
  facet: string | null,
  language: string | undefined,
) {
  return async (loaderContext: Parameters<NonNullable<StaticRoute['loader']>>[0]) => {
    const { loadSearchRoute } = await import('./search-loader.js');
    await loadSearchRoute(loaderContext, { context, basePath, facet, language });
  };
}

/**
 * The route of the search page, `{basePath}/*`: the base path, `{basePath}/{facet}` and
 * `{basePath}/{facet}/{contentTypeId}` (one pattern, so moving between facets stays on the
 * same route). Its loader reads the address into the search state and runs the search before
 * the server renders (and in the browser on every new address), so the first HTML has the
 * results and hydration searches nothing. The search code is loaded on demand.
 *
 * @example
 * export const routes: StaticRoute[] = [
 *   searchRoute(search, { component: { load: () => import('./SearchPage.js').then((m) => m.SearchPage) }, fetchNode: true }),
 * ];
 */
export function searchRoute(config: SearchConfig, options: SearchRouteOptions): StaticRoute {
  const basePath = searchBasePath(config);
  const fetchNode: FetchNode | undefined = options.fetchNode
    ? { level: basePath.split('/').filter(Boolean).length }
    : undefined;
  return {
    path: `${basePath === '/' ? '' : basePath}/*`,
    ...routeParts(config, options),
    loader: loaderFor('facets', basePath, null, options.language),
    ...(fetchNode ? { fetchNode } : {}),
  };
}

/**
 * The route of a listing page (a configured listing's `path`, paged by the same query
 * parameters as the search page).
 *
 * @example
 * const news = listingRoute(search, 'news', { component: NewsListing, fetchNode: true });
 */
export function listingRoute(
  config: SearchConfig,
  listing: string,
  options: SearchRouteOptions,
): StaticRoute {
  const path = config.listings?.[listing]?.path;
  if (!path) throw new Error(`The search configuration has no listing ${listing} with a path`);
  return {
    path,
    ...routeParts(config, options),
    loader: loaderFor('listings', path, listing, options.language),
    ...(options.fetchNode ? { fetchNode: true as const } : {}),
  };
}

/**
 * What a content type mapping adds to show a minilist on its pages: the search reducer and a
 * loader that runs the minilist's search with the page (on the server before rendering).
 *
 * @example
 * { contentTypeId: 'homePage', component: HomePage, ...minilistLoader(search, 'latestNews', { language: 'en-GB' }) }
 */
export function minilistLoader(
  config: SearchConfig,
  id: string,
  options: { language?: string } = {},
): Pick<ContentTypeMapping, 'injectRedux' | 'loader'> {
  if (!config.minilists?.[id]) throw new Error(`The search configuration has no minilist ${id}`);
  return {
    injectRedux: injectorFor(config, null),
    loader: async (context) => {
      const { loadMinilist } = await import('./search-loader.js');
      await loadMinilist(context, id, options.language);
    },
  };
}
