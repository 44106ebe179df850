import type { SiteServices } from '../state/services.js';

/** Which navigation of a store is the current one: a counter and the abort of its load. */
export type NavigationTurns = SiteServices['navigation'];

/**
 * Starts a new navigation and returns its id: every earlier one is superseded from this moment,
 * and its load in flight is aborted. Claimed when the address changes, before any code or data
 * the navigation needs has arrived, so a load that starts or ends late (its code was still
 * loading, its answers were slow) can never put its page under a newer address.
 *
 * @example
 * const id = claimNavigation(store.services.navigation);
 * await import('./load-route.js');
 * if (isCurrentNavigation(store.services.navigation, id)) store.dispatch(loadRoute(location, { navigation: id }));
 */
export function claimNavigation(turns: NavigationTurns): number {
  turns.controller?.abort();
  turns.controller = null;
  turns.sequence++;
  return turns.sequence;
}

/** Whether `id` (from {@link claimNavigation}) is still the newest navigation. */
export function isCurrentNavigation(turns: NavigationTurns, id: number): boolean {
  return turns.sequence === id;
}
