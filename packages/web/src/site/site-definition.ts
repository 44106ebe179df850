import type { Client, Entry } from '@canopy/client';
import type { Reducer, ThunkAction, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { ComponentType, ReactNode } from 'react';
import type { BrowserAnswerCache } from '../client/answer-cache.js';
import type { PageSnapshot, PageSnapshots } from '../client/page-snapshots.js';
import type { ConsentConfig } from '../consent/consent-config.js';
import type { ApiCallLog } from '../delivery/api-call-log.js';
import type { DeliveryAccess } from '../delivery/delivery-access.js';
import type { RequireLogin } from '../routing/access.js';
import type { FetchNode } from '../routing/node-path.js';
import type { RouteOutcome } from '../routing/route-outcome.js';
import type { TrailingSlashRedirectStatus } from '../routing/trailing-slash.js';
import type { SeoConfig } from '../seo/seo-config.js';
import type { CspDirective } from '../server/security-headers.js';
import type { InlineContentOptions } from '../state/inline-content.js';
import type { PageOutages } from '../state/page-outages.js';
import type { RouteNode, RoutingLocation } from '../state/routing-slice.js';
import type { SiteLogger } from '../state/site-logger.js';
import type { SiteState } from '../state/site-state.js';
import type { VersionInfo } from '../version/version-info.js';

/** What every route component (static route or content type mapping) receives. */
export interface RouteComponentProps<TMapped = unknown> {
  /** The entry of the page (null for a static route without a node). */
  entry: Entry | null;
  /** What the mapping's `entryMapper` made of the entry (the entry itself without one). */
  mappedEntry: TMapped;
  /** The content type of the entry, if any. */
  contentTypeId: string | null;
  projectId: string;
  /** The static route's parameters (empty for content pages). */
  params: Readonly<Record<string, string>>;
  isLoggedIn: boolean;
}

/** Which fields of an entry to load and how deep to resolve its links. */
export interface EntryLoadOptions {
  /** Entry fields to load; all when absent. */
  fields?: readonly string[];
  /** Link depth of the entry (default 2, website spec §9). */
  linkDepth?: number;
  /** Per-field link depths, e.g. `{ 'body.relatedLinks': 1 }`. */
  fieldLinkDepths?: Readonly<Record<string, number>>;
}

/** Options of a node list (children, siblings): `true` for the defaults. */
export type NodeListOption = boolean | { fields?: readonly string[]; linkDepth?: number };

/** A reducer (and optionally listeners) a route adds to the store when it is first shown. */
export interface InjectedRedux {
  /** The state key of the reducer. */
  key: string;
  reducer: Reducer;
  /**
   * The browser hydrates this slice with a stand-in reducer that keeps the state it is given
   * (the real one loads later and completes it from its initial state), so the page inlines,
   * of each changed record of a changed member (a minilist by id), its differences and the
   * members named in `keep`, which the stand-in renders from: `{ keep: ['title'] }`.
   */
  hydratesWithoutInitialState?: { keep: readonly string[] };
  /**
   * Puts back, before hydration, what the server's inline state wrote of this slice in a
   * shorter form (the search slice's filter items, see `trimInlineSearch`): called with the
   * slice as the page inlined it, returns it whole.
   */
  restoreInline?: (slice: unknown) => unknown;
}

/** Loads the reducer of a route on demand (code-split modules can return a promise). */
export type ReduxInjector = () => InjectedRedux | Promise<InjectedRedux>;

/** What an `entryMapper` gets besides the entry. */
export interface EntryMapperContext {
  node: RouteNode | null;
  ancestors: readonly RouteNode[];
  children: readonly RouteNode[];
  siblings: readonly RouteNode[];
  location: RoutingLocation;
  state: SiteState;
}

/** Turns a loaded entry into the props a component wants; its result must be JSON-serialisable. */
export type EntryMapper<TMapped = unknown> = (
  entry: Entry,
  context: EntryMapperContext,
) => TMapped | Promise<TMapped>;

/**
 * Which component renders the entries of one content type, and what to load for it (website
 * spec §3, "content-type mapping options").
 *
 * @example
 * const mapping: ContentTypeMapping = {
 *   contentTypeId: 'course',
 *   component: CoursePage,
 *   linkDepth: 1,
 *   nodeOptions: { siblings: true },
 *   entryMapper: (entry) => ({ title: entry.entryTitle, fees: entry.fees }),
 * };
 */
export interface ContentTypeMapping<TMapped = unknown> extends EntryLoadOptions {
  contentTypeId: string;
  // biome-ignore lint/suspicious/noExplicitAny: mappings of different prop types live in one list; each component checks its own props
  component: ComponentType<RouteComponentProps<any>>;
  /** Children and siblings of the node to load with the page. */
  nodeOptions?: { children?: NodeListOption; siblings?: NodeListOption };
  injectRedux?: ReduxInjector;
  entryMapper?: EntryMapper<TMapped>;
  /**
   * Loads more of the page's data into the store (a minilist, say), with the entry the node
   * pointed to; runs alongside the entry's relatives, on the server before rendering and in
   * the browser on navigation.
   */
  loader?: (context: RouteLoaderContext & { entry: Entry }) => void | Promise<void>;
  /** Who may see pages of this type; a function decides per entry (e.g. from a field). */
  requireLogin?: RequireLogin | ((entry: Entry) => RequireLogin | null | undefined);
}

/** What a static route's `loader` can use. */
export interface RouteLoaderContext {
  dispatch: SiteDispatch;
  getState: () => SiteState;
  params: Readonly<Record<string, string>>;
  location: RoutingLocation;
  /** A delivery client for the request's version status; its calls count for the page. */
  client: Client;
  isServer: boolean;
  signal: AbortSignal;
  /** The route's pattern as it matched, in the page's language (`/chwilio/*` on a Welsh page). */
  pattern?: string;
}

/**
 * A route matched before the content tree (website spec §2), in React Router pattern syntax.
 *
 * @example
 * const route: StaticRoute = { path: '/courses/:slug/apply', component: ApplyPage, fetchNode: { params: ['slug'] }, requireLogin: true };
 */
export interface StaticRoute extends EntryLoadOptions {
  /** The route's pattern in the site's default language; also its name in the state (`staticRoute.path`). */
  path: string;
  /**
   * The route's pattern in other languages, with the same parameters (`{ cy: '/newyddion' }`):
   * on a Welsh page `/cy/newyddion` is this route, and `/cy/news` redirects there (301). A
   * language not named keeps `path`.
   */
  paths?: Readonly<Record<string, string>>;
  /** The page's name in its `<title>` (before the site name), e.g. `Sign in`. */
  title?: string;
  // biome-ignore lint/suspicious/noExplicitAny: see ContentTypeMapping.component
  component: ComponentType<RouteComponentProps<any>>;
  requireLogin?: RequireLogin;
  /** Load a content node for this route, found as {@link FetchNode} describes. */
  fetchNode?: FetchNode;
  /** Loads the route's data into the store; runs on the server before rendering and in the browser on navigation. */
  loader?: (context: RouteLoaderContext) => void | Promise<void>;
  injectRedux?: ReduxInjector;
}

/** What the route events get. */
export interface RouteEvent {
  location: RoutingLocation;
  /** The path the content is loaded for. */
  path: string;
  /** The static route pattern that matched, if any. */
  staticRoute: string | null;
  isServer: boolean;
}

/** A route event handler may stop the scroll to the top after navigation. */
export type RouteEventResult = undefined | { preventScrollTop?: boolean };

/** Handlers called around every route load (server and browser). */
export interface RouteEvents {
  onRouteLoad?: (event: RouteEvent) => RouteEventResult;
  onRouteLoaded?: (event: RouteEvent & { entry: Entry | null; statusCode: number }) => RouteEventResult;
}

/** Props of the not-found component. */
export interface NotFoundProps {
  statusCode: number;
  statusText?: string | null;
}

/** Props of the layout component. */
export interface LayoutProps {
  children: ReactNode;
}

/**
 * A website: its routes, content type mappings and shell components. Everything here is code
 * that runs on the server and in the browser; deployment settings (platform URL, tokens,
 * ports) are given to the site server instead.
 */
export interface SiteDefinition {
  /** The site's name, used in page titles. */
  name: string;
  /** Default content language (default `en-GB`): the language served at the root of the site. */
  language?: string;
  /**
   * Every language the site publishes, in the order its language switcher lists them, the
   * default (`language`) among them: `['en-GB', 'cy']`. Each language but the default is
   * served under its prefix (`/cy/…`, see `languagePrefixes`). None, or one: a site in one
   * language, with no prefixes, switcher or alternates.
   */
  languages?: readonly string[];
  /**
   * The path prefix of a language other than the default, one lower-case path segment
   * (default: the language code in lower case, `cy` → `/cy/…`).
   */
  languagePrefixes?: Readonly<Record<string, string>>;
  /**
   * A host name of its own for a language (`{ cy: 'www.aberwen.cymru' }`): that language is
   * served at the root of that host, without a prefix. The host must be one the site server
   * answers (its `hosts`), whose configured public address the other languages' links use.
   */
  languageHosts?: Readonly<Record<string, string>>;
  /** Routes matched before the content tree. */
  routes?: readonly StaticRoute[];
  /** Components for entries by content type. */
  contentTypeMappings: readonly ContentTypeMapping[];
  /** Wraps every page (header, navigation, footer). */
  layout?: ComponentType<LayoutProps>;
  /** Shown for 404 and errors (default: the framework's NotFound). */
  notFound?: ComponentType<NotFoundProps>;
  /** Shown while a page loads in the browser. */
  loading?: ComponentType;
  routeEvents?: RouteEvents;
  /** Status of the trailing-slash redirect (default 302). */
  trailingSlashRedirectStatus?: TrailingSlashRedirectStatus;
  /** Depth of the navigation tree loaded from the root node (default 2). */
  navigationDepth?: number;
  /** The version information page: its path (default `/version`), or `false` for none. */
  versionPage?: false | { path: string };
  /** Base path of entry previews (default `/preview`). */
  previewPath?: string;
  /** Extra reducers of the site, by state key. */
  reducers?: Readonly<Record<string, Reducer>>;
  /** The page title for the current state (default: the entry title, then the site name). */
  title?: (state: SiteState) => string;
  /** Cookie consent: popup, preferences panel, categories (none: the site asks nothing). */
  consent?: ConsentConfig;
  /**
   * Content-Security-Policy sources the site's own embeds need, e.g.
   * `{ 'frame-src': ['https://www.youtube-nocookie.com'] }` (the server options can add more).
   */
  cspSources?: Partial<Record<CspDirective, readonly string[]>>;
  /**
   * Search engines: page metadata overrides, `robots.txt` rules and the sitemap (see
   * {@link SeoConfig}); everything has a default.
   */
  seo?: SeoConfig;
  /**
   * Content members a page's inline state keeps besides the defaults (see
   * `INLINE_SYS_MEMBERS` and `INLINE_NODE_MEMBERS`), for components that read more of an
   * entry's `sys` or of a node in the browser.
   */
  inlineContent?: InlineContentOptions;
}

/**
 * Declares a site (an identity function that gives type checking and editor help).
 *
 * @example
 * export const site = defineSite({
 *   name: 'Aberwen University',
 *   layout: Layout,
 *   contentTypeMappings: [{ contentTypeId: 'contentPage', component: ContentPage }],
 * });
 */
export function defineSite(site: SiteDefinition): SiteDefinition {
  return site;
}

// The store's dispatch and services are mutually recursive with the site definition (a thunk gets
// the services, the services hold the site, the site's loaders get the dispatch), so they live in
// this one module: split apart, the modules would import each other.

/** The store's dispatch: plain actions and thunks that get the {@link SiteServices}. */
export type SiteDispatch = ThunkDispatch<SiteState, SiteServices, UnknownAction>;

/** A thunk of the site store. */
export type SiteThunk<R> = ThunkAction<R, SiteState, SiteServices, UnknownAction>;

/** The browser's caches for client navigation; see `BrowserAnswerCache` and `PageSnapshots`. */
export interface NavigationCache {
  answers: BrowserAnswerCache | null;
  pages: PageSnapshots | null;
  /** Shows a kept page again (`restorePage`), once the caches are there. */
  restorePage:
    | ((location: RoutingLocation, snapshot: PageSnapshot, navigation?: number) => SiteThunk<RouteOutcome>)
    | null;
  /** Pages left before the caches arrived (kept once they do). */
  waiting: { state: SiteState; at: number }[];
}

/**
 * What the thunks of a store may use besides the state: the site, platform access and the
 * environment. One set per store (per request on the server); nothing in it is serialised.
 */
export interface SiteServices {
  readonly site: SiteDefinition;
  /** Whether this store lives on the server (rendering one request). */
  readonly isServer: boolean;
  readonly delivery: DeliveryAccess;
  readonly logger: SiteLogger;
  /** Every platform call of the request (server only), for the `Surrogate-Key` header. */
  readonly requestLog: ApiCallLog | null;
  /**
   * Where loaders report the platform failures a page shows instead of content (server only):
   * such a page is answered as a failed render, never cached as the page (see `PageOutages`).
   */
  readonly outages?: PageOutages | null;
  /** The version information (the server's own; the browser fetches `/__version__`). */
  versionInfo(): Promise<VersionInfo>;
  /** Adds a reducer to the store under `key` (a no-op if present). */
  injectReducer(
    key: string,
    reducer: Reducer,
    options?: Pick<InjectedRedux, 'hydratesWithoutInitialState'>,
  ): void;
  /**
   * The browser's caches for client navigation (browser only; they arrive shortly after
   * hydration): the delivery answers and the pages the visitor left.
   */
  readonly navigationCache?: NavigationCache;
  /**
   * The current navigation (see `claimNavigation`): a later navigation supersedes an earlier
   * one, whose load in flight is aborted.
   */
  readonly navigation: { sequence: number; controller: AbortController | null };
}
