import { staticRoutesOf } from '../site/routes.js';
import type { InjectedRedux, SiteDefinition } from '../site/site-definition.js';
import type { SiteState } from '../state/store-types.js';
import { findMapping } from './find-mapping.js';
import { preloadComponent } from './lazy-component.js';

/**
 * The reducers the page of a loaded state injected (its static route's or content type
 * mapping's `injectRedux`), so a store created from that state keeps their slices: the
 * browser's store at hydration, and a render from a state already in memory.
 */
export async function injectedReducersFor(site: SiteDefinition, state: SiteState): Promise<InjectedRedux[]> {
  const { routing } = state;
  const route = routing.staticRoute
    ? staticRoutesOf(site).find((candidate) => candidate.path === routing.staticRoute?.path)
    : null;
  const mapping = route ? null : findMapping(site, routing.entry?.sys?.contentTypeId);
  const injector = route?.injectRedux ?? mapping?.injectRedux;
  return injector ? [await injector()] : [];
}

/**
 * Loads the code of the page a loaded state shows, when its component is a `lazyComponent`,
 * so hydration renders it at once (the server preloaded its chunk in the HTML).
 */
export async function preloadPageOf(site: SiteDefinition, state: SiteState): Promise<void> {
  const { routing } = state;
  if (site.consent && state.consent?.panelOpen) {
    const { ConsentPanel } = await import('../consent/ConsentOverlays.js');
    await ConsentPanel.preload();
  }
  if (routing.redirect) return;
  // A not-found or error page shows the site's `notFound` component, which may load lazily too.
  if (routing.notFound || routing.isError) return void (await preloadComponent(site.notFound));
  const route = routing.staticRoute
    ? staticRoutesOf(site).find((candidate) => candidate.path === routing.staticRoute?.path)
    : null;
  const component = route ? route.component : findMapping(site, routing.entry?.sys?.contentTypeId)?.component;
  await preloadComponent(component);
}
