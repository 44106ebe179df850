import { useSiteSelector } from '../state/hooks.js';

const NONE: Readonly<Record<string, string>> = Object.freeze({});

/**
 * What the last submission of an entry form left for the page the server sent the visitor to
 * (shown once): a message per field (and `_form` for the form as a whole) and the values to
 * fill back in; on the confirmation page, `sent` and the values the form lets it repeat.
 *
 * @example
 * const { fieldErrors, values, sent } = useEntryFormFeedback('booking');
 */
export function useEntryFormFeedback(formId: string): {
  fieldErrors: Readonly<Record<string, string>>;
  values: Readonly<Record<string, string>>;
  /** A submission of this form was taken (the confirmation page's outcome). */
  sent: boolean;
} {
  const feedback = useSiteSelector((state) => (state.user.form?.form === formId ? state.user.form : null));
  if (!feedback) return { fieldErrors: NONE, values: NONE, sent: false };
  return {
    fieldErrors: feedback.fieldErrors,
    values: feedback.values,
    sent: Object.keys(feedback.fieldErrors).length === 0,
  };
}
