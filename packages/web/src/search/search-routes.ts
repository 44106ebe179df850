import type { Entry } from '@canopy/client';
import type { Reducer, UnknownAction } from '@reduxjs/toolkit';
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
import { isWholeSearchState } from './whole-state.js';

// biome-ignore lint/suspicious/noExplicitAny: a route component may take any mapped props, as StaticRoute's does
type RouteComponent = ComponentType<RouteComponentProps<any>>;

/** Options of {@link searchRoute} and {@link listingRoute}. */
export interface SearchRouteOptions {
  /** The page component, or a function that imports it (keeps search code out of other pages' JavaScript). */
  component: RouteComponent | { load: () => Promise<RouteComponent> };
  /** Load the content node at the page's path (its entry gives title and introduction). */
  fetchNode?: boolean;
  /**
   * Content language searched: a language code, or `'page'` for the language of the page
   * (the one its address is in, on a site with several); default every language.
   */
  language?: string;
  /**
   * The route's address in other languages: the search page's base path (`{ cy: '/chwilio' }`)
   * or the listing's path (`{ cy: '/newyddion' }`), see `StaticRoute.paths`.
   */
  paths?: Readonly<Record<string, string>>;
}

/** The search state key (repeated here so this module stays free of the slice's code). */
const SEARCH_KEY = 'search';

/** The slice's reducer of each configuration, once its code has loaded. */
const loadedReducers = new WeakMap<SearchConfig, Reducer>();
/** What puts back the slice's inline state's compact parts, loaded with the slice's code. */
let restoreInline: ((slice: unknown) => unknown) | null = null;
const loadingReducers = new WeakMap<SearchConfig, Promise<Reducer>>();
/** The reducer injected for each configuration (one function, so every injection is the same). */
const injectedReducers = new WeakMap<SearchConfig, Reducer>();

/** The action that lets the injected search reducer build its slice once the code has loaded. */
const SEARCH_CODE_LOADED = 'search/codeLoaded';

/** Loads the search slice's code and makes the configuration's reducer (once). */
function loadReducer(config: SearchConfig): Promise<Reducer> {
  let loading = loadingReducers.get(config);
  if (!loading) {
    loading = import('./search-slice.js').then(({ searchReducer, restoreInlineSearch }) => {
      restoreInline = restoreInlineSearch;
      const reducer = searchReducer(config) as Reducer;
      loadedReducers.set(config, reducer);
      return reducer;
    });
    loadingReducers.set(config, loading);
  }
  return loading;
}

/**
 * The reducer injected under `search`: the slice's reducer once its code is loaded; until
 * then it keeps the state it was given (the server's, at hydration) or `null`. Pages that
 * only show a minilist hydrate without the search code this way; it loads when a loader
 * searches (a navigation) or a search page needs it.
 */
function reducerFor(config: SearchConfig): Reducer {
  let reducer = injectedReducers.get(config);
  if (!reducer) {
    reducer = (state: unknown, action: UnknownAction) => {
      const real = loadedReducers.get(config);
      if (real) return real(state ?? undefined, action);
      return state ?? null;
    };
    injectedReducers.set(config, reducer);
  }
  return reducer;
}

function injectorFor(
  config: SearchConfig,
  component: LoadableComponent | null,
): () => Promise<InjectedRedux> {
  return async () => {
    const injected: InjectedRedux = {
      key: SEARCH_KEY,
      reducer: reducerFor(config),
      // Without a page component this is a minilist: the browser hydrates it with the stand-in.
      // The stand-in shows a minilist's title and entries (see `useMinilist`).
      ...(component ? {} : { hydratesWithoutInitialState: { keep: ['title'] } }),
    };
    // Minilists keep the rendered state until their loader runs; search and listing pages
    // load the slice with the page's code, so they render (and hydrate) in one pass.
    if (component) {
      await Promise.all([loadReducer(config), component.preload()]);
      if (restoreInline) injected.restoreInline = restoreInline;
    }
    return injected;
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
  config: SearchConfig,
  context: SearchContext,
  basePath: string,
  facet: string | null,
  language: string | undefined,
) {
  return async (loaderContext: Parameters<NonNullable<StaticRoute['loader']>>[0]) => {
    const [{ loadSearchRoute }] = await Promise.all([import('./search-loader.js'), loadReducer(config)]);
    // The route's own pattern in the page's language (`/chwilio/*`) gives the addresses it reads and writes.
    const base = loaderContext.pattern ? basePathOfPattern(loaderContext.pattern, context) : basePath;
    await loadSearchRoute(loaderContext, { context, basePath: base, facet, language });
  };
}

/** The base path of a search route's pattern (`/chwilio/*` → `/chwilio`); a listing's is its pattern. */
function basePathOfPattern(pattern: string, context: SearchContext): string {
  if (context !== 'facets') return pattern;
  return pattern.replace(/\/?\*$/, '') || '/';
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
  const pattern = (base: string) => `${base === '/' ? '' : base}/*`;
  return {
    path: pattern(basePath),
    ...(options.paths
      ? {
          paths: Object.fromEntries(
            Object.entries(options.paths).map(([language, base]) => [language, pattern(base)]),
          ),
        }
      : {}),
    ...routeParts(config, options),
    loader: loaderFor(config, 'facets', basePath, null, options.language),
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
    ...(options.paths ? { paths: options.paths } : {}),
    ...routeParts(config, options),
    loader: loaderFor(config, 'listings', path, listing, options.language),
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
  options: MinilistOptions = {},
): Pick<ContentTypeMapping, 'injectRedux' | 'loader'> {
  if (!config.minilists?.[id]) throw new Error(`The search configuration has no minilist ${id}`);
  return {
    injectRedux: injectorFor(config, null),
    loader: async (context) => {
      const filters = options.filters ? options.filters(context.entry) : undefined;
      if (filters === null) return;
      const [{ loadMinilist }] = await Promise.all([import('./search-loader.js'), loadReducer(config)]);
      // When the slice's code loaded only now (the first page of a process, or the first
      // navigation to a minilist page), the injected reducer has not built the slice yet, or
      // holds only what the page it hydrated inlined (that page's minilist): one action lets
      // the real reducer build or complete it, or the search below would find no minilist to run.
      if (!isWholeSearchState((context.getState() as Record<string, unknown>)[SEARCH_KEY])) {
        context.dispatch({ type: SEARCH_CODE_LOADED });
      }
      await loadMinilist(context, id, options.language, filters);
    },
  };
}

/** Options of {@link minilistLoader}. */
export interface MinilistOptions {
  /**
   * Content language searched: a language code, or `'page'` for the language of the page
   * (the one its address is in, on a site with several); default every language.
   */
  language?: string;
  /**
   * The minilist's filter values for the page's entry (they select its filter items), e.g.
   * the course's subject for related courses; `null` shows no minilist on that page.
   *
   * @example
   * filters: (entry) => ({ subject: [entry.subject.key], exclude: [entry.sys.id] })
   */
  filters?: (entry: Entry) => Record<string, readonly string[]> | null;
}
