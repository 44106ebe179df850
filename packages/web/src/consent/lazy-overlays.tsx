import { Suspense } from 'react';
import { lazyComponent } from '../routing/lazy-component.js';
import type { ConsentOverlaysProps } from './overlay-props.js';

export { CONSENT_POLL_MS, type ConsentOverlaysProps } from './overlay-props.js';

/**
 * The overlays' code, loaded apart from the first load: the popup works without it (its
 * buttons post the consent form, Customise is a link), so the page hydrates without waiting
 * for it and the popup hydrates once it is there. No module id (the second argument): the
 * server renders the overlays but does not ask the browser to preload their chunk.
 */
const Overlays = lazyComponent(
  () => import('./ConsentOverlays.js').then((module) => module.ConsentOverlays),
  null,
);

/** Loads the overlays' code: the server before it renders, the browser as it hydrates. */
export function preloadConsentOverlays(): Promise<unknown> {
  return Overlays.preload();
}

/**
 * The consent overlays of a site (the framework renders this when the site declares
 * `consent`): the popup or the preferences panel as the state says, the watch on the cookie
 * for choices made in another tab, and outbound-link tracking once analytics is allowed.
 * Their code loads on its own (see {@link preloadConsentOverlays}); until it is there, the
 * server's HTML of the popup stays as it is (a Suspense boundary waiting to hydrate), so
 * nothing flashes or moves.
 */
export function ConsentOverlays({ config }: ConsentOverlaysProps) {
  return (
    <Suspense fallback={null}>
      <Overlays config={config} />
    </Suspense>
  );
}
