/**
 * The framework's words for the consent popup and panel (packages/web/src/consent) in English, merged into the reference catalogue
 * (en-GB.ts). Plain words, or ICU MessageFormat with plain arguments and plurals, so a page's
 * words carry them (see `pageWordsOf`). The Welsh ones are in consent.cy.ts, with the same keys.
 * The message and the categories' wording are the site's (or its editors', see `consentWording`).
 */
export const consentMessages = {
  'consent.label': 'Cookie consent',
  'consent.customise': 'Customise',
  'consent.acceptAll': 'Accept all',
  'consent.declineAll': 'Decline all',
  'consent.panelTitle': 'Customise Consent Preferences',
  'consent.save': 'Save preferences',
  'consent.rejectAll': 'Reject all',
  'consent.alwaysActive': 'Always Active',
  'consent.tableCaption': '{category} cookies',
  'consent.cookieName': 'Name',
  'consent.provider': 'Provider',
  'consent.purpose': 'Purpose',
  'consent.expiration': 'Expiration',
  'consent.noCookies': 'No cookies to show.',
  'consent.needs': 'This content needs {category} cookies.',
  'consent.allow': 'Allow {category} cookies',
  'consent.preferences': 'Cookie preferences',
} as const;
