import type {
  Action,
  createListenerMiddleware,
  ListenerMiddlewareInstance,
  Middleware,
  MiddlewareAPI,
  ThunkDispatch,
} from '@reduxjs/toolkit';

/** Redux Toolkit's `createListenerMiddleware`, once its code is there. */
export type ListenerMiddlewareFactory = typeof createListenerMiddleware;

let provided: ListenerMiddlewareFactory | null = null;

/**
 * Hands the listener middleware's code to every deferred listener (`listener-middleware.ts`
 * calls it when it is loaded): from then on they work as Redux Toolkit's own.
 */
export function provideListenerMiddleware(factory: ListenerMiddlewareFactory): void {
  provided = factory;
}

/** Options of {@link deferredListenerMiddleware}. */
export interface DeferredListenerOptions<Extra> {
  /** The `extra` argument of every effect (the store's services). */
  extra: Extra;
  /** Loads the listener middleware's code (the first registration asks for it). */
  load: () => Promise<ListenerMiddlewareFactory>;
  /** The code when it is already there (default: what {@link provideListenerMiddleware} was given). */
  loaded?: () => ListenerMiddlewareFactory | null;
}

/** What `startListening` and `stopListening` take, as far as telling listeners apart needs. */
interface ListenOptions {
  effect: unknown;
  type?: string;
  actionCreator?: { type: string };
  matcher?: unknown;
  predicate?: unknown;
}

/** A registration made before the code arrived. */
interface Waiting {
  options: ListenOptions;
  stopped: boolean;
  stop: ((options?: { cancelActive?: true }) => void) | null;
}

/** Registrations and, while one waits, the actions dispatched after it, in their order. */
type Logged = { listen: Waiting } | { action: unknown };

/** The action types of Redux Toolkit's `addListener`, `removeListener` and `clearAllListeners`. */
const ADD = 'listenerMiddleware/add';
const REMOVE = 'listenerMiddleware/remove';
const REMOVE_ALL = 'listenerMiddleware/removeAll';

/**
 * A listener middleware (Redux Toolkit's `ListenerMiddlewareInstance`) whose code loads when it
 * is first needed instead of with every page: it is about 1.7 kB gzip, and only reactive
 * features use it (the search box's typing, a site's own listeners). Once the code is there
 * (loaded, or provided by a chunk that imports it, as the search code does) it is Redux
 * Toolkit's listener middleware itself.
 *
 * Before that, registrations (`startListening`, `addListener`) wait in order and load the code;
 * actions dispatched after a registration are kept and given to it when the code arrives, so a
 * listener sees every action dispatched after it started listening. Those actions reach the
 * listener after the reducers ran, so for them `getOriginalState()` and the state a predicate
 * is given as the one before are the state when the code arrived. If the code cannot be loaded,
 * the kept actions are dropped and the registrations wait for the next one, which tries again.
 *
 * @example
 * const listener = deferredListenerMiddleware({ extra: services, load: () => import('./listener-middleware.js').then((m) => m.createListenerMiddleware) });
 * configureStore({ reducer, middleware: (getDefault) => getDefault().prepend(listener.middleware) });
 */
export function deferredListenerMiddleware<
  State,
  Dispatch extends ThunkDispatch<State, unknown, Action>,
  Extra,
>(options: DeferredListenerOptions<Extra>): ListenerMiddlewareInstance<State, Dispatch, Extra> {
  type Instance = ListenerMiddlewareInstance<State, Dispatch, Extra>;
  const loaded = options.loaded ?? (() => provided);
  let real: Instance | null = null;
  let storeApi: MiddlewareAPI | null = null;
  let log: Logged[] = [];
  let loading: Promise<void> | null = null;

  /** The real instance when the code is there, made (and given what waited) the first time. */
  const attach = (factory = loaded()): Instance | null => {
    if (real || !factory) return real;
    const instance = factory<State, Dispatch, Extra>({ extra: options.extra });
    real = instance;
    const waited = log;
    log = [];
    for (const item of waited) {
      if ('listen' in item) {
        if (!item.listen.stopped) item.listen.stop = instance.startListening(item.listen.options as never);
      } else if (storeApi) {
        // The reducers ran when it was dispatched: the listeners only hear of it now.
        instance.middleware(storeApi as never)(() => item.action)(item.action);
      }
    }
    return real;
  };

  const waiting = () => log.some((item) => 'listen' in item && !item.listen.stopped);

  const loadCode = () => {
    if (loading) return;
    loading = options.load().then(
      (factory) => void attach(factory),
      () => {
        loading = null;
        log = log.filter((item) => 'listen' in item);
      },
    );
  };

  const startListening = (listen: ListenOptions) => {
    const now = attach();
    if (now) return now.startListening(listen as never);
    const entry: Waiting = { options: listen, stopped: false, stop: null };
    log.push({ listen: entry });
    loadCode();
    return (unsubscribe?: { cancelActive?: true }) => {
      if (entry.stop) entry.stop(unsubscribe);
      else entry.stopped = true;
    };
  };

  const stopListening = (listen: ListenOptions & { cancelActive?: true }) => {
    const now = attach();
    if (now) return now.stopListening(listen as never);
    const found = log.find(
      (item) => 'listen' in item && !item.listen.stopped && sameListener(item.listen.options, listen),
    ) as { listen: Waiting } | undefined;
    if (found) found.listen.stopped = true;
    return Boolean(found);
  };

  const clearListeners = () => {
    const now = attach();
    if (now) now.clearListeners();
    else log = [];
  };

  const middleware: Middleware = (api) => (next) => {
    storeApi = api;
    let chain: ((action: unknown) => unknown) | null = null;
    return (action) => {
      const now = attach();
      if (now) {
        chain ??= now.middleware(api as never)(next);
        return chain(action);
      }
      const { type, payload } = action as { type?: unknown; payload?: unknown };
      if (type === ADD) return startListening(payload as ListenOptions);
      if (type === REMOVE) return stopListening(payload as ListenOptions);
      if (type === REMOVE_ALL) return clearListeners();
      const result = next(action);
      if (waiting()) log.push({ action });
      return result;
    };
  };

  return {
    middleware,
    startListening: Object.assign(startListening, { withTypes: () => startListening }),
    stopListening: Object.assign(stopListening, { withTypes: () => stopListening }),
    clearListeners,
  } as unknown as Instance;
}

/** Whether two listener options name the same listener, as Redux Toolkit's `stopListening` compares them. */
function sameListener(a: ListenOptions, b: ListenOptions): boolean {
  const key = (options: ListenOptions) =>
    options.type ?? options.actionCreator?.type ?? options.matcher ?? options.predicate;
  return a.effect === b.effect && key(a) === key(b);
}
