import type { consentMessages as reference } from './consent.en-GB.js';
import type { MessageCatalogue } from './message-types.js';

/** The framework's words for the consent popup and panel (packages/web/src/consent) in Welsh, with the keys of consent.en-GB.ts. */
export const consentMessages: MessageCatalogue<keyof typeof reference> = {
  'consent.label': 'Caniatâd cwcis',
  'consent.customise': 'Addasu',
  'consent.acceptAll': 'Derbyn y cyfan',
  'consent.declineAll': 'Gwrthod y cyfan',
  'consent.panelTitle': 'Addasu eich dewisiadau cwcis',
  'consent.save': 'Cadw’r dewisiadau',
  'consent.rejectAll': 'Gwrthod pob un',
  'consent.alwaysActive': 'Ymlaen bob amser',
  'consent.tableCaption': 'Cwcis {category}',
  'consent.cookieName': 'Enw',
  'consent.provider': 'Darparwr',
  'consent.purpose': 'Diben',
  'consent.expiration': 'Yn dod i ben',
  'consent.noCookies': 'Dim cwcis i’w dangos.',
  'consent.needs': 'Mae angen cwcis {category} ar gyfer y cynnwys hwn.',
  'consent.allow': 'Caniatáu cwcis {category}',
  'consent.preferences': 'Dewisiadau cwcis',
};
