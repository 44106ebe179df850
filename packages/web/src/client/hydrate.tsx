import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { preloadConsentOverlays } from '../consent/lazy-overlays.js';
import { deferredDeliveryAccess } from '../delivery/deferred-delivery.js';
import { BrowserSiteApp } from '../render/BrowserSiteApp.js';
import { DocumentPosition } from '../render/document-position.js';
import { injectedReducersFor, preloadPageOf } from '../routing/injected-reducers.js';
import type { SiteDefinition } from '../site/site-definition.js';
import { hydrationState } from '../state/hydration-state.js';
import { restoreInlineContent } from '../state/inline-content.js';
import { consoleLogger, type NavigationCache } from '../state/services.js';
import { STATE_GLOBAL } from '../state/state-global.js';
import { createSiteStore, type SiteStore } from '../state/store.js';
import type { SiteState } from '../state/store-types.js';
import { readCsrfMeta } from '../user/csrf.js';
import type { VersionInfo } from '../version/version-info.js';

declare global {
  interface Window {
    [STATE_GLOBAL]?: SiteState;
  }
}

/**
 * Starts a site in the browser: reads the state the server rendered with (inlined, or from
 * `?redux=true` when inline state is off), creates the store whose delivery client calls the
 * site's own `/api/delivery` proxy (the server adds the access token) and keeps its answers
 * for client navigation, hydrates `#root`, and prefetches the pages of links the visitor
 * points at, focuses or touches.
 *
 * @example
 * // src/entry-client.tsx of a site
 * import { hydrateSite } from '@canopy/web';
 * import { site } from './site.js';
 * void hydrateSite(site);
 */
export async function hydrateSite(site: SiteDefinition): Promise<SiteStore> {
  // The answer cache and link prefetching are not needed to show the page: their code comes
  // while the page hydrates.
  const clientNavigation = import('./client-navigation.js');
  const navigationCache: NavigationCache = { answers: null, pages: null, restorePage: null, waiting: [] };
  // The inline state holds what differs from the initial state (leanState); `?redux=true` all of it.
  const lean = restoreInlineContent((window[STATE_GLOBAL] ?? (await fetchState())) as Partial<SiteState>);
  delete window[STATE_GLOBAL];
  // A page in a language other than the default names the file of its words and consent
  // wording (`wordsFileOf`, cached for every page in that language) instead of carrying them:
  // fetched while the page's code loads, laid under the state before hydration, so the page
  // never shows other words.
  const routing = lean.routing as Record<string, unknown> | undefined;
  const wordsHref = typeof routing?.wordsHref === 'string' ? routing.wordsHref : null;
  if (routing && wordsHref) delete routing.wordsHref;
  const words = wordsHref ? fetchWords(wordsHref) : null;
  const projectId = lean.routing?.currentProject ?? '';
  // The page's language (a page in another language than the default says so in its state).
  const language = lean.routing?.language ?? site.language ?? 'en-GB';
  // The delivery client is for navigation, not for hydration: its code comes in its own chunk,
  // loading from now on while the page hydrates (a navigation waits for it in loadRoute). It
  // is ready once the answer cache is there too, so every answer the browser fetches is kept
  // for the next visit; without that chunk it works uncached.
  const delivery = deferredDeliveryAccess({ projectId, language }, () =>
    Promise.all([
      import('../delivery/delivery-access.js'),
      clientNavigation.then(
        ({ BrowserAnswerCache }) => {
          navigationCache.answers ??= new BrowserAnswerCache();
        },
        () => undefined,
      ),
    ]).then(([{ createDeliveryAccess }]) =>
      createDeliveryAccess({
        rootUrl: window.location.origin,
        projectId,
        language,
        // Back, forward, revisits and prefetched pages are served from here (see BrowserAnswerCache).
        browserCache: () => navigationCache.answers,
      }),
    ),
  );
  delivery.ready?.().catch(() => {
    // Tried again by the first navigation, which falls back to asking the server.
  });
  const services = {
    site,
    isServer: false,
    delivery,
    logger: consoleLogger,
    requestLog: null,
    versionInfo: fetchVersionInfo,
    navigationCache,
  };
  // The whole state again: the framework's slices first (they name the page), then with the
  // reducers the page injected, from the initial state of the same reducers.
  const page = hydrationState(lean, createSiteStore({ services }).initialState()) as SiteState;
  // The consent overlays' code is not awaited: the page hydrates without it, the popup (in the
  // server's HTML, working as a plain form until then) once it is there.
  if (site.consent) preloadConsentOverlays().catch(() => undefined);
  const [injected] = await Promise.all([injectedReducersFor(site, page), preloadPageOf(site, page)]);
  if (words) {
    const slices = lean as Record<string, Record<string, unknown> | undefined>;
    // What the page's state has itself (the platform's consent wording) wins over the file's.
    for (const [slice, members] of Object.entries(await words))
      slices[slice] = { ...members, ...slices[slice] };
  }
  const slices = lean as Record<string, unknown>;
  for (const { key, restoreInline } of injected)
    if (restoreInline && key in slices) slices[key] = restoreInline(slices[key]);
  const state = hydrationState(lean, createSiteStore({ services, injected }).initialState()) as SiteState;
  const store = createSiteStore({ services, preloadedState: state, injected });
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element to hydrate');
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page (one long task on a slow phone); a part the visitor
  // touches meanwhile is hydrated first.
  startTransition(() => {
    hydrateRoot(
      container,
      <DocumentPosition>
        <BrowserSiteApp site={site} store={store} csrfToken={readCsrfMeta(document)} />
      </DocumentPosition>,
    );
  });
  try {
    const { BrowserAnswerCache, PageSnapshots, restorePage, startLinkPrefetch, startLanguageOffer } =
      await clientNavigation;
    navigationCache.restorePage = restorePage;
    navigationCache.answers ??= new BrowserAnswerCache();
    const pages = new PageSnapshots();
    const siteSlices = Object.keys(site.reducers ?? {});
    for (const left of navigationCache.waiting.splice(0)) pages.keep(left.state, siteSlices, 0, left.at);
    navigationCache.pages = pages;
    startLinkPrefetch(store);
    startLanguageOffer(store);
  } catch {
    // Without them (a chunk that failed to load) navigation still works, asking the server each time.
  }
  return store;
}

/** The initial state from the server, for pages rendered without inline state. */
async function fetchState(): Promise<SiteState> {
  const url = new URL(window.location.href);
  url.hash = '';
  url.searchParams.set('redux', 'true');
  const response = await fetch(url, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
  return (await response.json()) as SiteState;
}

/**
 * A language's words and consent wording from their file, as state members by slice; failing
 * that, the same members from the page's whole state (`?redux=true`).
 */
async function fetchWords(href: string): Promise<Record<string, Record<string, unknown>>> {
  try {
    const response = await fetch(href, { headers: { Accept: 'application/json' } });
    if (response.ok) return (await response.json()) as Record<string, Record<string, unknown>>;
  } catch {
    // Asked again with the page's state below.
  }
  const { routing, consent } = await fetchState();
  const wording = consent ? { message: consent.message, categories: consent.categories } : {};
  return {
    routing: { words: routing.words },
    consent: Object.fromEntries(Object.entries(wording).filter(([, value]) => value !== undefined)),
  };
}

async function fetchVersionInfo(): Promise<VersionInfo> {
  const response = await fetch('/__version__', { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`Version information: ${response.status}`);
  return (await response.json()) as VersionInfo;
}
