import { pageLanguageOf } from '../i18n/page-language.js';
import { loadRoute } from '../routing/load-route.js';
import type { RoutingLocation } from '../state/routing-slice.js';
import type { SiteLogger } from '../state/site-logger.js';
import { createSiteStore, type SiteStore } from '../state/store.js';

const QUIET: SiteLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * Loads a location the visitor is likely to open next, so that navigation finds everything in
 * the browser's caches: the same `loadRoute` a navigation runs, into a scratch store made from
 * the current state (so access rules and the version status are the visitor's), with the
 * page's delivery client and its answer cache. The page's code (a lazily loaded route
 * component, an injected reducer) is loaded on the way. The scratch store is then dropped; the
 * page on screen and the site's route events are untouched. A page the visitor left a moment
 * ago (a fresh `PageSnapshots` entry) is not fetched again. Failures are ignored: the
 * navigation, if it comes, loads again and shows them.
 *
 * @example
 * await prefetchRoute(store, { pathname: '/about', search: '', hash: '' });
 */
export async function prefetchRoute(store: SiteStore, link: RoutingLocation): Promise<void> {
  // A link to another language is a page load of its own (the store reads one language).
  const shown = store.getState().routing;
  // On a language's own host every path is that language's.
  const page = pageLanguageOf(store.services.site, link.pathname, window.location.hostname);
  if (page.language !== (shown.language ?? store.services.site.language ?? 'en-GB')) return;
  const location = { ...link, pathname: page.pathname };
  // A page kept as the visitor left it opens from there; nothing to fetch.
  const caches = store.services.navigationCache;
  if (caches?.pages && caches.answers) {
    const address = `${location.pathname}${location.search}`;
    const freshness = { maxAgeMs: caches.answers.reuseMs, changes: caches.answers.changesSeen };
    if (caches.pages.get(address, freshness)) return;
  }
  const { injectReducer: _inject, navigation: _navigation, ...visit } = store.services;
  // Its failures are not the visitor's (a request it shared may be given up by a navigation
  // that moved on): the navigation to the page, if it comes, reports its own.
  const services = { ...visit, logger: QUIET };
  const state = store.getState();
  const scratch = createSiteStore({
    services,
    preloadedState: {
      routing: state.routing,
      navigation: state.navigation,
      version: state.version,
      user: state.user,
      consent: state.consent,
    },
  });
  try {
    await scratch.dispatch(loadRoute(location, { prefetch: true }));
  } catch {
    // Nothing to do: a real navigation reports its own failures.
  }
}
