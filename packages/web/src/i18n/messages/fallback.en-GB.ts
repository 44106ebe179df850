/**
 * The framework's words for its plain fallback pages in English (server/error-pages.ts: the
 * pages sent when a site cannot render its own error page, the platform cannot be reached or
 * the site is too busy), merged into the reference catalogue (en-GB.ts). Plain words, no status
 * codes: a visitor is told what happened and what to do. The Welsh ones are in fallback.cy.ts.
 */
export const fallbackMessages = {
  'fallback.home': 'Go to the home page',
  'fallback.unavailable.title': 'This site is taking a short break',
  'fallback.unavailable.text': 'We cannot load this page right now. Please try again in a minute or two.',
  'fallback.busy.title': 'This site is very busy',
  'fallback.busy.text':
    'So many people are visiting right now that we could not show this page. Please try again in a few seconds.',
  'fallback.serverError.title': 'Sorry, there is a problem with this page',
  'fallback.serverError.text': 'We could not show it just now. Please try again later.',
  'fallback.notFound.title': 'Page not found',
  'fallback.notFound.text':
    'If you typed the address, check it is correct. If you pasted it, check you copied the whole address.',
  'fallback.gone.title': 'This page has been removed',
  'fallback.gone.text': 'The page you were looking for is no longer on this site.',
  'fallback.forbidden.title': 'You cannot see this page',
  'fallback.forbidden.text': 'You may need to sign in with an account that is allowed to see it.',
  'fallback.methodNotAllowed.title': 'This page cannot be used that way',
  'fallback.methodNotAllowed.text': 'Follow a link or type the address to open the page.',
  'fallback.tooManyRequests.title': 'You have tried too many times',
  'fallback.tooManyRequests.text': 'Please wait a few minutes, then try again.',
  'fallback.clientError.title': 'Sorry, we could not open this page',
  'fallback.clientError.text': 'Please check the address, or start again from the home page.',
} as const;
