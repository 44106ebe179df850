import { describe, expect, it } from 'vitest';
import { memoSelector } from './memo-selector.js';

interface State {
  items: number[];
  label: string;
  other: number;
}

describe('memoSelector', () => {
  const build = () => {
    let computed = 0;
    const select = memoSelector(
      [(state: State) => state.items, (state: State) => state.label],
      (items, label) => {
        computed += 1;
        return items.map((item) => `${label}${item}`);
      },
    );
    return { select, computed: () => computed };
  };

  it('returns the same result while its inputs are the same objects', () => {
    const { select, computed } = build();
    const items = [1, 2];
    const first = select({ items, label: 'n', other: 1 });
    // Another state whose inputs did not change: same array, not computed again.
    expect(select({ items, label: 'n', other: 2 })).toBe(first);
    expect(first).toEqual(['n1', 'n2']);
    expect(computed()).toBe(1);
  });

  it('computes again when any input changes', () => {
    const { select, computed } = build();
    const items = [1];
    const first = select({ items, label: 'a', other: 0 });
    const relabelled = select({ items, label: 'b', other: 0 });
    expect(relabelled).not.toBe(first);
    expect(relabelled).toEqual(['b1']);
    const renewed = select({ items: [1], label: 'b', other: 0 });
    expect(renewed).not.toBe(relabelled);
    expect(renewed).toEqual(['b1']);
    expect(computed()).toBe(3);
  });
});
