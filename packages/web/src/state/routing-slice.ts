import type { DeliveryNode, Entry } from '@canopy/client';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { ApiCall } from '../delivery/api-call-log.js';
import { plainSlice } from './plain-slice.js';

/** A node of the site view as kept in the state (its entry, when loaded, is kept separately). */
export type RouteNode = Omit<DeliveryNode, 'children'> & { children?: RouteNode[] };

/** The parts of a URL routing looks at. */
export interface RoutingLocation {
  pathname: string;
  search: string;
  hash: string;
}

/** The static route that matched, as plain data. */
export interface StaticRouteState {
  /** The route pattern. */
  path: string;
  params: Record<string, string>;
  /** The content node path derived for the route, when it loads one. */
  nodePath: string | null;
  /** The route's page name for the title, when it has one. */
  title?: string;
}

/** Why a route failed. */
export interface RouteError {
  message: string;
  status: number;
}

/** A redirect decided while loading (sign in, access denied). */
export interface RouteRedirect {
  status: number;
  location: string;
}

/** The page in another language, as the language switcher links to it. */
export interface LanguageLink {
  /** The language (`cy`). */
  language: string;
  /** The language's name in itself (`Cymraeg`, `English`): what the link says. */
  name: string;
  /** The link: the same page in that language, else that language's home with the notice. */
  href: string;
  /** Whether `href` is the same page; false: the language's home page (no translation). */
  translated: boolean;
}

/** The page in the site's other languages (a site with more than one language only). */
export interface LanguageVersions {
  /** One link per other language, in the site's order. */
  switcher: LanguageLink[];
  /** `<link rel="alternate" hreflang>` of every version, its own and `x-default` included; empty for a page in one language. */
  alternates: { hreflang: string; href: string }[];
  /**
   * The visitor came from the switcher of a page with no version in this language (the
   * address has `?translation=missing`): the page should say so.
   */
  missingTranslation?: true;
}

/** The routing state (website spec §3). */
export interface RoutingState {
  /** The page's canonical path: the entry's URI, else the current path. */
  canonicalPath: string | null;
  currentHostname: string;
  /**
   * The site's public origin (e.g. `https://www.example.com`) the canonical link and Open
   * Graph URLs are written with; `null` when unknown (no canonical link).
   */
  publicOrigin: string | null;
  currentPath: string;
  currentNode: RouteNode | null;
  currentNodeAncestors: RouteNode[];
  currentNodeSiblings: RouteNode[];
  /** The id of the parent the siblings share. */
  currentNodeSiblingsParent: string | null;
  currentProject: string;
  entryID: string | null;
  entry: Entry | null;
  mappedEntry: unknown;
  error: RouteError | null;
  isError: boolean;
  /** Set when the path changes, in the browser only (the server finishes loading before it renders). */
  isLoading: boolean;
  location: RoutingLocation;
  notFound: boolean;
  staticRoute: StaticRouteState | null;
  statusCode: number;
  surrogateKeys: string[];
  apiCalls: ApiCall[];
  /** The path being loaded, until it is loaded. */
  nextPath: string | null;
  /** Who may see the route: `null` anyone, `[]` any signed-in visitor, else these groups. */
  allowedGroups: string[] | null;
  /** Where the visitor must go instead (sign in, access denied). */
  redirect: RouteRedirect | null;
  /** Whether the page is an entry preview. */
  isPreview: boolean;
  // The three below are left out of the initial state (a page in the default language has
  // none of them), so the first load of such a page carries no code for them.
  /** The page's language when it is not the site's default (`cy`); absent: the default language. */
  language?: string;
  /**
   * The prefix of the page's language (`/cy`), `''` for the default language: the router's
   * basename, so paths in the state and in links are the language's own tree's
   * (`/cyrsiau/…`) and every link stays in the language. Absent: `''`.
   */
  basePath?: string;
  /** The switcher's links and the hreflang alternates of the page; absent or null for a site in one language. */
  languageVersions?: LanguageVersions | null;
  /**
   * The public origin of each language, on a site that gives a language a host of its own
   * (from the site server's configured hosts, never the request): links to another language
   * are absolute on its origin. Absent otherwise (`publicOrigin` serves every language).
   */
  languageOrigins?: Readonly<Record<string, string>>;
  /**
   * The page's interface words when it is not in the default language (the site's catalogue
   * formatted in its language, see `pageWordsOf`); absent: the components' own words.
   */
  words?: Readonly<Record<string, string>>;
}

/** The routing state before anything is loaded. */
export const initialRoutingState: RoutingState = {
  canonicalPath: null,
  currentHostname: '',
  publicOrigin: null,
  currentPath: '/',
  currentNode: null,
  currentNodeAncestors: [],
  currentNodeSiblings: [],
  currentNodeSiblingsParent: null,
  currentProject: '',
  entryID: null,
  entry: null,
  mappedEntry: null,
  error: null,
  isError: false,
  isLoading: false,
  location: { pathname: '/', search: '', hash: '' },
  notFound: false,
  staticRoute: null,
  statusCode: 200,
  surrogateKeys: [],
  apiCalls: [],
  nextPath: null,
  allowedGroups: null,
  redirect: null,
  isPreview: false,
};

/** What a successful route load stores. */
export interface RouteLoadedPayload {
  entry: Entry | null;
  mappedEntry: unknown;
  node: RouteNode | null;
  ancestors: RouteNode[];
  siblings: RouteNode[];
  staticRoute: StaticRouteState | null;
  allowedGroups: string[] | null;
  isPreview: boolean;
}

/**
 * The page's own data, cleared: the initial state's own values, so the inline state leaves
 * them out (see `leanState`).
 */
const NO_PAGE = {
  entry: null,
  entryID: null,
  mappedEntry: null,
  currentNode: null,
  currentNodeAncestors: initialRoutingState.currentNodeAncestors,
  currentNodeSiblings: initialRoutingState.currentNodeSiblings,
  currentNodeSiblingsParent: null,
} satisfies Partial<RoutingState>;

/**
 * The routing slice: one action per step of a route load (website spec §4). A plain slice
 * (no Immer): every page hydrates with it.
 */
export const routingSlice = plainSlice('routing', initialRoutingState, {
  /** A path is about to be loaded. `isBrowser` decides whether it shows as loading. */
  routeRequested(
    state: RoutingState,
    action: PayloadAction<{ location: RoutingLocation; path: string; isBrowser: boolean }>,
  ): RoutingState {
    const { location, path, isBrowser } = action.payload;
    return {
      ...state,
      location,
      currentPath: path,
      nextPath: path,
      redirect: null,
      ...(isBrowser ? { isLoading: true } : {}),
    };
  },
  /** The page is loaded: entry set, status 200. */
  routeLoaded(state: RoutingState, action: PayloadAction<RouteLoadedPayload>): RoutingState {
    const page = action.payload;
    return {
      ...state,
      entry: page.entry,
      entryID: page.entry?.sys?.id ?? null,
      mappedEntry: page.mappedEntry,
      currentNode: page.node,
      currentNodeAncestors: page.ancestors,
      currentNodeSiblings: page.siblings,
      currentNodeSiblingsParent: page.node?.parentId ?? null,
      staticRoute: page.staticRoute,
      allowedGroups: page.allowedGroups,
      isPreview: page.isPreview,
      canonicalPath: page.entry?.sys?.uri ?? state.currentPath,
      notFound: false,
      isError: false,
      error: null,
      statusCode: 200,
      isLoading: false,
      nextPath: null,
    };
  },
  /** Nothing at the path: 404, no entry. */
  routeNotFound(
    state: RoutingState,
    action: PayloadAction<{ staticRoute?: StaticRouteState | null } | undefined>,
  ): RoutingState {
    return {
      ...state,
      ...NO_PAGE,
      staticRoute: action.payload?.staticRoute ?? null,
      notFound: true,
      isError: false,
      error: null,
      statusCode: 404,
      canonicalPath: state.currentPath,
      allowedGroups: null,
      isPreview: false,
      isLoading: false,
      nextPath: null,
    };
  },
  /** Loading failed: error state with the failure's status (default 500). */
  routeFailed(
    state: RoutingState,
    action: PayloadAction<{ status?: number; message: string }>,
  ): RoutingState {
    const status = action.payload.status && action.payload.status >= 400 ? action.payload.status : 500;
    return {
      ...state,
      ...NO_PAGE,
      isError: true,
      notFound: false,
      error: { message: action.payload.message, status },
      statusCode: status,
      canonicalPath: state.currentPath,
      isPreview: false,
      isLoading: false,
      nextPath: null,
    };
  },
  /** The visitor must sign in (401) or lacks a group (403); the page is not loaded. */
  routeAccessRequired(
    state: RoutingState,
    action: PayloadAction<{ status: 401 | 403; location: string; allowedGroups: string[] | null }>,
  ): RoutingState {
    return {
      ...state,
      ...NO_PAGE,
      staticRoute: null,
      allowedGroups: action.payload.allowedGroups,
      redirect: { status: action.payload.status, location: action.payload.location },
      statusCode: action.payload.status,
      isError: false,
      notFound: false,
      error: null,
      isPreview: false,
      isLoading: false,
      nextPath: null,
    };
  },
  /**
   * The platform calls of the route load and the surrogate keys they returned; on a site in
   * several languages also the page's versions in the others (found with the page, see
   * `languageVersionsOf`).
   */
  apiCallsRecorded(
    state: RoutingState,
    action: PayloadAction<Pick<RoutingState, 'apiCalls' | 'surrogateKeys' | 'languageVersions'>>,
  ): RoutingState {
    return { ...state, ...action.payload };
  },
});

/** Action creators of the routing slice, one per step of a route load. */
export const {
  routeRequested,
  routeLoaded,
  routeNotFound,
  routeFailed,
  routeAccessRequired,
  apiCallsRecorded,
} = routingSlice.actions;
