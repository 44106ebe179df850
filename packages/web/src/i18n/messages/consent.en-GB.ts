/**
 * The framework's words for the consent popup and panel (packages/web/src/consent) in English, merged into the reference catalogue
 * (en-GB.ts). Plain words, or ICU MessageFormat with plain arguments and plurals, so a page's
 * words carry them (see `pageWordsOf`). The Welsh ones are in consent.cy.ts, with the same keys.
 */
export const consentMessages = {} as const;
