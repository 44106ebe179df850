import type { Client } from '@canopy/client';
import type { DeliveryAccess } from './delivery-access.js';

/**
 * A {@link DeliveryAccess} whose code loads on demand: the browser needs no delivery client to
 * hydrate a page, only to navigate, so the client (with `@canopy/client`) comes in its own
 * chunk after the page's first scripts. `ready()` loads it (once; again after a failure) and
 * resolves when `client()` can be called; `loadRoute` awaits it first.
 *
 * @example
 * const delivery = deferredDeliveryAccess({ projectId, language }, () =>
 *   import('./delivery-access.js').then((m) => m.createDeliveryAccess({ rootUrl, projectId, language })),
 * );
 * void delivery.ready?.(); // start loading while the page hydrates
 */
export function deferredDeliveryAccess(
  settings: { projectId: string; language: string },
  load: () => Promise<DeliveryAccess>,
): DeliveryAccess {
  let loaded: DeliveryAccess | null = null;
  let loading: Promise<void> | null = null;
  return {
    projectId: settings.projectId,
    language: settings.language,
    ready() {
      loading ??= load().then(
        (access) => {
          loaded = access;
        },
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      return loading;
    },
    client(options): Client {
      if (!loaded) throw new Error('The delivery client has not loaded yet: await ready() before client()');
      return loaded.client(options);
    },
  };
}
