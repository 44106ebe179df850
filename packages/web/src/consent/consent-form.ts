import { sameSitePath } from '../routing/same-site.js';
import type { ConsentServerSettings } from './consent-config.js';
import { CONSENT_CATEGORIES, type ConsentRecord, isConsentCategory, NO_CONSENT } from './consent-record.js';
import { acceptAll, declineAll, withRequired } from './consent-transitions.js';

/** What a consent form post asks for, or why it cannot be done. */
export type ConsentFormResult =
  | { ok: true; record: ConsentRecord; returnTo: string }
  | { ok: false; message: string };

/** Longest `return` path kept. */
const MAX_RETURN_LENGTH = 2048;

/**
 * A path on this site to go back to after choosing (the site's one `sameSitePath` rule), or
 * `/` for anything else or anything overlong.
 *
 * @example
 * safeReturnPath('/news?page=2'); // '/news?page=2'
 * safeReturnPath('//evil.example/'); // '/'
 */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || value.length > MAX_RETURN_LENGTH) return '/';
  return sameSitePath(value, '/');
}

/**
 * The record a consent form post (the no-JavaScript path) saves: `choice` is `accept`,
 * `decline`, `save` (with a field per allowed category, e.g. `analytics=on`) or `allow` (with
 * `category`); `current` is the record the visitor's cookie holds, kept by `allow`.
 *
 * @example
 * consentFromForm(new URLSearchParams('choice=save&marketing=on&return=/news'), null, settings);
 * // { ok: true, record: { …, marketing: true }, returnTo: '/news' }
 */
export function consentFromForm(
  form: URLSearchParams,
  current: ConsentRecord | null,
  settings: ConsentServerSettings,
): ConsentFormResult {
  const returnTo = safeReturnPath(form.get('return'));
  const choice = form.get('choice');
  switch (choice) {
    case 'accept':
      return { ok: true, record: acceptAll(), returnTo };
    case 'decline':
      return { ok: true, record: declineAll(settings.required), returnTo };
    case 'save': {
      const record: Record<string, boolean> = { ...NO_CONSENT };
      for (const id of CONSENT_CATEGORIES) record[id] = form.has(id);
      return { ok: true, record: withRequired(record as ConsentRecord, settings.required), returnTo };
    }
    case 'allow': {
      const category = form.get('category');
      if (!isConsentCategory(category)) {
        return {
          ok: false,
          message: `Unknown consent category: use one of ${CONSENT_CATEGORIES.join(', ')}`,
        };
      }
      const record = { ...(current ?? NO_CONSENT), [category]: true };
      return { ok: true, record: withRequired(record, settings.required), returnTo };
    }
    default:
      return { ok: false, message: 'The consent form needs a choice: accept, decline, save or allow' };
  }
}
