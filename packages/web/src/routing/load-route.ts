import type { Client, Entry } from '@canopy/client';
import { ApiCallLog } from '../delivery/api-call-log.js';
import { withBasePath } from '../i18n/base-path.js';
import { staticRoutesOf } from '../site/routes.js';
import type {
  ContentTypeMapping,
  RouteEvent,
  RouteEventResult,
  SiteDefinition,
  StaticRoute,
} from '../site/site-definition.js';
import {
  apiCallsRecorded,
  type LanguageVersions,
  type RouteLoadedPayload,
  type RouteNode,
  type RoutingLocation,
  routeAccessRequired,
  routeFailed,
  routeLoaded,
  routeNotFound,
  routeRequested,
  type StaticRouteState,
} from '../state/routing-slice.js';
import type { SiteServices } from '../state/services.js';
import type { SiteDispatch, SiteState, SiteThunk } from '../state/store-types.js';
import { accessRedirect, allowedGroupsOf, checkAccess, type RequireLogin } from './access.js';
import { findMapping } from './find-mapping.js';
import { languageVersionsOf } from './language-versions.js';
import { preloadComponent } from './lazy-component.js';
import { claimNavigation, isCurrentNavigation } from './navigation-turns.js';
import { deriveNodePath } from './node-path.js';
import { PREVIEW_PATH, parsePreviewPath } from './preview.js';
import { describeError, hasCustomEntryOptions, loadEntry, loadNode, loadRelatives } from './route-data.js';
import { classifyRouteError, UNAVAILABLE_MESSAGE } from './route-errors.js';
import type { RouteOutcome } from './route-outcome.js';
import { matchRouteIn, movedRoutePath, routeAddresses } from './route-paths.js';
import { trimTrailingSlash } from './trailing-slash.js';

export type { RouteOutcome } from './route-outcome.js';
export { findMapping };

/** Options of {@link loadRoute}. */
export interface LoadRouteOptions {
  /**
   * Load for a prefetch (into a scratch store, to fill the browser's caches): the site's route
   * events are not called.
   */
  prefetch?: boolean;
  /**
   * The navigation this load belongs to, claimed when the address changed
   * (`claimNavigation`): the load does nothing once a newer navigation has started. Without
   * one, the load claims a navigation itself.
   */
  navigation?: number;
}

/** What a successful resolution produced, before it is stored. */
type Resolution =
  | { kind: 'page'; page: RouteLoadedPayload; versions?: LanguageVersions | null }
  | { kind: 'notFound'; staticRoute?: StaticRouteState | null }
  | { kind: 'access'; status: 401 | 403; allowedGroups: string[] | null };

/** Everything one route load works with. */
interface LoadContext {
  dispatch: SiteDispatch;
  getState: () => SiteState;
  services: SiteServices;
  site: SiteDefinition;
  client: Client;
  /** The route's platform calls (the routing state's `apiCalls`); every client of the load records here. */
  log: ApiCallLog;
  location: RoutingLocation;
  path: string;
  signal: AbortSignal;
}

/**
 * Loads everything a location needs and stores it: THE route-loading logic, used by the server
 * (awaited before its single render) and by the browser (dispatched on navigation).
 *
 * Order: static routes first (access check, injected reducer, loader, optional content node),
 * then `/preview/{entryId}[/{language}]`, then the content tree (node by path, content type
 * mapping, access check, entry with the mapping's options, ancestors / children / siblings,
 * entry mapper). 401 and 403 become a redirect to sign in or to access denied, 404 the
 * not-found state, other failures the error state with their status (503 when the platform
 * cannot be reached). A later load supersedes an earlier one still in flight.
 *
 * @example
 * const outcome = await store.dispatch(loadRoute({ pathname: '/about', search: '', hash: '' }));
 * if (outcome.kind === 'redirect') reply.redirect(outcome.location);
 */
export function loadRoute(
  location: RoutingLocation,
  options: LoadRouteOptions = {},
): SiteThunk<Promise<RouteOutcome>> {
  return async (dispatch, getState, services) => {
    const { site, logger } = services;
    const turns = services.navigation;
    if (options.navigation !== undefined && !isCurrentNavigation(turns, options.navigation)) {
      return { kind: 'superseded' };
    }
    const sequence = options.navigation ?? claimNavigation(turns);
    const controller = new AbortController();
    turns.controller = controller;
    const isCurrent = () => isCurrentNavigation(turns, sequence);

    const path = safeDecodePath(trimTrailingSlash(location.pathname));
    const hadEntry = getState().routing.entry !== null;
    const language = pageLanguage(getState(), site);
    const routes = staticRoutesOf(site);
    // Static routes match by their pattern in the page's language (`/newyddion` on a Welsh page).
    const match = matchRouteIn(routes, language, path);
    // A route's default-language address in a language where it has its own (`/cy/news`) has
    // moved there for good; the query goes with it.
    const moved = match ? null : movedRoutePath(routes, language, site.language ?? 'en-GB', path);
    if (moved !== null) return { kind: 'redirect', status: 301, location: `${moved}${location.search}` };
    // A new address on the same static route (a search refined, a page turned) keeps the page
    // on screen while it loads: the route's own state shows what is loading.
    const sameRoute = match !== null && getState().routing.staticRoute?.path === match.route.path;
    dispatch(routeRequested({ location, path, isBrowser: !services.isServer && !sameRoute }));

    // In the browser the delivery client's code may still be on its way (deferredDeliveryAccess).
    if (services.delivery.ready) {
      await services.delivery.ready();
      if (!isCurrent()) return { kind: 'superseded' };
    }
    const log = new ApiCallLog(services.requestLog);
    const client = services.delivery.client({ versionStatus: getState().version.versionStatus, log });
    const context: LoadContext = {
      dispatch,
      getState,
      services,
      site,
      client,
      log,
      location,
      path,
      signal: controller.signal,
    };

    const event: RouteEvent = {
      location,
      path,
      staticRoute: match?.route.path ?? null,
      isServer: services.isServer,
    };
    // A prefetch is no visit: the site's route events do not hear of it.
    const events = options.prefetch ? undefined : site.routeEvents;
    let preventScrollTop = prevents(callEvent(() => events?.onRouteLoad?.(event), logger));

    let resolution: Resolution | null = null;
    let failure: ReturnType<typeof classifyRouteError> | null = null;
    try {
      resolution = match
        ? await resolveStaticRoute(context, match.route, match.pattern, match.params)
        : await resolveContentRoute(context);
    } catch (error) {
      failure = classifyRouteError(error);
      // An abort this load did not ask for (a request it shared was given up by another) is a
      // failed request like any other: the page must not wait for ever, nor pass for missing.
      if (failure.kind === 'aborted' && !controller.signal.aborted) failure = unavailable();
      if (failure.kind === 'error') {
        logger.error(`Loading route ${path} failed`, { error: describeError(error) });
      }
    }
    if (!isCurrent() || failure?.kind === 'aborted') return { kind: 'superseded' };
    // The page in the site's other languages: a content page found them with its data; any
    // other page has no platform call to make for them.
    const versions =
      resolution?.kind === 'page' && resolution.versions !== undefined
        ? resolution.versions
        : site.languages && site.languages.length > 1 && resolution?.kind !== 'access'
          ? await languageVersionsOf(
              site,
              client,
              {
                language,
                path: resolution?.kind === 'page' ? path : null,
                entry: null,
                isStaticRoute: true,
                // A static route's address in each language, from its pattern there.
                ...(match ? { staticPaths: routeAddresses(match.route, site.languages, match.params) } : {}),
                origin: getState().routing.languageOrigins ?? getState().routing.publicOrigin,
                search: location.search,
              },
              logger,
              controller.signal,
            )
          : undefined;
    if (turns.controller === controller) turns.controller = null;

    dispatch(
      apiCallsRecorded({
        apiCalls: log.entries(),
        surrogateKeys: log.keys(),
        ...(versions !== undefined ? { languageVersions: versions } : {}),
      }),
    );
    // The page's address on the site (with its language's prefix), to come back to after signing in.
    const requested = `${withBasePath(getState().routing.basePath ?? '', path)}${location.search}`;
    const isAuthenticated = getState().user.authenticationState.isAuthenticated;

    const access =
      failure?.kind === 'access'
        ? { status: failure.status, allowedGroups: null }
        : resolution?.kind === 'access'
          ? resolution
          : null;
    if (access) {
      const target = accessRedirect(access.status, isAuthenticated, requested);
      dispatch(
        routeAccessRequired({ status: access.status, location: target, allowedGroups: access.allowedGroups }),
      );
      return { kind: 'redirect', status: access.status, location: target };
    }

    if (resolution?.kind !== 'page' && site.notFound) {
      // The site's not-found page may load lazily: it comes before the page shows it.
      await preloadComponent(site.notFound)?.catch(() => undefined);
      if (!isCurrent()) return { kind: 'superseded' };
    }
    let outcome: RouteOutcome;
    if (failure?.kind === 'error') {
      dispatch(routeFailed({ status: failure.status, message: failure.message }));
      outcome = { kind: 'error', status: getState().routing.statusCode, preventScrollTop };
    } else if (resolution?.kind === 'page') {
      dispatch(routeLoaded(resolution.page));
      outcome = { kind: 'loaded', status: 200, preventScrollTop };
    } else {
      dispatch(
        routeNotFound({ staticRoute: resolution?.kind === 'notFound' ? resolution.staticRoute : null }),
      );
      outcome = { kind: 'notFound', status: 404, hadEntry, preventScrollTop };
    }

    const loaded = getState().routing;
    preventScrollTop =
      prevents(
        callEvent(
          () =>
            events?.onRouteLoaded?.({
              ...event,
              entry: loaded.entry,
              statusCode: loaded.statusCode,
            }),
          logger,
        ),
      ) || preventScrollTop;
    return { ...outcome, preventScrollTop };
  };
}

async function resolveStaticRoute(
  context: LoadContext,
  route: StaticRoute,
  pattern: string,
  params: Record<string, string>,
): Promise<Resolution> {
  const { dispatch, getState, services, path } = context;
  const access = checkAccess(route.requireLogin, visitorOf(getState()));
  if (access !== 'allowed')
    return { kind: 'access', status: access, allowedGroups: allowedGroupsOf(route.requireLogin) };

  // The page's code (a lazy component) loads alongside its data.
  const code = preloadComponent(route.component);
  code?.catch(() => undefined); // awaited below; a failure before that must not go unhandled
  if (route.injectRedux) {
    const injected = await route.injectRedux();
    services.injectReducer(injected.key, injected.reducer, injected);
  }
  const nodePath = route.fetchNode
    ? deriveNodePath({ pattern, pathname: path, params, fetchNode: route.fetchNode })
    : null;
  const staticRoute: StaticRouteState = {
    path: route.path,
    params,
    nodePath,
    ...(route.title ? { title: route.title } : {}),
  };

  let entry: Entry | null = null;
  let node: RouteNode | null = null;
  let ancestors: RouteNode[] = [];
  const shown = getState().routing;
  const loadPageNode = async () => {
    if (
      nodePath !== null &&
      shown.staticRoute?.path === route.path &&
      shown.staticRoute.nodePath === nodePath &&
      shown.currentNode
    ) {
      // The same route at another address (new query or parameters) shows the same node.
      node = shown.currentNode;
      entry = shown.entry;
      ancestors = [...shown.currentNodeAncestors];
    } else if (nodePath !== null) {
      const loaded = await loadNode(context.client, nodePath, context.signal);
      node = loaded.node;
      entry = loaded.entry;
      if (entry && hasCustomEntryOptions(route)) {
        entry = await loadEntry(context.client, entry.sys.id, entry.sys.language, route, context.signal);
      }
      ancestors = (await loadRelatives(context.client, { nodeId: node.id }, services.logger, context.signal))
        .ancestors;
    }
  };
  // The route's loader gets neither the node nor its entry (they reach the state only with
  // the page), so its requests (a search page's search) go out beside the node's instead of
  // one round trip after it. Both settle before the route does; a failing node lookup (404,
  // the platform down) decides the outcome before a failing loader.
  const loader = route.loader;
  const [nodeLoad, loaderRun] = await Promise.allSettled([
    loadPageNode(),
    loader
      ? loader({
          dispatch,
          getState,
          params,
          location: context.location,
          client: context.client,
          isServer: services.isServer,
          signal: context.signal,
          pattern,
        })
      : undefined,
  ]);
  if (nodeLoad.status === 'rejected') throw nodeLoad.reason;
  if (loaderRun.status === 'rejected') throw loaderRun.reason;
  await code;
  return {
    kind: 'page',
    page: {
      entry,
      mappedEntry: entry,
      node,
      ancestors,
      siblings: [],
      staticRoute,
      allowedGroups: allowedGroupsOf(route.requireLogin),
      isPreview: false,
    },
  };
}

async function resolveContentRoute(context: LoadContext): Promise<Resolution> {
  const { site, path, getState } = context;
  const preview = parsePreviewPath(path, site.previewPath ?? PREVIEW_PATH, site.language);
  if (preview) {
    const state = getState();
    if (!state.version.canPreview) {
      return {
        kind: 'access',
        status: state.user.authenticationState.isAuthenticated ? 403 : 401,
        allowedGroups: [],
      };
    }
    const client = context.services.delivery.client({ versionStatus: 'latest', log: context.log });
    const entry = await loadEntry(client, preview.entryId, preview.language, {}, context.signal);
    return resolveMappedEntry({ ...context, client }, entry, null, true);
  }
  const { node, entry } = await loadNode(context.client, path, context.signal);
  if (!entry) return { kind: 'notFound' };
  return resolveMappedEntry(context, entry, node, false);
}

async function resolveMappedEntry(
  context: LoadContext,
  loadedEntry: Entry,
  node: RouteNode | null,
  isPreview: boolean,
): Promise<Resolution> {
  const { site, services, getState, signal } = context;
  const contentTypeId = loadedEntry.sys.contentTypeId;
  const mapping = findMapping(site, contentTypeId);
  if (!mapping) {
    services.logger.warn(
      `No content type mapping for ${contentTypeId}; ${context.path} is shown as not found`,
    );
    return { kind: 'notFound' };
  }
  const requireLogin = requirementOf(mapping, loadedEntry);
  const access = checkAccess(requireLogin, visitorOf(getState()));
  if (access !== 'allowed')
    return { kind: 'access', status: access, allowedGroups: allowedGroupsOf(requireLogin) };

  const code = preloadComponent(mapping.component);
  code?.catch(() => undefined); // awaited below; a failure before that must not go unhandled
  if (mapping.injectRedux) {
    const injected = await mapping.injectRedux();
    services.injectReducer(injected.key, injected.reducer, injected);
  }
  // The mapping's own loader runs alongside the entry and its relatives.
  const loadMore = mapping.loader
    ? Promise.resolve().then(() =>
        mapping.loader?.({
          dispatch: context.dispatch,
          getState,
          params: {},
          location: context.location,
          client: context.client,
          isServer: services.isServer,
          signal,
          entry: loadedEntry,
        }),
      )
    : Promise.resolve();
  // The page's versions in the site's other languages, asked for alongside (not for previews).
  const versions =
    site.languages && site.languages.length > 1 && !isPreview
      ? languageVersionsOf(
          site,
          context.client,
          {
            language: pageLanguage(getState(), site),
            path: loadedEntry.sys.uri ?? context.path,
            entry: loadedEntry,
            isStaticRoute: false,
            origin: getState().routing.languageOrigins ?? getState().routing.publicOrigin,
            search: context.location.search,
          },
          services.logger,
          signal,
        )
      : undefined;
  const [entry, relatives, , , languageVersions] = await Promise.all([
    hasCustomEntryOptions(mapping)
      ? loadEntry(context.client, loadedEntry.sys.id, loadedEntry.sys.language, mapping, signal)
      : Promise.resolve(loadedEntry),
    node
      ? loadRelatives(
          context.client,
          {
            nodeId: node.id,
            children: mapping.nodeOptions?.children,
            siblings: mapping.nodeOptions?.siblings,
          },
          services.logger,
          signal,
        )
      : Promise.resolve({ ancestors: [], children: null, siblings: [] }),
    loadMore,
    code,
    versions,
  ]);
  const currentNode = node && relatives.children ? { ...node, children: relatives.children } : node;
  const mappedEntry = mapping.entryMapper
    ? await mapping.entryMapper(entry, {
        node: currentNode,
        ancestors: relatives.ancestors,
        children: relatives.children ?? [],
        siblings: relatives.siblings,
        location: context.location,
        state: getState(),
      })
    : entry;
  return {
    kind: 'page',
    page: {
      entry,
      mappedEntry,
      node: currentNode,
      ancestors: relatives.ancestors,
      siblings: relatives.siblings,
      staticRoute: null,
      allowedGroups: allowedGroupsOf(requireLogin),
      isPreview,
    },
    ...(languageVersions !== undefined ? { versions: languageVersions } : {}),
  };
}

/** The language of the page being loaded: its prefix's (set by the renderer), else the site's default. */
function pageLanguage(state: SiteState, site: SiteDefinition): string {
  return state.routing.language ?? site.language ?? 'en-GB';
}

function requirementOf(mapping: ContentTypeMapping, entry: Entry): RequireLogin | null | undefined {
  return typeof mapping.requireLogin === 'function' ? mapping.requireLogin(entry) : mapping.requireLogin;
}

function visitorOf(state: SiteState) {
  return { isAuthenticated: state.user.authenticationState.isAuthenticated, groups: state.user.groups };
}

export function callEvent(
  handler: () => RouteEventResult | undefined,
  logger: SiteServices['logger'],
): RouteEventResult {
  try {
    return handler();
  } catch (error) {
    logger.error('A route event handler failed', { error: describeError(error) });
    return undefined;
  }
}

function unavailable() {
  return { kind: 'error', status: 503, message: UNAVAILABLE_MESSAGE } as const;
}

export function prevents(result: RouteEventResult): boolean {
  return Boolean(result && typeof result === 'object' && result.preventScrollTop);
}

export function safeDecodePath(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}
