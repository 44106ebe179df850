import type { SiteDefinition } from '../site/site-definition.js';
import { type ConsentServerSettings, consentServerSettings } from './consent-config.js';
import { CONSENT_QUERY, CONSENT_QUERY_PANEL } from './consent-paths.js';
import { readConsent } from './consent-record.js';
import type { ConsentState } from './consent-slice.js';
import { initialConsentUi } from './consent-transitions.js';
import { sanitizeConsentMessage } from './sanitize-message.js';

/** A site's consent as the renderer keeps it: checked settings and the sanitised message. */
export interface SiteConsent {
  settings: ConsentServerSettings;
  message: string;
}

/**
 * Checks a site's consent configuration and sanitises its message, once per renderer (server
 * only). Null for a site without consent.
 */
export function consentForSite(site: SiteDefinition): SiteConsent | null {
  if (!site.consent) return null;
  return {
    settings: consentServerSettings(site.consent),
    message: sanitizeConsentMessage(site.consent.message),
  };
}

/**
 * The consent state a page starts with, from the request's cookie: the popup when the visitor
 * has not chosen, nothing when they have; the panel open when the address asks for it
 * (`?consent=preferences`, the no-JavaScript path).
 */
export function consentStateFor(
  consent: SiteConsent,
  cookies: string | null | undefined,
  search: string,
): ConsentState {
  const stored = readConsent(cookies, consent.settings.cookieName);
  const panelOpen = new URLSearchParams(search).get(CONSENT_QUERY) === CONSENT_QUERY_PANEL;
  return { ...initialConsentUi(stored, panelOpen), message: consent.message };
}
