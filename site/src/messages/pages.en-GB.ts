/**
 * The demo's pages words in English (plain words, no values: see en-GB.ts), merged into the
 * reference catalogue. The Welsh ones are in pages.cy.ts, with the same keys.
 */
export const pagesMessages = {} as const;
