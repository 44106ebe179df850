import type { ThunkAction, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { ConsentState } from '../consent/consent-slice.js';
import type { UserState } from '../user/user-slice.js';
import type { NavigationState } from './navigation-slice.js';
import type { RoutingState } from './routing-slice.js';
import type { SiteServices } from './services.js';
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

/** The store's dispatch: plain actions and thunks that get the {@link SiteServices}. */
export type SiteDispatch = ThunkDispatch<SiteState, SiteServices, UnknownAction>;

/** A thunk of the site store. */
export type SiteThunk<R> = ThunkAction<R, SiteState, SiteServices, UnknownAction>;
