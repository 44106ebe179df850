import type { AccountForm, UserState } from './user-slice.js';

// Apart from the user slice, which every page's first load carries: only account forms ask.

/**
 * Whether a form of this flow is being sent: sign-in `authenticationState.isLoading`,
 * registration `isLoading`, the other flows `isSending` (website spec §3).
 *
 * @example
 * isAccountFlowBusy(state.user, 'register'); // true between submit and the next page
 */
export function isAccountFlowBusy(state: UserState, form: AccountForm): boolean {
  switch (form) {
    case 'login':
      return state.authenticationState.isLoading;
    case 'register':
      return state.registration.isLoading;
    default:
      return state[form].isSending;
  }
}
