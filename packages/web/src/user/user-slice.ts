import type { PayloadAction } from '@reduxjs/toolkit';
import type { UserGroup } from '../routing/access.js';
import { plainSlice } from '../state/plain-slice.js';
import type { StaffEnvironment, UserProfile } from './user-profile.js';

/**
 * The page a sign-in or access-denied page is about, named by its title as the server found it
 * (the site's route table or the platform). The title never comes from the address: a crafted
 * `redirect_uri` or `original_uri` can only name a path, and a path nobody can name has no
 * title (`null`), so the page says "the page you asked for" instead.
 */
export interface RequestedPage {
  /** The requested path, without query or hash (decoded). */
  path: string;
  /** Its title, or `null` when none was found (no such page, or the platform did not say). */
  title: string | null;
}

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
  /** An account form, or the id of a site's entry form (see `defineEntryForm`). */
  form: AccountForm | (string & {});
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
  /**
   * Whether this host offers federated sign-in (the server's host configuration; the sign-in
   * page links to it only then).
   */
  federatedSignIn: boolean;
  /** The protected page the sign-in or access-denied page is about, named by the server. */
  requestedPage: RequestedPage | null;
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
  federatedSignIn: false,
  requestedPage: null,
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

/** What the server knows of a page's request besides the visitor (see {@link UserState}). */
export interface AccountPageFacts {
  federatedSignIn?: boolean;
  requestedPage?: RequestedPage | null;
}

/**
 * The user state of a request: the signed-in profile (or nobody) plus the outcome of the
 * account action that led here, and what the server found out for the page.
 *
 * @example
 * userStateFor(profile, { outcome: { flow: 'changePassword', ok: true, error: null }, form: null });
 */
export function userStateFor(
  profile: UserProfile | null,
  feedback: { outcome: AccountOutcome | null; form: FormFeedback | null } | null = null,
  facts: AccountPageFacts | null = null,
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
  if (facts?.federatedSignIn) state = { ...state, federatedSignIn: true };
  if (facts?.requestedPage) state = { ...state, requestedPage: facts.requestedPage };
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
  /**
   * Signing out resets the state (website spec §4). The next page, rendered by the server after
   * the sign-out's redirect, says again what the host offers.
   */
  userSignedOut(): UserState {
    return initialUserState;
  },
  /** The server named the page a sign-in or access-denied page is about (client navigation). */
  requestedPageNamed(state: UserState, action: PayloadAction<RequestedPage | null>): UserState {
    return { ...state, requestedPage: action.payload };
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
export const { userSignedOut, accountFlowStarted, accountFlowReset, requestedPageNamed } = userSlice.actions;
