/**
 * The framework's interface messages in English (ICU MessageFormat), the reference catalogue:
 * every other language has exactly these keys. Loaded on its own (a chunk per language).
 */
export const messages = {
  'switcher.label': 'Language',
  'switcher.missingTranslation': 'The page you were on is not available in English.',
  'offer.text': 'This website is also available in English.',
  'offer.accept': 'Read it in English',
  'offer.dismiss': 'No thanks',
  'search.resultCount': '{count, plural, =0 {No results} one {# result} other {# results}}',
  'pager.pageOf': 'Page {page} of {pages}',
  'error.notFound.title': 'Page not found',
  'page.lastUpdated': 'Last updated {date, date, long}',
  'events.placesLeft': '{count, plural, =0 {No places left} one {# place left} other {# places left}}',
} as const;
