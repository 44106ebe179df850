import { accountMessages } from './account.cy.js';
import { consentMessages } from './consent.cy.js';
import type { messages as reference } from './en-GB.js';
import { fallbackMessages } from './fallback.cy.js';
import type { MessageCatalogue } from './message-types.js';
import { searchMessages } from './search.cy.js';
import { versionMessages } from './version.cy.js';

/**
 * The framework's interface messages in Welsh. Plurals use Welsh's own categories (zero, one,
 * two, few, many, other) where the numeral mutates the noun as it is read aloud: "dau le",
 * "tri chanlyniad", "chwe chanlyniad".
 */
export const messages: MessageCatalogue<keyof typeof reference> = {
  ...searchMessages,
  ...accountMessages,
  ...consentMessages,
  ...versionMessages,
  ...fallbackMessages,
  'switcher.label': 'Iaith',
  'switcher.missingTranslation': 'Nid yw’r dudalen roeddech chi arni ar gael yn Gymraeg.',
  'offer.text': 'Mae’r wefan hon ar gael yn Gymraeg hefyd.',
  'offer.accept': 'Darllen yn Gymraeg',
  'offer.dismiss': 'Dim diolch',
  'error.notFound.title': 'Ni ellir dod o hyd i’r dudalen',
  'page.lastUpdated': 'Diweddarwyd ddiwethaf {date, date, long}',
  'events.placesLeft':
    '{count, plural, =0 {Dim lleoedd ar ôl} one {# lle ar ôl} two {# le ar ôl} other {# lle ar ôl}}',
};
