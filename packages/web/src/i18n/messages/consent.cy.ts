import type { consentMessages as reference } from './consent.en-GB.js';
import type { MessageCatalogue } from './message-types.js';

/** The framework's words for the consent popup and panel (packages/web/src/consent) in Welsh, with the keys of consent.en-GB.ts. */
export const consentMessages: MessageCatalogue<keyof typeof reference> = {};
