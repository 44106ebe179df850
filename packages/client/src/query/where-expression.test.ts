import { describe, expect, it } from 'vitest';
import { Op } from './op.js';
import { WhereExpression } from './where-expression.js';

describe('WhereExpression', () => {
  it('serialises as a bare array, [] when empty', () => {
    expect(JSON.stringify(new WhereExpression())).toBe('[]');
    expect(JSON.stringify(new WhereExpression(Op.equalTo('a', 1), { field: 'b', exists: true }))).toBe(
      '[{"field":"a","equalTo":1},{"field":"b","exists":true}]',
    );
  });

  it('supports list editing', () => {
    const a = Op.equalTo('a', 1);
    const b = Op.equalTo('b', 2);
    const c = Op.equalTo('c', 3);
    const where = new WhereExpression(a).add(b).addRange([c]);
    expect(where.length).toBe(3);
    expect(where.get(1)).toBe(b);
    expect(where.get(9)).toBeUndefined();
    expect(where.indexOf(c)).toBe(2);
    expect(where.remove(b)).toBe(true);
    expect(where.remove(b)).toBe(false);
    where.insert(0, b);
    expect([...where]).toEqual([b, a, c]);
    expect(where.removeAt(2)).toBe(c);
    expect(where.toJSON()).toEqual([
      { field: 'b', equalTo: 2 },
      { field: 'a', equalTo: 1 },
    ]);
    where.clear();
    expect(where.length).toBe(0);
    expect(where.toJSON()).toEqual([]);
  });
});
