import type { accountMessages as reference } from './account.en-GB.js';
import type { MessageCatalogue } from './message-types.js';

/** The framework's words for the account pages and forms (packages/web/src/user) in Welsh, with the keys of account.en-GB.ts. */
export const accountMessages: MessageCatalogue<keyof typeof reference> = {
  'account.formExpired.title': 'Ffurflen wedi dod i ben',
  'account.formExpired.heading': 'Mae’r ffurflen hon wedi dod i ben',
  'account.formExpired.text':
    'Anfonwyd y ffurflen heb docyn diogelwch y porwr hwn (efallai ei fod wedi dod i ben). Ewch yn ôl, ail-lwythwch y dudalen a rhowch gynnig arall arni.',
  'account.homeLink': 'Mynd i’r hafan',
  'account.unreadable':
    'Mae’r ffurflen yn cynnwys nodau nad oes modd eu darllen. Teipiwch hi eto a rhowch gynnig arall arni.',
};
