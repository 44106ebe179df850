import type { DeliveryNode } from '@canopy/client';
import { ApiCallLog } from '../delivery/api-call-log.js';
import { derivedOnce } from '../delivery/shared-answers.js';
import { navigationFailed, navigationLoaded, UNKNOWN_ERROR_MESSAGE } from '../state/navigation-slice.js';
import type { RouteNode } from '../state/routing-slice.js';
import type { SiteThunk } from '../state/store-types.js';
import { statusText } from './not-found.js';
import { describeError, navigationNode } from './route-data.js';
import { classifyRouteError, INTERNAL_ERROR_MESSAGE } from './route-errors.js';

/** Depth of the navigation tree under the root (website spec §9). */
export const DEFAULT_NAVIGATION_DEPTH = 2;

/**
 * The entry fields the navigation tree is loaded with. The menu keeps no entries (see
 * `navigationNode`), so it asks for the least the platform sends: the minimal `sys`.
 * Sections with a hundred articles would otherwise bring a hundred entries along.
 */
export const NAVIGATION_ENTRY_FIELDS: readonly string[] = ['sys.id'];

/** The menu trees derived from shared root answers (see `derivedOnce`). */
const menuTrees = new WeakMap<DeliveryNode, RouteNode>();

/**
 * The menu tree of a root answer. The server's delivery cache hands every request the same
 * frozen answer, so the tree is derived once per cached answer, not once per page.
 */
export function menuTreeOf(root: DeliveryNode): RouteNode {
  return derivedOnce(menuTrees, root, navigationNode);
}

/**
 * What the state says about a failed navigation load: the platform being unreachable, or the
 * reason phrase of its answer's status, else the spec's default ('Unknown error occurred').
 * Never the error's own message, which names the platform's internal URL and its wording:
 * that goes to the log only.
 *
 * @example
 * navigationErrorMessage(Object.assign(new Error('GET http://10.0.0.5/api/… 500'), { name: 'ApiError', status: 500 }));
 * // 'Internal Server Error'
 */
export function navigationErrorMessage(error: unknown): string {
  const failure = classifyRouteError(error);
  if (failure.kind === 'error' && failure.message !== INTERNAL_ERROR_MESSAGE) return failure.message;
  if (failure.kind === 'notFound') return statusText(404);
  if (failure.kind === 'access') return statusText(failure.status);
  return UNKNOWN_ERROR_MESSAGE;
}

/**
 * Loads the site view from the root for menus, once per store: the server loads it with the
 * page, the browser keeps it across navigation. A failure is logged and stored as the
 * navigation error ({@link navigationErrorMessage}).
 */
export function loadNavigation(): SiteThunk<Promise<void>> {
  return async (dispatch, getState, services) => {
    if (getState().navigation.isReady) return;
    const log = new ApiCallLog(services.requestLog);
    try {
      const client = services.delivery.client({ versionStatus: getState().version.versionStatus, log });
      const root = await client.nodes.getRoot({
        depth: services.site.navigationDepth ?? DEFAULT_NAVIGATION_DEPTH,
        entryFields: [...NAVIGATION_ENTRY_FIELDS],
      });
      dispatch(navigationLoaded(menuTreeOf(root)));
    } catch (error) {
      services.logger.error('Loading the navigation failed', { error: describeError(error) });
      dispatch(navigationFailed({ message: navigationErrorMessage(error) }));
    }
  };
}
