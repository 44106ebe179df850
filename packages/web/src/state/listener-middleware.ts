import { createListenerMiddleware } from '@reduxjs/toolkit';
import { provideListenerMiddleware } from './listener-slot.js';

// The listener middleware's code, in the chunks of the code that uses it (the build gives this
// module a copy of Redux Toolkit of its own, see canopy:lazy-listener-middleware), not in every
// page's first load.
export { createListenerMiddleware };

/**
 * A store's listener, its code here: what code that registers listeners as it renders calls
 * first (the search box), so its registrations take effect at once instead of waiting for the
 * code to load (see `deferredListenerMiddleware`).
 *
 * @example
 * useEffect(() => listenerReady(store.listener).startListening({ actionCreator, effect }), [store]);
 */
export function listenerReady<Listener>(listener: Listener): Listener {
  provideListenerMiddleware(createListenerMiddleware);
  return listener;
}
