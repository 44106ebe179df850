import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ConsentUiState } from './consent-transitions.js';

/**
 * The consent slice: the visitor's saved choice (read from the cookie by the server, so the
 * first HTML already shows or hides the popup), what the overlays show, and the popup's
 * message as the server sanitised it.
 */
export interface ConsentState extends ConsentUiState {
  /** The popup's message, sanitised HTML ('' for a site without consent). */
  message: string;
}

/** No choice saved, nothing open. */
export const initialConsentState: ConsentState = {
  stored: null,
  popupDismissed: false,
  panelOpen: false,
  message: '',
};

/** The consent slice (state key `consent`). */
export const consentSlice = createSlice({
  name: 'consent',
  initialState: initialConsentState,
  reducers: {
    /** The overlays and the saved choice after a consent event (see `nextConsent`). */
    consentChanged(state, action: PayloadAction<ConsentUiState>) {
      return { ...state, ...action.payload };
    },
  },
});

/** Action creators of the consent slice. */
export const { consentChanged } = consentSlice.actions;
