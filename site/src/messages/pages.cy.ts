import type { MessageCatalogue } from '@canopy/web';
import type { pagesMessages as reference } from './pages.en-GB.js';

/** The demo's pages words in Welsh, with the keys of pages.en-GB.ts. */
export const pagesMessages: MessageCatalogue<keyof typeof reference> = {};
