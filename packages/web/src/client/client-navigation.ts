import type { SiteStore } from '../state/store.js';

export { BrowserAnswerCache } from './answer-cache.js';
export { PageSnapshots } from './page-snapshots.js';
export { restorePage } from './restore-page.js';

import { prefetchAllowed, watchLinksForPrefetch } from './prefetch.js';
import { prefetchRoute } from './prefetch-route.js';

/**
 * Offers the visitor the page in their browser's language (`showLanguageOffer`) on a site in
 * several languages; the offer's code loads only there, after the page has shown.
 */
export function startLanguageOffer(store: SiteStore): void {
  if ((store.services.site.languages?.length ?? 0) < 2) return;
  import('./language-offer.js')
    .then(({ showLanguageOffer }) => showLanguageOffer(store))
    .catch(() => undefined);
}

/** What browsers tell of the connection (Chromium's `navigator.connection`). */
type NavigatorWithConnection = Navigator & { connection?: { saveData?: boolean; effectiveType?: string } };

/**
 * Prefetches the pages of internal links the visitor points at, focuses or touches, into the
 * store's caches (see `watchLinksForPrefetch` and `prefetchRoute`); not on connections that
 * ask to save data or are 2G-class.
 *
 * This module (with the answer cache) is what client navigation adds to a page: it loads while
 * the page hydrates, outside the page's first scripts; a navigation before it arrives simply
 * asks the server.
 */
export function startLinkPrefetch(store: SiteStore): () => void {
  return watchLinksForPrefetch(document, {
    prefetch: (location) => void prefetchRoute(store, location),
    allowed: () => prefetchAllowed((navigator as NavigatorWithConnection).connection),
  });
}
