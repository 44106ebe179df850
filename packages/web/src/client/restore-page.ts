import { callEvent, prevents, type RouteOutcome, safeDecodePath } from '../routing/load-route.js';
import { claimNavigation, isCurrentNavigation } from '../routing/navigation-turns.js';
import { trimTrailingSlash } from '../routing/trailing-slash.js';
import type { RouteEvent } from '../site/site-definition.js';
import type { RoutingLocation } from '../state/routing-slice.js';
import { PAGE_RESTORED } from '../state/store.js';
import type { SiteThunk } from '../state/store-types.js';
import type { PageSnapshot } from './page-snapshots.js';

/**
 * Shows a page the visitor saw before, from its snapshot (see `PageSnapshots`), instead of
 * loading it: one synchronous step, no request, no loading state. A load still in flight is
 * superseded (`navigation`: the navigation claimed for it, see `claimNavigation`; without
 * one it claims its own), and the site's route events hear of it as of any page.
 *
 * @example
 * const outcome = store.dispatch(restorePage(location, snapshot));
 */
export function restorePage(
  location: RoutingLocation,
  snapshot: PageSnapshot,
  navigation?: number,
): SiteThunk<RouteOutcome> {
  return (dispatch, getState, services) => {
    const { site, logger } = services;
    if (navigation === undefined) claimNavigation(services.navigation);
    else if (!isCurrentNavigation(services.navigation, navigation)) return { kind: 'superseded' };
    const path = safeDecodePath(trimTrailingSlash(location.pathname));
    const event: RouteEvent = {
      location,
      path,
      staticRoute: snapshot.routing.staticRoute?.path ?? null,
      isServer: services.isServer,
    };
    let preventScrollTop = prevents(callEvent(() => site.routeEvents?.onRouteLoad?.(event), logger));
    dispatch({
      type: PAGE_RESTORED,
      payload: { ...snapshot, routing: { ...snapshot.routing, location, isLoading: false, nextPath: null } },
    });
    const loaded = getState().routing;
    preventScrollTop =
      prevents(
        callEvent(
          () =>
            site.routeEvents?.onRouteLoaded?.({
              ...event,
              entry: loaded.entry,
              statusCode: loaded.statusCode,
            }),
          logger,
        ),
      ) || preventScrollTop;
    return { kind: 'loaded', status: 200, preventScrollTop };
  };
}
