// A Welsh page's state for the page tests: the words the server would put in it.
import { pageWordsOf } from '@canopy/web';
import { SITE_CATALOGUES } from '../messages/catalogues.js';

/** The Welsh page's words, as `routing.words` carries them. */
export const WELSH_WORDS = await pageWordsOf(SITE_CATALOGUES, 'en-GB')('cy');

/** `renderPage`'s `inLanguage` for a page under `/cy`. */
export const IN_WELSH = { language: 'cy', basePath: '/cy', words: WELSH_WORDS } as const;
