import {
  combineReducers,
  configureStore,
  type EnhancedStore,
  type ListenerMiddlewareInstance,
  type Reducer,
} from '@reduxjs/toolkit';
import { consentSlice } from '../consent/consent-slice.js';
import type { InjectedRedux } from '../site/site-definition.js';
import { userSlice } from '../user/user-slice.js';
import { deferredListenerMiddleware } from './listener-slot.js';
import { navigationSlice } from './navigation-slice.js';
import { routingSlice } from './routing-slice.js';
import type { SiteServices } from './services.js';
import type { SiteDispatch, SiteState } from './store-types.js';
import { versionSlice } from './version-slice.js';

/** A site's store: Redux Toolkit with thunks that get the services, and a listener middleware. */
export type SiteStore = EnhancedStore<SiteState> & {
  dispatch: SiteDispatch;
  /**
   * Reactive flows (search, debounce) register here with `startListening`: Redux Toolkit's
   * listener middleware, its code loaded when something first listens (see
   * `deferredListenerMiddleware`).
   */
  listener: ListenerMiddlewareInstance<SiteState, SiteDispatch, SiteServices>;
  services: SiteServices;
  /**
   * The state a new store with the same reducers starts from (injected slices included): the
   * very objects of each slice's initial state, so a part of the current state that was never
   * changed is identical to it (see `leanState`).
   */
  initialState(): SiteState;
  /** Slices injected with `hydratesWithoutInitialState`, with the members they keep (see `leanState`). */
  wholeMemberSlices(): ReadonlyMap<string, readonly string[]>;
};

/** Options of {@link createSiteStore}. */
export interface CreateSiteStoreOptions {
  services: Omit<SiteServices, 'injectReducer' | 'navigation'>;
  preloadedState?: Partial<SiteState>;
  /** Reducers injected before the store exists (so preloaded state for them is kept). */
  injected?: readonly InjectedRedux[];
}

const INJECTED = 'canopy/reducerInjected';

/** Puts a page the visitor saw back into the state (its routing and route slices), as it was. */
export const PAGE_RESTORED = 'canopy/pageRestored';

/**
 * Creates a store: one per request on the server (never a module singleton, so one visitor's
 * state cannot reach another's), one per page in the browser.
 *
 * @example
 * const store = createSiteStore({ services, preloadedState: { routing: { ...initialRoutingState, currentProject: 'website' } } });
 * await store.dispatch(loadRoute({ pathname: '/', search: '', hash: '' }));
 */
export function createSiteStore(options: CreateSiteStoreOptions): SiteStore {
  const services: SiteServices = {
    ...options.services,
    injectReducer: () => undefined,
    navigation: { sequence: 0, controller: null },
  };
  const staticReducers: Record<string, Reducer> = { ...(options.services.site.reducers ?? {}) };
  const wholeMembers = new Map<string, readonly string[]>();
  for (const item of options.injected ?? []) {
    staticReducers[item.key] = item.reducer;
    if (item.hydratesWithoutInitialState) wholeMembers.set(item.key, item.hydratesWithoutInitialState.keep);
  }
  // Redux's combineReducers, made again when a page injects a reducer: what Redux Toolkit's
  // combineSlices does, without its lazy-slice selector machinery in every page's first load.
  const reducers: Record<string, Reducer> = {
    [routingSlice.reducerPath]: routingSlice.reducer,
    [navigationSlice.reducerPath]: navigationSlice.reducer,
    [versionSlice.reducerPath]: versionSlice.reducer,
    [userSlice.reducerPath]: userSlice.reducer,
    [consentSlice.reducerPath]: consentSlice.reducer,
    ...staticReducers,
  };
  let rootReducer = combineReducers(reducers);
  // Redux Toolkit's listener middleware, its code loaded when something first listens.
  const listener = deferredListenerMiddleware<SiteState, SiteDispatch, SiteServices>({
    extra: services,
    load: () => import('./listener-middleware.js').then((module) => module.createListenerMiddleware),
  });

  // A restored page replaces its slices wholesale: they are the state it was left in.
  const reducer: Reducer<SiteState> = (state, action) =>
    action.type === PAGE_RESTORED && state
      ? { ...state, ...(action as unknown as { payload: Partial<SiteState> }).payload }
      : (rootReducer as unknown as Reducer<SiteState>)(state, action);
  const store = configureStore({
    reducer,
    preloadedState: options.preloadedState as SiteState | undefined,
    middleware: (getDefault) =>
      getDefault({
        thunk: { extraArgument: services },
        // Entries are large; the dev-only checks only need to warn, not to be exhaustive.
        serializableCheck: { warnAfter: 256 },
        immutableCheck: { warnAfter: 256 },
      }).prepend(listener.middleware),
  });

  const known = new Set(Object.keys(store.getState()));
  services.injectReducer = (key, reducer, injectOptions) => {
    if (known.has(key)) return;
    known.add(key);
    if (injectOptions?.hydratesWithoutInitialState)
      wholeMembers.set(key, injectOptions.hydratesWithoutInitialState.keep);
    reducers[key] = reducer;
    rootReducer = combineReducers(reducers);
    store.dispatch({ type: INJECTED, payload: key });
  };
  const initialState = () => reducer(undefined, { type: '@@canopy/initialState' });
  const wholeMemberSlices = () => wholeMembers;
  return Object.assign(store, {
    listener,
    services,
    initialState,
    wholeMemberSlices,
  }) as unknown as SiteStore;
}
