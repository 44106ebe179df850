import { accountMessages } from './account.en-GB.js';
import { consentMessages } from './consent.en-GB.js';
import { fallbackMessages } from './fallback.en-GB.js';
import { searchMessages } from './search.en-GB.js';
import { versionMessages } from './version.en-GB.js';
/**
 * The framework's interface messages in English (ICU MessageFormat), the reference catalogue:
 * every other language has exactly these keys. Loaded on its own (a chunk per language).
 */
export const messages = {
  ...searchMessages,
  ...accountMessages,
  ...consentMessages,
  ...versionMessages,
  ...fallbackMessages,
  'switcher.label': 'Language',
  'switcher.missingTranslation': 'The page you were on is not available in English.',
  'offer.text': 'This website is also available in English.',
  'offer.accept': 'Read it in English',
  'offer.dismiss': 'No thanks',
  'error.notFound.title': 'Page not found',
  'page.lastUpdated': 'Last updated {date, date, long}',
  'events.placesLeft': '{count, plural, =0 {No places left} one {# place left} other {# places left}}',
} as const;
