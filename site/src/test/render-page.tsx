// Renders a page of the real site (layout, mappings, static routes) from a given routing
// state, the way the server's single render pass does, without loading anything.
import {
  createDeliveryAccess,
  createSiteStore,
  type Entry,
  type InjectedRedux,
  initialNavigationState,
  initialRoutingState,
  initialUserState,
  initialVersionState,
  preloadComponent,
  type RouteNode,
  SiteApp,
  type StaticRouteState,
} from '@canopy/web';
import { renderToString } from 'react-dom/server';
import { site } from '../site.js';
import { menuRoot, node } from './fixtures.js';

// Page components load with their routes (`lazyComponent`); the server preloads a page's before
// its one render pass, and so does this module, for every page, before any test renders.
await Promise.all(
  [...site.contentTypeMappings, ...(site.routes ?? [])].map((route) => preloadComponent(route.component)),
);

/** What the page shows: the state a route load would have left. */
export interface PageState {
  /** Path and query, e.g. `/news?page=2`. */
  url: string;
  entry?: Entry | null;
  /** The page's node; by default one at the path, named after the entry. */
  node?: RouteNode | null;
  ancestors?: RouteNode[];
  /** Children loaded with `nodeOptions.children`. */
  children?: RouteNode[];
  staticRoute?: StaticRouteState | null;
  notFound?: boolean;
  statusCode?: number;
  /** What the mapping's entry mapper made of the entry (the entry by default). */
  mappedEntry?: unknown;
  /** Reducers a route injects (e.g. search) and their state, by key. */
  injected?: InjectedRedux[];
  slices?: Record<string, unknown>;
  /**
   * A page in another language: its language, prefix and words (`{ language: 'cy', basePath:
   * '/cy', words }`); `url` is then the path in that language's tree, without the prefix.
   */
  inLanguage?: { language: string; basePath: string; words: Readonly<Record<string, string>> };
}

/** The HTML of the whole page, without React Router's route-discovery attribute. */
export function renderPage(state: PageState): string {
  const parsed = new URL(state.url, 'http://site.test');
  const entry = state.entry ?? null;
  const pageNode =
    state.node === undefined
      ? entry
        ? node(parsed.pathname, entry.entryTitle ?? '', state.children ? { children: state.children } : {})
        : null
      : state.node;
  const store = createSiteStore({
    services: {
      site,
      isServer: true,
      delivery: createDeliveryAccess({ rootUrl: 'http://platform.invalid', projectId: 'website' }),
      logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
      requestLog: null,
      versionInfo: async () => {
        throw new Error('unused');
      },
    },
    preloadedState: {
      routing: {
        ...initialRoutingState,
        currentProject: 'website',
        currentPath: parsed.pathname,
        location: { pathname: parsed.pathname, search: parsed.search, hash: '' },
        currentNode: pageNode,
        currentNodeAncestors:
          state.ancestors ?? (parsed.pathname === '/' ? [] : [node('/', 'Aberwen University')]),
        entry,
        entryID: entry?.sys.id ?? null,
        mappedEntry: state.mappedEntry === undefined ? entry : state.mappedEntry,
        staticRoute: state.staticRoute ?? null,
        notFound: state.notFound ?? false,
        statusCode: state.statusCode ?? 200,
        ...state.inLanguage,
      },
      navigation: { ...initialNavigationState, root: menuRoot, isReady: true },
      version: initialVersionState,
      user: initialUserState,
      ...state.slices,
    },
    injected: state.injected,
  });
  const html = renderToString(
    <SiteApp
      site={site}
      store={store}
      history={{
        kind: 'memory',
        url: `${state.inLanguage?.basePath ?? ''}${parsed.pathname}${parsed.search}`,
      }}
    />,
  );
  return html.replaceAll(' data-discover="true"', '');
}

/** The content of `main`: the page without header, breadcrumbs and footer. */
export function mainOf(html: string): string {
  const match = /<main[^>]*>([\s\S]*)<\/main>/.exec(html);
  if (!match?.[1]) throw new Error('The page has no main element');
  return match[1];
}
