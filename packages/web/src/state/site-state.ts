import type { ConsentState } from '../consent/consent-slice.js';
import type { UserState } from '../user/user-slice.js';
import type { NavigationState } from './navigation-slice.js';
import type { RoutingState } from './routing-slice.js';
import type { VersionState } from './version-slice.js';

/** The state of a site's store: the framework's slices plus any the site or a route adds. */
export interface SiteState {
  routing: RoutingState;
  navigation: NavigationState;
  version: VersionState;
  user: UserState;
  consent: ConsentState;
  /** Slices added by the site (`reducers`) or injected by a route (`injectRedux`). */
  [key: string]: unknown;
}
