/**
 * The demo's account words in English (plain words, no values: see en-GB.ts), merged into the
 * reference catalogue. The Welsh ones are in account.cy.ts, with the same keys.
 */
export const accountMessages = {} as const;
