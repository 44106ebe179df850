import type { SiteThunk } from '../state/store-types.js';
import { type ConsentConfig, consentServerSettings } from './consent-config.js';
import { consentCookie, readConsent } from './consent-record.js';
import { consentChanged } from './consent-slice.js';
import { type ConsentEvent, type ConsentOutcome, nextConsent } from './consent-transitions.js';
import { type ClearingPlace, withdrawalWrites } from './cookie-clearing.js';

/** What a consent event does in the browser besides the state: the cookies and the reload. */
export interface ConsentEffects {
  readCookie(): string;
  writeCookie(cookie: string): void;
  secure(): boolean;
  reload(): void;
  /** Where the page is, for deleting a withdrawn category's cookies (optional for older callers). */
  place?(): ClearingPlace;
}

const browserEffects: ConsentEffects = {
  readCookie: () => document.cookie,
  writeCookie: (cookie) => {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and Safari, and the write must be synchronous
    document.cookie = cookie;
  },
  secure: () => window.location.protocol === 'https:',
  reload: () => window.location.reload(),
  place: () => ({
    hostname: window.location.hostname,
    pathname: window.location.pathname,
    secure: window.location.protocol === 'https:',
  }),
};

const settingsCache = new WeakMap<ConsentConfig, ReturnType<typeof consentServerSettings>>();

/** The checked settings of a configuration, derived once. */
export function settingsOf(config: ConsentConfig) {
  let settings = settingsCache.get(config);
  if (!settings) {
    settings = consentServerSettings(config);
    settingsCache.set(config, settings);
  }
  return settings;
}

/**
 * Applies a consent event in the browser: the next state, the cookie written when a choice is
 * saved, and, when a category went from on to off (compared with the cookie as it is now, which
 * may come from an earlier page or another tab), its cookies deleted and then a reload.
 *
 * @example
 * dispatch(applyConsent({ type: 'acceptAll' }));
 */
export function applyConsent(
  event: ConsentEvent,
  effects: ConsentEffects = browserEffects,
): SiteThunk<ConsentOutcome | null> {
  return (dispatch, getState, services) => {
    const config = services.site.consent;
    if (!config) return null;
    const settings = settingsOf(config);
    const { cookieName, required } = settings;
    const state = getState().consent;
    const previous =
      event.type === 'cookieChanged'
        ? state.stored
        : (readConsent(effects.readCookie(), cookieName) ?? state.stored);
    const outcome = nextConsent(state, event, required, previous);
    if (outcome.save)
      effects.writeCookie(consentCookie(cookieName, outcome.save, { secure: effects.secure() }));
    dispatch(consentChanged(outcome.state));
    if (outcome.reload) {
      // Before the reload: a withdrawn category's cookies must not reach the next request.
      const place = effects.place?.();
      const after = outcome.save ?? outcome.state.stored;
      if (place) {
        for (const write of withdrawalWrites(settings, previous, after, effects.readCookie(), place)) {
          effects.writeCookie(write);
        }
      }
      effects.reload();
    }
    return outcome;
  };
}
