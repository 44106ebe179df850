/**
 * The demo's search words in English (plain words, no values: see en-GB.ts), merged into the
 * reference catalogue. The Welsh ones are in search.cy.ts, with the same keys.
 */
export const searchMessages = {} as const;
