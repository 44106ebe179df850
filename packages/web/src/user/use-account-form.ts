import { useSiteSelector } from '../state/hooks.js';
import type { AccountForm } from './user-slice.js';

const NONE: Readonly<Record<string, string>> = Object.freeze({});

/**
 * What the last submission of an account form left for it: a message per field (show them
 * inline, next to the field) and the values to fill back in (never passwords).
 *
 * @example
 * const { fieldErrors, values } = useAccountForm('register');
 * <input name="email" defaultValue={values.email} aria-invalid={Boolean(fieldErrors.email)} />
 */
export function useAccountForm(form: AccountForm): {
  fieldErrors: Readonly<Record<string, string>>;
  values: Readonly<Record<string, string>>;
} {
  const feedback = useSiteSelector((state) => (state.user.form?.form === form ? state.user.form : null));
  return { fieldErrors: feedback?.fieldErrors ?? NONE, values: feedback?.values ?? NONE };
}
