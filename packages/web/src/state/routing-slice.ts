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
  /** The platform calls of the route load and the surrogate keys they returned. */
  apiCallsRecorded(
    state: RoutingState,
    action: PayloadAction<{ calls: ApiCall[]; surrogateKeys: string[] }>,
  ): RoutingState {
    return { ...state, apiCalls: action.payload.calls, surrogateKeys: action.payload.surrogateKeys };
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
