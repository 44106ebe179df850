import { createSlice } from '@reduxjs/toolkit';
import type { UserGroup } from '../routing/access.js';

/**
 * The signed-in visitor's public profile. Accounts (sign in, registration, passwords) will
 * grow this slice; the routing needs only who is signed in and their groups. Never holds
 * credentials: they stay in the server's session.
 */
export interface UserState {
  isAuthenticated: boolean;
  id: string | null;
  username: string | null;
  /** First name plus optional last name. */
  name: string | null;
  /** Groups, inherited ones included. */
  groups: UserGroup[];
}

/** Nobody signed in. */
export const initialUserState: UserState = {
  isAuthenticated: false,
  id: null,
  username: null,
  name: null,
  groups: [],
};

/** The user slice; accounts add sign-in, registration and password reducers here. */
export const userSlice = createSlice({
  name: 'user',
  initialState: initialUserState,
  reducers: {
    /** Signing out resets the state (website spec §4). */
    userSignedOut() {
      return initialUserState;
    },
  },
});

/** Action creators of the user slice. */
export const { userSignedOut } = userSlice.actions;
