import type { PayloadAction } from '@reduxjs/toolkit';
import { plainSlice } from '../state/plain-slice.js';
import type { ConsentCategoryText } from './consent-content.js';
import type { ConsentUiState } from './consent-transitions.js';

/**
 * The consent slice: the visitor's saved choice (read from the cookie by the server, so the
 * first HTML already shows or hides the popup), what the overlays show, and the popup's
 * message as the server sanitised it.
 */
export interface ConsentState extends ConsentUiState {
  /** The popup's message, sanitised HTML ('' for a site without consent). */
  message: string;
  /**
   * Category wording from the platform (see `consentContentOf`), laid over the site's
   * categories; absent when the site reads none or the platform has none.
   */
  categories?: readonly ConsentCategoryText[];
}

/** No choice saved, nothing open. */
export const initialConsentState: ConsentState = {
  stored: null,
  popupDismissed: false,
  panelOpen: false,
  message: '',
};

/** The consent slice (state key `consent`). A plain slice (no Immer). */
export const consentSlice = plainSlice('consent', initialConsentState, {
  /** The overlays and the saved choice after a consent event (see `nextConsent`). */
  consentChanged(state: ConsentState, action: PayloadAction<ConsentUiState>): ConsentState {
    return { ...state, ...action.payload };
  },
  /** Wording from the platform: a sanitised message and category texts (server only). */
  consentContentLoaded(
    state: ConsentState,
    action: PayloadAction<{ message?: string; categories: readonly ConsentCategoryText[] }>,
  ): ConsentState {
    const { message, categories } = action.payload;
    return {
      ...state,
      ...(message !== undefined ? { message } : {}),
      ...(categories.length > 0 ? { categories } : {}),
    };
  },
});

/** Action creators of the consent slice. */
export const { consentChanged, consentContentLoaded } = consentSlice.actions;
