import { createAction, type PayloadAction, type PayloadActionCreator, type Reducer } from '@reduxjs/toolkit';

/**
 * A case reducer of a {@link plainSlice}: returns the next state and never changes the one
 * it gets (there is no Immer draft to write to).
 */
// biome-ignore lint/suspicious/noExplicitAny: a case reducer may take any payload; each case's own type is kept by PlainSlice
export type PlainCaseReducer<S> = (state: S, action: PayloadAction<any>) => S;

/** The payload type a case reducer takes (`void` when it takes no action, as Redux Toolkit's types expect). */
type PayloadOf<R> = R extends (state: never, action: infer A) => unknown
  ? A extends PayloadAction<infer P>
    ? P
    : // biome-ignore lint/suspicious/noConfusingVoidType: PayloadActionCreator<void> is the creator without a payload
      void
  : // biome-ignore lint/suspicious/noConfusingVoidType: as above
    void;

/** A slice made by {@link plainSlice}: what `combineSlices` and code written for `createSlice` read. */
export interface PlainSlice<S, Cases extends Record<string, PlainCaseReducer<S>>, Name extends string> {
  name: Name;
  reducerPath: Name;
  reducer: Reducer<S>;
  /** One action creator per case, of type `{name}/{case}`, as `createSlice` names them. */
  actions: { [K in keyof Cases & string]: PayloadActionCreator<PayloadOf<Cases[K]>, `${Name}/${K}`> };
  getInitialState(): S;
}

/**
 * A slice like Redux Toolkit's `createSlice` makes (same action types and creators, same
 * state), with case reducers that return the next state themselves. The slices every page
 * hydrates with are made this way, so Immer (which `createSlice` needs to let reducers
 * "mutate" a draft) is not part of the JavaScript a page loads first.
 *
 * @example
 * const counter = plainSlice('counter', { value: 0 }, {
 *   added: (state, action: PayloadAction<number>) => ({ ...state, value: state.value + action.payload }),
 * });
 * counter.reducer(undefined, counter.actions.added(2)); // { value: 2 }
 */
export function plainSlice<S, Name extends string, Cases extends Record<string, PlainCaseReducer<S>>>(
  name: Name,
  initialState: S,
  cases: Cases,
): PlainSlice<S, Cases, Name> {
  const byType = new Map<string, PlainCaseReducer<S>>();
  const actions: Record<string, unknown> = {};
  for (const [key, caseReducer] of Object.entries(cases)) {
    const type = `${name}/${key}`;
    byType.set(type, caseReducer);
    actions[key] = createAction(type);
  }
  const reducer = (state: S | undefined = initialState, action: { type: string }): S => {
    const caseReducer = byType.get(action.type);
    return caseReducer ? caseReducer(state, action as PayloadAction<unknown>) : state;
  };
  return {
    name,
    reducerPath: name,
    reducer: reducer as Reducer<S>,
    actions: actions as PlainSlice<S, Cases, Name>['actions'],
    getInitialState: () => initialState,
  };
}
