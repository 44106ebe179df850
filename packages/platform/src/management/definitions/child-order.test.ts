import { describe, expect, it } from 'vitest';
import { applyOrder, childOrderProblems } from './child-order.js';

describe('children order', () => {
  it('accepts exactly the children, in any order', () => {
    expect(childOrderProblems(['b', 'a', 'c'], ['a', 'b', 'c'])).toEqual([]);
    expect(childOrderProblems([], [])).toEqual([]);
  });

  it('names what is wrong with any other list', () => {
    expect(childOrderProblems(['a'], ['a', 'b']).map((p) => p.message)).toEqual([
      expect.stringContaining('missing: b'),
    ]);
    expect(childOrderProblems(['a', 'a', 'b'], ['a', 'b']).map((p) => p.message)).toEqual([
      expect.stringContaining('twice'),
    ]);
    expect(childOrderProblems(['a', 'b', 'x'], ['a', 'b']).map((p) => p.message)).toEqual([
      expect.stringContaining("'x' is not a child"),
    ]);
  });

  it('applies a stored order, keeping later children in default order at the end', () => {
    const items = ['a', 'b', 'c', 'd'].map((id) => ({ id }));
    expect(applyOrder(items, ['c', 'gone', 'a']).map((item) => item.id)).toEqual(['c', 'a', 'b', 'd']);
  });
});
