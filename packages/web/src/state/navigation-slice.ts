import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
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

/** The navigation slice: get, then set (ready) or error. */
export const navigationSlice = createSlice({
  name: 'navigation',
  initialState: initialNavigationState,
  reducers: {
    navigationLoaded(state: NavigationState, action: PayloadAction<RouteNode>) {
      state.root = action.payload;
      state.isReady = true;
      state.error = { isError: false, message: null };
    },
    navigationFailed(state: NavigationState, action: PayloadAction<{ message?: string | null }>) {
      state.isReady = false;
      state.error = { isError: true, message: action.payload.message || UNKNOWN_ERROR_MESSAGE };
    },
  },
});

/** Action creators of the navigation slice. */
export const { navigationLoaded, navigationFailed } = navigationSlice.actions;
