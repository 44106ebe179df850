import { describe, expect, it } from 'vitest';
import { normaliseOrderBy, OrderBy, type OrderByInput, orderByParameter } from './order-by.js';

describe('OrderBy builder', () => {
  it('starts with asc or desc and chains', () => {
    expect(JSON.stringify(OrderBy.asc('a').desc('b'))).toBe('[{"asc":"a"},{"desc":"b"}]');
    expect(OrderBy.desc('releaseDate').asc('title').asc('id').toJSON()).toEqual([
      { desc: 'releaseDate' },
      { asc: 'title' },
      { asc: 'id' },
    ]);
    expect(OrderBy.asc('x').length).toBe(1);
  });

  it('returns a fresh array each time', () => {
    const order = OrderBy.asc('a');
    order.toJSON().push({ desc: 'b' });
    expect(order.toJSON()).toEqual([{ asc: 'a' }]);
  });
});

// Contract §2.6: one row per input form, checking the POST body form and the GET parameter.
describe.each<{
  name: string;
  input: OrderByInput | null | undefined;
  body: unknown;
  get: string | undefined;
}>([
  {
    name: 'builder',
    input: OrderBy.asc('a').desc('b'),
    body: [{ asc: 'a' }, { desc: 'b' }],
    get: '[{"asc":"a"},{"desc":"b"}]',
  },
  {
    name: 'array of prefixed strings',
    input: ['+name', '-id'],
    body: [{ asc: 'name' }, { desc: 'id' }],
    get: '["+name","-id"]',
  },
  { name: 'unprefixed string array', input: ['name'], body: [{ asc: 'name' }], get: '["name"]' },
  {
    name: 'descending string',
    input: '-releaseDate',
    body: [{ desc: 'releaseDate' }],
    get: '"-releaseDate"',
  },
  { name: 'ascending string', input: '+name', body: [{ asc: 'name' }], get: '"+name"' },
  { name: 'bare string', input: 'name', body: [{ asc: 'name' }], get: '"name"' },
  {
    name: 'array of DTO clauses',
    input: [{ desc: 'a' }, { asc: 'b' }],
    body: [{ desc: 'a' }, { asc: 'b' }],
    get: '[{"desc":"a"},{"asc":"b"}]',
  },
  {
    name: 'mixed array',
    input: ['-a', { asc: 'b' }],
    body: [{ desc: 'a' }, { asc: 'b' }],
    get: '["-a",{"asc":"b"}]',
  },
  { name: 'empty array', input: [], body: [], get: undefined },
  { name: 'empty string', input: '', body: [], get: undefined },
  { name: 'empty builder', input: new OrderBy(), body: [], get: undefined },
  { name: 'undefined', input: undefined, body: [], get: undefined },
  { name: 'null', input: null, body: [], get: undefined },
])('orderBy input: $name', ({ input, body, get }) => {
  it('normalises to the DTO array', () => {
    expect(normaliseOrderBy(input)).toEqual(body);
  });

  it('reproduces the raw value as the GET parameter', () => {
    expect(orderByParameter(input)).toBe(get);
  });
});

describe('normaliseOrderBy edge cases', () => {
  it('trims whitespace and drops entries naming no field', () => {
    expect(normaliseOrderBy([' -a ', '-', '+', ''])).toEqual([{ desc: 'a' }]);
  });

  it('does not split comma lists (that is the list endpoint `order` syntax)', () => {
    expect(normaliseOrderBy('-a,b')).toEqual([{ desc: 'a,b' }]);
  });

  it('rejects clauses of the wrong shape', () => {
    expect(() => normaliseOrderBy([{ up: 'a' } as unknown as string])).toThrow(TypeError);
    expect(() => normaliseOrderBy([{ asc: 'a', desc: 'b' } as unknown as string])).toThrow(TypeError);
    expect(() => normaliseOrderBy(42 as unknown as string)).toThrow(TypeError);
  });
});
