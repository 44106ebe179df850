import { useCallback } from 'react';
import { useSiteDispatch, useSiteSelector } from '../state/hooks.js';
import { isAccountFlowBusy } from './account-flow-busy.js';
import { type AccountForm, accountFlowReset, accountFlowStarted } from './user-slice.js';

const NONE: Readonly<Record<string, string>> = Object.freeze({});

/**
 * What the last submission of an account form left for it: a message per field (show them
 * inline, next to the field) and the values to fill back in (never passwords); whether the
 * form is being sent now, and `start`, to call when the browser sends it (the flow's state
 * moves to loading / sending; the page the server answers with carries the outcome), and
 * `reset`, for a page the browser shows again from its history (back) while it was sending.
 *
 * @example
 * const { fieldErrors, values, busy, start } = useAccountForm('register');
 * <form onSubmit={start}><button aria-busy={busy} disabled={busy}>…</button></form>
 */
export function useAccountForm(form: AccountForm): {
  fieldErrors: Readonly<Record<string, string>>;
  values: Readonly<Record<string, string>>;
  busy: boolean;
  start: () => void;
  reset: () => void;
} {
  const feedback = useSiteSelector((state) => (state.user.form?.form === form ? state.user.form : null));
  const busy = useSiteSelector((state) => isAccountFlowBusy(state.user, form));
  const dispatch = useSiteDispatch();
  const start = useCallback(() => {
    dispatch(accountFlowStarted(form));
  }, [dispatch, form]);
  const reset = useCallback(() => {
    dispatch(accountFlowReset(form));
  }, [dispatch, form]);
  return { fieldErrors: feedback?.fieldErrors ?? NONE, values: feedback?.values ?? NONE, busy, start, reset };
}
