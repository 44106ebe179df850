import type { accountMessages as reference } from './account.en-GB.js';
import type { MessageCatalogue } from './message-types.js';

/** The framework's words for the account pages and forms (packages/web/src/user) in Welsh, with the keys of account.en-GB.ts. */
export const accountMessages: MessageCatalogue<keyof typeof reference> = {};
