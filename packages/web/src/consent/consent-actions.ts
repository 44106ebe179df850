import type { SiteThunk } from '../state/store-types.js';
import { type ConsentConfig, consentServerSettings } from './consent-config.js';
import { consentCookie, readConsent } from './consent-record.js';
import { consentChanged } from './consent-slice.js';
import { type ConsentEvent, type ConsentOutcome, nextConsent } from './consent-transitions.js';

/** What a consent event does in the browser besides the state: the cookie and the reload. */
export interface ConsentEffects {
  readCookie(): string;
  writeCookie(cookie: string): void;
  secure(): boolean;
  reload(): void;
}

const browserEffects: ConsentEffects = {
  readCookie: () => document.cookie,
  writeCookie: (cookie) => {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and Safari, and the write must be synchronous
    document.cookie = cookie;
  },
  secure: () => window.location.protocol === 'https:',
  reload: () => window.location.reload(),
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
 * saved, and a reload when a category went from on to off (compared with the cookie as it is
 * now, which may come from an earlier page or another tab).
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
    const { cookieName, required } = settingsOf(config);
    const state = getState().consent;
    const previous =
      event.type === 'cookieChanged'
        ? state.stored
        : (readConsent(effects.readCookie(), cookieName) ?? state.stored);
    const outcome = nextConsent(state, event, required, previous);
    if (outcome.save)
      effects.writeCookie(consentCookie(cookieName, outcome.save, { secure: effects.secure() }));
    dispatch(consentChanged(outcome.state));
    if (outcome.reload) effects.reload();
    return outcome;
  };
}
