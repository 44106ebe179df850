import { describe, expect, it } from 'vitest';
import { decodeConsent, encodeConsent, NO_CONSENT } from './consent-record.js';
import {
  acceptAll,
  type ConsentUiState,
  initialConsentUi,
  mustReload,
  nextConsent,
  panelChoices,
  popupVisible,
  revokedCategories,
  toggleCategory,
} from './consent-transitions.js';

const ALL = { analytics: true, advertising: true, functional: true, marketing: true };

describe('the consent state machine', () => {
  it('shows the popup while no choice is saved, and not once one is', () => {
    expect(popupVisible(initialConsentUi(null))).toBe(true);
    expect(popupVisible(initialConsentUi(NO_CONSENT))).toBe(false);
  });

  it('Accept all saves four true and hides the popup', () => {
    const outcome = nextConsent(initialConsentUi(null), { type: 'acceptAll' }, []);
    expect(outcome.save).toEqual(ALL);
    expect(outcome.state.stored).toEqual(ALL);
    expect(popupVisible(outcome.state)).toBe(false);
    expect(outcome.reload).toBe(false);
  });

  it('Decline all saves four false, keeping required categories on', () => {
    expect(nextConsent(initialConsentUi(null), { type: 'declineAll' }, []).save).toEqual(NO_CONSENT);
    expect(nextConsent(initialConsentUi(null), { type: 'declineAll' }, ['functional']).save).toEqual({
      ...NO_CONSENT,
      functional: true,
    });
  });

  it('closing the panel (Escape, a click outside) records nothing, and the popup is back without a choice', () => {
    const open = nextConsent(initialConsentUi(null), { type: 'customise' }, []).state;
    const closed = nextConsent(open, { type: 'closePanel' }, []);
    expect(closed.save).toBeNull();
    expect(closed.reload).toBe(false);
    expect(closed.state.stored).toBeNull();
    expect(closed.state.panelOpen).toBe(false);
    expect(popupVisible(closed.state)).toBe(true);
    // With a saved choice, closing keeps it as it was and shows no popup.
    const reopened = nextConsent(initialConsentUi(ALL), { type: 'customise' }, []).state;
    const kept = nextConsent(reopened, { type: 'closePanel' }, []);
    expect(kept.save).toBeNull();
    expect(kept.state.stored).toEqual(ALL);
    expect(popupVisible(kept.state)).toBe(false);
  });

  it('Customise opens the panel (hiding the popup) without saving anything', () => {
    const outcome = nextConsent(initialConsentUi(null), { type: 'customise' }, []);
    expect(outcome.state.panelOpen).toBe(true);
    expect(popupVisible(outcome.state)).toBe(false);
    expect(outcome.save).toBeNull();
  });

  it('saving the panel stores the choices, closes the panel and keeps the popup away', () => {
    const open = nextConsent(initialConsentUi(null), { type: 'customise' }, []).state;
    const choices = { ...NO_CONSENT, marketing: true };
    const outcome = nextConsent(open, { type: 'save', choices }, []);
    expect(outcome.save).toEqual(choices);
    expect(outcome.state).toEqual({ stored: choices, popupDismissed: false, panelOpen: false });
    expect(popupVisible(outcome.state)).toBe(false);
  });

  it('Escape on the first-visit popup hides it for the page and records no refusal', () => {
    const outcome = nextConsent(initialConsentUi(null), { type: 'dismissPopup' }, []);
    expect(outcome.save).toBeNull();
    expect(outcome.state.stored).toBeNull();
    expect(popupVisible(outcome.state)).toBe(false);
    // The next page starts from the (still missing) cookie: the popup is back.
    expect(popupVisible(initialConsentUi(null))).toBe(true);
  });

  it('allowing one category from a placeholder keeps the others as saved', () => {
    const stored = { ...NO_CONSENT, analytics: true };
    const outcome = nextConsent(initialConsentUi(stored), { type: 'allow', category: 'marketing' }, []);
    expect(outcome.save).toEqual({ ...stored, marketing: true });
    expect(outcome.reload).toBe(false);
  });

  it('a required category cannot be saved as off', () => {
    const outcome = nextConsent(initialConsentUi(null), { type: 'save', choices: NO_CONSENT }, [
      'functional',
    ]);
    expect(outcome.save?.functional).toBe(true);
  });
});

describe('reload when a category is revoked', () => {
  it('reloads when any category goes from on to off, not when one goes on', () => {
    expect(mustReload(ALL, { ...ALL, marketing: false })).toBe(true);
    expect(mustReload(NO_CONSENT, ALL)).toBe(false);
    expect(mustReload(null, NO_CONSENT)).toBe(false);
    expect(revokedCategories(ALL, { ...ALL, analytics: false, advertising: false })).toEqual([
      'analytics',
      'advertising',
    ]);
  });

  it('compares with what was saved on an earlier page load (the cookie), not with this page alone', () => {
    // Page 1: the visitor accepts everything; the cookie keeps it.
    const page1 = nextConsent(initialConsentUi(null), { type: 'acceptAll' }, []);
    const cookie = encodeConsent(page1.save ?? NO_CONSENT);
    expect(page1.reload).toBe(false);

    // Page 2 (a new page load) starts from the cookie; switching analytics off reloads.
    const page2 = initialConsentUi(decodeConsent(cookie));
    const open = nextConsent(page2, { type: 'customise' }, []).state;
    const choices = toggleCategory(panelChoices(open, []), 'analytics', []);
    const outcome = nextConsent(open, { type: 'save', choices }, []);
    expect(outcome.save?.analytics).toBe(false);
    expect(outcome.reload).toBe(true);
  });

  it('uses the cookie as read just before saving when another tab changed it', () => {
    const page: ConsentUiState = initialConsentUi(NO_CONSENT);
    // Another tab allowed marketing since this page loaded; this page saves without it.
    const outcome = nextConsent(page, { type: 'save', choices: NO_CONSENT }, [], {
      ...NO_CONSENT,
      marketing: true,
    });
    expect(outcome.reload).toBe(true);
  });

  it('a change in another tab is taken over, reloading only when it revokes something', () => {
    const page = initialConsentUi(acceptAll());
    const revoked = nextConsent(page, { type: 'cookieChanged', stored: NO_CONSENT }, []);
    expect(revoked).toMatchObject({ save: null, reload: true, state: { stored: NO_CONSENT } });
    const granted = nextConsent(initialConsentUi(null), { type: 'cookieChanged', stored: ALL }, []);
    expect(granted.reload).toBe(false);
    expect(popupVisible(granted.state)).toBe(false);
  });
});

describe('panel choices', () => {
  it('start from the saved record, or from nothing but the required categories', () => {
    expect(panelChoices(initialConsentUi(null), ['functional'])).toEqual({ ...NO_CONSENT, functional: true });
    expect(panelChoices(initialConsentUi(ALL), [])).toEqual(ALL);
  });

  it('toggle switchable categories; required ones stay on', () => {
    expect(toggleCategory(NO_CONSENT, 'analytics', []).analytics).toBe(true);
    expect(toggleCategory({ ...NO_CONSENT, functional: true }, 'functional', ['functional']).functional).toBe(
      true,
    );
  });
});
