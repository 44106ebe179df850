import type { PayloadAction } from '@reduxjs/toolkit';
import type { UserGroup } from '../routing/access.js';
import { plainSlice } from '../state/plain-slice.js';
import type { StaffEnvironment, UserProfile } from './user-profile.js';

/** Where signing in stands (website spec §3). */
export interface AuthenticationState {
  isLoading: boolean;
  isAuthenticated: boolean;
  /** The platform refused the credentials (wrong password, throttled). */
  isAuthenticationError: boolean;
  /** Anything else went wrong (platform unreachable, unexpected answer). */
  isError: boolean;
  errorMessage: string | null;
}

/** A password flow: reset request, reset, change (website spec §3). */
export interface SendingState {
  isSending: boolean;
  sent: boolean;
  error: string | null;
}

/** Registration (website spec §3). */
export interface RegistrationState {
  error: string | null;
  isLoading: boolean;
  success: boolean;
}

/** The account forms, each with its own feedback. */
export type AccountForm =
  | 'login'
  | 'register'
  | 'passwordResetRequest'
  | 'resetPassword'
  | 'changePassword'
  | 'verifyEmail'
  | 'verifyResend';

/**
 * What the last submission of a form left for the page that shows it again: a message per
 * field and the values to fill back in. Passwords are never among the values.
 */
export interface FormFeedback {
  form: AccountForm;
  fieldErrors: Record<string, string>;
  values: Record<string, string>;
}

/**
 * The visitor's public profile and the state of the account flows. Never holds credentials:
 * tokens stay in the server's session, passwords go straight to the platform.
 */
export interface UserState {
  id: string | null;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  /** First name plus optional last name (never "undefined"). */
  name: string | null;
  /** Groups, inherited ones included (up to 100). */
  groups: UserGroup[];
  /** The email address is on the configured staff domain. */
  isZengentiStaff: boolean;
  /** Staff only: their environments on the platform; `null` when not staff or not loaded. */
  environments: StaffEnvironment[] | null;
  authenticationState: AuthenticationState;
  registration: RegistrationState;
  passwordResetRequest: SendingState;
  resetPassword: SendingState;
  changePassword: SendingState;
  /** Following the link of a verification mail (`sent`: the address is verified). */
  verifyEmail: SendingState;
  /** Asking for the verification mail again (`sent` says nothing about whether an account exists). */
  verifyResend: SendingState;
  /** Field messages and values of the last failed form submission, if any. */
  form: FormFeedback | null;
}

const idle: SendingState = { isSending: false, sent: false, error: null };

/** Nobody signed in, nothing sent. */
export const initialUserState: UserState = {
  id: null,
  username: null,
  firstName: null,
  lastName: null,
  email: null,
  name: null,
  groups: [],
  isZengentiStaff: false,
  environments: null,
  authenticationState: {
    isLoading: false,
    isAuthenticated: false,
    isAuthenticationError: false,
    isError: false,
    errorMessage: null,
  },
  registration: { error: null, isLoading: false, success: false },
  passwordResetRequest: idle,
  resetPassword: idle,
  changePassword: idle,
  verifyEmail: idle,
  verifyResend: idle,
  form: null,
};

/** The outcome of an account action, as the server hands it to the next page (POST, then redirect). */
export type AccountOutcome =
  | { flow: 'login'; ok: boolean; error: string | null; isAuthenticationError: boolean }
  | { flow: 'register'; ok: boolean; error: string | null }
  | {
      flow: 'passwordResetRequest' | 'resetPassword' | 'changePassword' | 'verifyEmail' | 'verifyResend';
      ok: boolean;
      error: string | null;
    };

/**
 * The user state of a request: the signed-in profile (or nobody) plus the outcome of the
 * account action that led here.
 *
 * @example
 * userStateFor(profile, { outcome: { flow: 'changePassword', ok: true, error: null }, form: null });
 */
export function userStateFor(
  profile: UserProfile | null,
  feedback: { outcome: AccountOutcome | null; form: FormFeedback | null } | null = null,
): UserState {
  let state: UserState = profile
    ? {
        ...initialUserState,
        id: profile.id,
        username: profile.username,
        firstName: profile.firstName,
        lastName: profile.lastName,
        email: profile.email,
        name: profile.name,
        groups: profile.groups.map((group) => ({ id: group.id ?? null, name: group.name ?? null })),
        isZengentiStaff: profile.isStaff,
        environments:
          profile.isStaff && profile.environments ? profile.environments.map((item) => ({ ...item })) : null,
        authenticationState: { ...initialUserState.authenticationState, isAuthenticated: true },
      }
    : initialUserState;
  const outcome = feedback?.outcome ?? null;
  if (outcome) state = withOutcome(state, outcome);
  if (feedback?.form) state = { ...state, form: feedback.form };
  return state;
}

function withOutcome(state: UserState, outcome: AccountOutcome): UserState {
  switch (outcome.flow) {
    case 'login':
      return {
        ...state,
        authenticationState: {
          ...state.authenticationState,
          isLoading: false,
          isAuthenticationError: !outcome.ok && outcome.isAuthenticationError,
          isError: !outcome.ok && !outcome.isAuthenticationError,
          errorMessage: outcome.error,
        },
      };
    case 'register':
      return { ...state, registration: { isLoading: false, success: outcome.ok, error: outcome.error } };
    default:
      return { ...state, [outcome.flow]: { isSending: false, sent: outcome.ok, error: outcome.error } };
  }
}

/**
 * The user slice: signing out, a flow's form being sent, and the browser-side reset of a flow
 * between attempts. A plain slice (no Immer).
 */
export const userSlice = plainSlice('user', initialUserState, {
  /** Signing out resets the state (website spec §4). */
  userSignedOut(): UserState {
    return initialUserState;
  },
  /**
   * The browser sends a flow's form: its state moves to loading / sending (idle → loading,
   * idle → sending) and its last outcome is forgotten. The next page carries the outcome.
   */
  accountFlowStarted(state: UserState, action: PayloadAction<AccountForm>): UserState {
    switch (action.payload) {
      case 'login':
        return {
          ...state,
          authenticationState: {
            ...state.authenticationState,
            isLoading: true,
            isAuthenticationError: false,
            isError: false,
            errorMessage: null,
          },
        };
      case 'register':
        return { ...state, registration: { isLoading: true, success: false, error: null } };
      default:
        return { ...state, [action.payload]: { isSending: true, sent: false, error: null } };
    }
  },
  /** A flow starts again: its last outcome and the form feedback are forgotten. */
  accountFlowReset(state: UserState, action: PayloadAction<AccountForm>): UserState {
    const next = state.form?.form === action.payload ? { ...state, form: null } : { ...state };
    switch (action.payload) {
      case 'login':
        return {
          ...next,
          authenticationState: {
            ...state.authenticationState,
            isLoading: false,
            isAuthenticationError: false,
            isError: false,
            errorMessage: null,
          },
        };
      case 'register':
        return { ...next, registration: initialUserState.registration };
      default:
        return { ...next, [action.payload]: idle };
    }
  },
});

/** Action creators of the user slice. */
export const { userSignedOut, accountFlowStarted, accountFlowReset } = userSlice.actions;
