import {
  addListener,
  configureStore,
  createAction,
  createListenerMiddleware,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import { deferredListenerMiddleware, type ListenerMiddlewareFactory } from './listener-slot.js';

const said = createAction<string>('test/said');
const other = createAction('test/other');

interface State {
  words: string[];
}

const reducer = (state: State = { words: [] }, action: UnknownAction): State =>
  said.match(action) ? { words: [...state.words, action.payload] } : state;

/** A store with a deferred listener whose code arrives when the test says so. */
function setup(options: { loaded?: boolean } = {}) {
  const loads: { resolve: (factory: ListenerMiddlewareFactory) => void; reject: (error: Error) => void }[] =
    [];
  const listener = deferredListenerMiddleware({
    extra: { name: 'services' },
    load: () => new Promise<ListenerMiddlewareFactory>((resolve, reject) => loads.push({ resolve, reject })),
    loaded: () => (options.loaded ? createListenerMiddleware : null),
  });
  const store = configureStore({
    reducer,
    middleware: (getDefault) => getDefault().prepend(listener.middleware),
  });
  /** What the listeners heard: the payload, the words before and after. */
  const heard: string[] = [];
  const listen = () =>
    listener.startListening({
      actionCreator: said,
      effect: (action, api) => {
        const before = (api.getOriginalState() as State).words.length;
        const after = (api.getState() as State).words.length;
        heard.push(`${action.payload} ${before}->${after} ${(api.extra as { name: string }).name}`);
      },
    });
  return { listener, store, heard, loads, listen };
}

/** Lets the promise callbacks of a resolved load run. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('deferredListenerMiddleware', () => {
  it('is the listener middleware itself once its code is there, without loading anything', () => {
    const { store, heard, loads, listen } = setup({ loaded: true });
    listen();
    store.dispatch(said('hello'));
    store.dispatch(other());
    expect(heard).toEqual(['hello 0->1 services']);
    expect(loads).toHaveLength(0);
  });

  it('loads the code at the first registration and then hears every action dispatched after it', async () => {
    const { listener, store, heard, loads, listen } = setup();
    store.dispatch(said('before'));
    expect(loads).toHaveLength(0);
    listen();
    store.dispatch(said('while loading'));
    // A second registration does not load the code again.
    listener.startListening({ actionCreator: other, effect: () => undefined });
    expect(loads).toHaveLength(1);
    expect(heard).toEqual([]);
    loads[0]?.resolve(createListenerMiddleware);
    await settle();
    // Heard when the code arrived, with the state of that moment on both sides.
    expect(heard).toEqual(['while loading 2->2 services']);
    store.dispatch(said('after'));
    expect(heard).toEqual(['while loading 2->2 services', 'after 2->3 services']);
  });

  it('forgets a registration stopped before the code arrived', async () => {
    const { listener, store, heard, loads, listen } = setup();
    const unsubscribe = listen();
    unsubscribe();
    const effect = () => {
      heard.push('other');
    };
    listener.startListening({ actionCreator: other, effect });
    expect(listener.stopListening({ actionCreator: other, effect })).toBe(true);
    expect(listener.stopListening({ actionCreator: other, effect })).toBe(false);
    store.dispatch(said('unheard'));
    store.dispatch(other());
    loads[0]?.resolve(createListenerMiddleware);
    await settle();
    store.dispatch(said('still unheard'));
    store.dispatch(other());
    expect(heard).toEqual([]);
  });

  it('takes addListener actions before the code arrives, and unsubscribes what it registered after', async () => {
    const { store, heard, loads } = setup();
    const unsubscribe = store.dispatch(
      addListener({ actionCreator: said, effect: (action) => void heard.push(action.payload) }),
    ) as unknown as () => void;
    store.dispatch(said('one'));
    loads[0]?.resolve(createListenerMiddleware);
    await settle();
    store.dispatch(said('two'));
    unsubscribe();
    store.dispatch(said('three'));
    expect(heard).toEqual(['one', 'two']);
  });

  it('drops the kept actions when the code cannot be loaded; the next registration tries again', async () => {
    const { store, heard, loads, listen } = setup();
    listen();
    store.dispatch(said('lost'));
    loads[0]?.reject(new Error('offline'));
    await settle();
    listen();
    expect(loads).toHaveLength(2);
    store.dispatch(said('kept'));
    loads[1]?.resolve(createListenerMiddleware);
    await settle();
    // Both registrations hear what came after the second one asked for the code.
    expect(heard).toEqual(['kept 2->2 services', 'kept 2->2 services']);
  });
});
