import type { MessageCatalogue } from '@canopy/web';
import type { accountMessages as reference } from './account.en-GB.js';

/** The demo's account words in Welsh, with the keys of account.en-GB.ts. */
export const accountMessages: MessageCatalogue<keyof typeof reference> = {};
