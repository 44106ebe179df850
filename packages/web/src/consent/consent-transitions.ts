import {
  CONSENT_CATEGORIES,
  type ConsentCategoryId,
  type ConsentRecord,
  NO_CONSENT,
} from './consent-record.js';

/**
 * What the consent overlays show (website spec §4): the popup while no choice is saved (unless
 * the visitor put it aside with Escape on this page), the panel while it is open.
 */
export interface ConsentUiState {
  /** The saved choice (the cookie), or `null` before the visitor chooses. */
  stored: ConsentRecord | null;
  /** The visitor pressed Escape on the popup: hidden on this page, nothing recorded. */
  popupDismissed: boolean;
  panelOpen: boolean;
}

/** What a visitor (or another tab) does. */
export type ConsentEvent =
  | { type: 'acceptAll' }
  | { type: 'declineAll' }
  | { type: 'customise' }
  | { type: 'dismissPopup' }
  /** Save preferences on the panel: the choices shown are saved. */
  | { type: 'save'; choices: ConsentRecord }
  /** Escape or a click outside the panel: it closes and nothing is recorded (closing is not saving). */
  | { type: 'closePanel' }
  /** A content placeholder's "allow" button: one more category on. */
  | { type: 'allow'; category: ConsentCategoryId }
  /** The cookie changed outside this page (another tab). */
  | { type: 'cookieChanged'; stored: ConsentRecord | null };

/** The next state and what must happen because of it. */
export interface ConsentOutcome {
  state: ConsentUiState;
  /** Write this record to the cookie (null: leave the cookie alone). */
  save: ConsentRecord | null;
  /** Reload the page: a category went from on to off, and what already runs cannot be unloaded. */
  reload: boolean;
}

/** The overlay state of a page whose visitor has `stored` saved (null: never chose). */
export function initialConsentUi(stored: ConsentRecord | null, panelOpen = false): ConsentUiState {
  return { stored, popupDismissed: false, panelOpen };
}

/** Whether the popup shows: no saved choice, not put aside, and the panel is closed. */
export function popupVisible(state: ConsentUiState): boolean {
  return state.stored === null && !state.popupDismissed && !state.panelOpen;
}

/** `record` with every required category on. */
export function withRequired(record: ConsentRecord, required: readonly ConsentCategoryId[]): ConsentRecord {
  if (required.every((id) => record[id])) return record;
  const next = { ...record };
  for (const id of required) next[id] = true;
  return next;
}

/** Every category on ("Accept all"). */
export function acceptAll(): ConsentRecord {
  return { analytics: true, advertising: true, functional: true, marketing: true };
}

/** Every category off but the required ones ("Decline all"). */
export function declineAll(required: readonly ConsentCategoryId[]): ConsentRecord {
  return withRequired(NO_CONSENT, required);
}

/** `record` with `id` switched; required categories do not switch (website spec §5). */
export function toggleCategory(
  record: ConsentRecord,
  id: ConsentCategoryId,
  required: readonly ConsentCategoryId[],
): ConsentRecord {
  if (required.includes(id)) return withRequired(record, required);
  return { ...record, [id]: !record[id] };
}

/** The categories on in `before` and off in `after`. */
export function revokedCategories(
  before: ConsentRecord | null,
  after: ConsentRecord | null,
): ConsentCategoryId[] {
  if (!before) return [];
  return CONSENT_CATEGORIES.filter((id) => before[id] && !after?.[id]);
}

/**
 * Whether going from `before` (what was saved, on this or an earlier page) to `after` needs a
 * reload: some category went from on to off.
 *
 * @example
 * mustReload({ ...NO_CONSENT, analytics: true }, NO_CONSENT); // true
 * mustReload(null, NO_CONSENT); // false
 */
export function mustReload(before: ConsentRecord | null, after: ConsentRecord | null): boolean {
  return revokedCategories(before, after).length > 0;
}

/** The choices the panel shows first: the saved ones, else nothing but the required categories. */
export function panelChoices(state: ConsentUiState, required: readonly ConsentCategoryId[]): ConsentRecord {
  return withRequired(state.stored ?? NO_CONSENT, required);
}

/**
 * The consent state machine (website spec §4). `previous` is what the cookie held before this
 * event (read again just before saving, so a choice made in another tab since this page
 * loaded counts); by default the state's own record.
 *
 * @example
 * const { state, save, reload } = nextConsent(initialConsentUi(null), { type: 'acceptAll' }, []);
 * // state.stored: all true, save: all true, reload: false
 */
export function nextConsent(
  state: ConsentUiState,
  event: ConsentEvent,
  required: readonly ConsentCategoryId[],
  previous: ConsentRecord | null = state.stored,
): ConsentOutcome {
  const saving = (record: ConsentRecord): ConsentOutcome => {
    const stored = withRequired(record, required);
    return {
      state: { stored, popupDismissed: state.popupDismissed, panelOpen: false },
      save: stored,
      reload: mustReload(previous, stored),
    };
  };
  switch (event.type) {
    case 'acceptAll':
      return saving(acceptAll());
    case 'declineAll':
      return saving(declineAll(required));
    case 'save':
      return saving(event.choices);
    case 'allow':
      return saving({ ...(previous ?? state.stored ?? NO_CONSENT), [event.category]: true });
    case 'customise':
      return { state: { ...state, panelOpen: true }, save: null, reload: false };
    case 'closePanel':
      // Without a saved choice the popup is back: the visitor still has to choose.
      return { state: { ...state, panelOpen: false }, save: null, reload: false };
    case 'dismissPopup':
      return { state: { ...state, popupDismissed: true }, save: null, reload: false };
    case 'cookieChanged':
      return {
        state: { ...state, stored: event.stored },
        save: null,
        reload: mustReload(state.stored, event.stored),
      };
  }
}
