import { createNextState, type PayloadAction } from '@reduxjs/toolkit';

/** A case reducer that changes a draft of the state in place (Immer), as `createSlice` takes them. */
// biome-ignore lint/suspicious/noExplicitAny: any state and payload; each case's own types are kept by the result
type DraftCase = (draft: any, action: PayloadAction<any>) => void;

/** The case reducer returning the next state that a {@link DraftCase} becomes. */
type NextStateCase<C extends DraftCase> = (
  state: Parameters<C>[0],
  action: Parameters<C>[1],
) => Parameters<C>[0];

/**
 * Case reducers written against an Immer draft, turned into case reducers for `plainSlice`
 * that return the next state. For slices whose reducers are easier to read as changes in
 * place; their code (and Immer with it) loads only with the code that imports them, not in
 * the first load of every page.
 *
 * @example
 * const search = plainSlice('search', initial, draftCases({
 *   termChanged(state: SearchState, action: PayloadAction<{ term: string }>) { state.term = action.payload.term; },
 * }));
 */
export function draftCases<Cases extends Record<string, DraftCase>>(
  cases: Cases,
): { [K in keyof Cases]: NextStateCase<Cases[K]> } {
  const out: Record<string, (state: unknown, action: PayloadAction<unknown>) => unknown> = {};
  for (const [key, recipe] of Object.entries(cases)) {
    out[key] = (state, action) => createNextState(state, (draft) => recipe(draft, action));
  }
  return out as { [K in keyof Cases]: NextStateCase<Cases[K]> };
}
