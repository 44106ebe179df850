/**
 * The framework's words for the account pages and forms (packages/web/src/user) in English, merged into the reference catalogue
 * (en-GB.ts). Plain words, or ICU MessageFormat with plain arguments and plurals, so a page's
 * words carry them (see `pageWordsOf`). The Welsh ones are in account.cy.ts, with the same keys.
 * The account pages themselves are the site's; these are the site server's own answers to a
 * form it cannot take (in the language of the page the form was on).
 */
export const accountMessages = {
  'account.formExpired.title': 'Form expired',
  'account.formExpired.heading': 'This form has expired',
  'account.formExpired.text':
    'The form was sent without this browser’s security token (it may have expired). Go back, reload the page and try again.',
  'account.homeLink': 'Go to the home page',
  'account.unreadable': 'The form holds characters that cannot be read. Retype it and try again.',
} as const;
