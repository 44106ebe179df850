import type { MessageCatalogue } from '@canopy/web';
import type { searchMessages as reference } from './search.en-GB.js';

/** The demo's search words in Welsh, with the keys of search.en-GB.ts. */
export const searchMessages: MessageCatalogue<keyof typeof reference> = {};
