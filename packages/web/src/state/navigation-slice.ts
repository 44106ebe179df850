import type { PayloadAction } from '@reduxjs/toolkit';
import { plainSlice } from './plain-slice.js';
import type { RouteNode } from './routing-slice.js';

/** The default message of a failed navigation load (website spec §8). */
export const UNKNOWN_ERROR_MESSAGE = 'Unknown error occurred';

/** The navigation state: the site view from the root, for menus (website spec §3). */
export interface NavigationState {
  /** The root node with its descendants to the navigation depth (default 2). */
  root: RouteNode | null;
  error: { isError: boolean; message: string | null };
  isReady: boolean;
}

/** No tree yet, no error. */
export const initialNavigationState: NavigationState = {
  root: null,
  error: { isError: false, message: null },
  isReady: false,
};

/** The navigation slice: get, then set (ready) or error. A plain slice (no Immer). */
export const navigationSlice = plainSlice('navigation', initialNavigationState, {
  navigationLoaded(state: NavigationState, action: PayloadAction<RouteNode>): NavigationState {
    return { ...state, root: action.payload, isReady: true, error: { isError: false, message: null } };
  },
  navigationFailed(
    state: NavigationState,
    action: PayloadAction<{ message?: string | null }>,
  ): NavigationState {
    return {
      ...state,
      isReady: false,
      error: { isError: true, message: action.payload.message || UNKNOWN_ERROR_MESSAGE },
    };
  },
});

/** Action creators of the navigation slice. */
export const { navigationLoaded, navigationFailed } = navigationSlice.actions;
