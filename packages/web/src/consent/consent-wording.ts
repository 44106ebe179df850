import type { ConsentConfig } from './consent-config.js';
import { type ConsentCategoryText, type ConsentContent, consentContentOf } from './consent-content.js';
import { sanitizeConsentMessage } from './sanitize-message.js';

/**
 * The consent popup's message and the categories' wording in one language, as a site writes
 * it for `createSiteRenderer`'s `consentWording` (server only: it never reaches the browser
 * bundle; a page carries its own language's in its state). The same shape as an editor's
 * `cookieConsent` entry: `categories` name the site's category ids.
 */
export interface ConsentWording {
  /** The popup's message as HTML (sanitised like the site's own). */
  message?: string;
  categories?: readonly ConsentCategoryText[];
}

/**
 * Each language's consent wording, checked and sanitised once: the message as the site's own
 * is (`sanitizeConsentMessage`), categories the site does not declare dropped, empty values
 * ignored. `wordingIn(language)` is null for a language the site has no wording in.
 *
 * @example
 * const wordingIn = consentWordings(site.consent, { cy: { message: '<p>Cwcis …</p>', categories: [{ id: 'analytics', name: 'Dadansoddol' }] } });
 * wordingIn('cy'); // { message: '<p>Cwcis …</p>', categories: [{ id: 'analytics', name: 'Dadansoddol' }] }
 * wordingIn('en-GB'); // null
 */
export function consentWordings(
  config: ConsentConfig,
  wordings: Readonly<Record<string, ConsentWording>> = {},
): (language: string) => ConsentContent | null {
  const ids = config.categories.map((category) => category.id);
  const checked = new Map<string, ConsentContent | null>();
  for (const [language, wording] of Object.entries(wordings)) {
    const parsed = consentContentOf(wording, ids);
    if (!parsed) {
      checked.set(language, null);
      continue;
    }
    const message = parsed.message === undefined ? '' : sanitizeConsentMessage(parsed.message);
    checked.set(language, message === '' ? { categories: parsed.categories } : { ...parsed, message });
  }
  return (language) => checked.get(language) ?? null;
}
