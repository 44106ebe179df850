import { describe, expect, it } from 'vitest';
import type { ExpressionJson } from './expression-json.js';
import {
  AndExpression,
  ExpressionValueType,
  FieldExpression,
  isExpression,
  NotExpression,
  OrExpression,
  toExpressionJson,
} from './expressions.js';
import { Op } from './op.js';

describe('ExpressionValueType', () => {
  it('has the three value layouts', () => {
    expect(ExpressionValueType).toEqual({ Single: 'single', Array: 'array', Unknown: 'unknown' });
  });
});

describe('FieldExpression', () => {
  it('infers the value type from the operand', () => {
    expect(new FieldExpression('a', 'equalTo', 1).valueType).toBe('single');
    expect(new FieldExpression('a', 'in', [1, 2]).valueType).toBe('array');
    expect(new FieldExpression('a', 'distanceWithin', { lat: 1, lon: 2, distance: '3km' }).valueType).toBe(
      'unknown',
    );
  });

  it('wraps a single value in an array when told the layout is Array', () => {
    const expression = new FieldExpression('a', 'in', 'x' as unknown as string[], ExpressionValueType.Array);
    expect(expression.toJSON()).toEqual({ field: 'a', in: ['x'] });
  });

  it('writes field first, then the operator, then weight', () => {
    const json = Op.contains('title', 'x').weight(3).toJSON();
    expect(Object.keys(json)).toEqual(['field', 'contains', 'weight']);
    expect(JSON.stringify(json)).toBe('{"field":"title","contains":"x","weight":3}');
  });

  it.each([0, 1, -5, Number.NaN])('omits a weight of %s', (weight) => {
    expect(JSON.stringify(Op.equalTo('a', 'b').weight(weight))).toBe('{"field":"a","equalTo":"b"}');
  });

  it('serialises a weight above 1 on every kind of field operator', () => {
    expect(JSON.stringify(Op.freeText('title', 'earth').weight(10))).toBe(
      '{"field":"title","freeText":{"term":"earth","fuzzy":false,"operator":"and"},"weight":10}',
    );
    expect(JSON.stringify(Op.in('genre', 'a', 'b').weight(2))).toBe(
      '{"field":"genre","in":["a","b"],"weight":2}',
    );
    expect(JSON.stringify(Op.between('n', 1, 2).weight(4))).toBe('{"field":"n","between":[1,2],"weight":4}');
    expect(JSON.stringify(Op.distanceWithin('loc', 1, 2, '3km').weight(5))).toBe(
      '{"field":"loc","distanceWithin":{"lat":1,"lon":2,"distance":"3km"},"weight":5}',
    );
  });

  it('lets a later weight call replace the earlier one and reports it', () => {
    const expression = Op.equalTo('a', 'b').weight(9).weight(1);
    expect(expression.currentWeight).toBe(1);
    expect(expression.toJSON()).toEqual({ field: 'a', equalTo: 'b' });
  });

  it('returns JSON that does not alias the expression', () => {
    const expression = Op.in('genre', 'a');
    const json = expression.toJSON() as { in: string[] };
    json.in.push('b');
    expect(expression.toJSON()).toEqual({ field: 'genre', in: ['a'] });
  });
});

describe('logical expressions', () => {
  const a = Op.equalTo('a', 1);
  const b = Op.equalTo('b', 2);

  it('serialise and/or as arrays of children', () => {
    expect(JSON.stringify(Op.and(a, b))).toBe(
      '{"and":[{"field":"a","equalTo":1},{"field":"b","equalTo":2}]}',
    );
    expect(JSON.stringify(Op.or(a, b))).toBe('{"or":[{"field":"a","equalTo":1},{"field":"b","equalTo":2}]}');
  });

  it('serialise not as a one-element array', () => {
    expect(JSON.stringify(Op.not(a))).toBe('{"not":[{"field":"a","equalTo":1}]}');
  });

  it('expose their operator and children', () => {
    expect(new AndExpression(a).operator).toBe('and');
    expect(new OrExpression(a, b).expressions).toEqual([a, b]);
    expect(new NotExpression(b).operator).toBe('not');
  });

  it('nest to any depth', () => {
    const nested = Op.or(Op.and(a, Op.not(Op.or(b, Op.exists('c', false)))), Op.not(Op.and()));
    expect(nested.toJSON()).toEqual({
      or: [
        {
          and: [
            { field: 'a', equalTo: 1 },
            {
              not: [
                {
                  or: [
                    { field: 'b', equalTo: 2 },
                    { field: 'c', exists: false },
                  ],
                },
              ],
            },
          ],
        },
        { not: [{ and: [] }] },
      ],
    });
  });

  it('accept plain JSON expressions as children', () => {
    const raw: ExpressionJson = { field: 'x', startsWith: 'y' };
    expect(Op.and(raw, a).toJSON()).toEqual({
      and: [
        { field: 'x', startsWith: 'y' },
        { field: 'a', equalTo: 1 },
      ],
    });
    expect(Op.not({ not: { field: 'x', exists: true } }).toJSON()).toEqual({
      not: [{ not: { field: 'x', exists: true } }],
    });
  });

  it('serialise children weights inside the logical expression', () => {
    expect(JSON.stringify(Op.or(Op.freeText('t', 'x').weight(50), Op.freeText('d', 'x').weight(1)))).toBe(
      '{"or":[{"field":"t","freeText":{"term":"x","fuzzy":false,"operator":"and"},"weight":50},' +
        '{"field":"d","freeText":{"term":"x","fuzzy":false,"operator":"and"}}]}',
    );
  });

  it('keep their own copy of the children list', () => {
    const children = [a];
    const and = new AndExpression(...children);
    children.push(b);
    expect(and.toJSON()).toEqual({ and: [{ field: 'a', equalTo: 1 }] });
  });
});

describe('isExpression / toExpressionJson', () => {
  it('recognise builder instances, including foreign ones with a toJSON', () => {
    expect(isExpression(Op.equalTo('a', 1))).toBe(true);
    expect(isExpression({ toJSON: () => ({ field: 'z', exists: true }) })).toBe(true);
    expect(isExpression({ field: 'a', equalTo: 1 })).toBe(false);
    expect(isExpression(null)).toBe(false);
    expect(isExpression('a')).toBe(false);
  });

  it('return plain JSON unchanged and serialise builders', () => {
    const raw: ExpressionJson = { field: 'a', equalTo: 1 };
    expect(toExpressionJson(raw)).toBe(raw);
    expect(toExpressionJson(Op.exists('b', true))).toEqual({ field: 'b', exists: true });
  });
});
