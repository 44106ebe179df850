import type { MessageCatalogue } from './message-types.js';
import type { versionMessages as reference } from './version.en-GB.js';

/** The framework's words for the version page (packages/web/src/version) in Welsh, with the keys of version.en-GB.ts. */
export const versionMessages: MessageCatalogue<keyof typeof reference> = {};
