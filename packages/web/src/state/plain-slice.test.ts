import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import { plainSlice } from './plain-slice.js';

interface Counter {
  value: number;
  history: number[];
}
const initial: Counter = Object.freeze({ value: 0, history: Object.freeze([]) as unknown as number[] });

const counter = plainSlice('counter', initial, {
  added: (state: Counter, action: PayloadAction<number>): Counter => ({
    value: state.value + action.payload,
    history: [...state.history, action.payload],
  }),
  reset: (): Counter => initial,
});

describe('plainSlice', () => {
  it('names its actions as createSlice does, so code matching them keeps working', () => {
    const reference = createSlice({
      name: 'counter',
      initialState: initial,
      reducers: {
        added(state, action: PayloadAction<number>) {
          state.value += action.payload;
        },
      },
    });
    expect(counter.actions.added(2)).toEqual(reference.actions.added(2));
    expect(counter.actions.added.type).toBe('counter/added');
    expect(counter.actions.added.match({ type: 'counter/added', payload: 1 })).toBe(true);
    expect(counter.actions.reset()).toEqual({ type: 'counter/reset', payload: undefined });
    expect(counter.reducerPath).toBe('counter');
  });

  it('starts from the initial state, applies its cases and leaves the state it got unchanged', () => {
    const start = counter.reducer(undefined, { type: '@@init' });
    expect(start).toBe(initial);
    const next = counter.reducer(start, counter.actions.added(3));
    expect(next).toEqual({ value: 3, history: [3] });
    expect(start).toEqual({ value: 0, history: [] });
    expect(counter.reducer(next, counter.actions.reset())).toBe(initial);
  });

  it('returns the very state it got for actions it does not handle', () => {
    const state = { value: 5, history: [5] };
    expect(counter.reducer(state, { type: 'other/added', payload: 1 })).toBe(state);
  });
});
