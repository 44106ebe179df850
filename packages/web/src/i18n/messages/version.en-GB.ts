/**
 * The framework's words for the version page (packages/web/src/version) in English, merged into the reference catalogue
 * (en-GB.ts). Plain words, or ICU MessageFormat with plain arguments and plurals, so a page's
 * words carry them (see `pageWordsOf`). The Welsh ones are in version.cy.ts, with the same keys.
 */
export const versionMessages = {} as const;
