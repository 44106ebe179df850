/**
 * The framework's words for the account pages and forms (packages/web/src/user) in English, merged into the reference catalogue
 * (en-GB.ts). Plain words, or ICU MessageFormat with plain arguments and plurals, so a page's
 * words carry them (see `pageWordsOf`). The Welsh ones are in account.cy.ts, with the same keys.
 */
export const accountMessages = {} as const;
