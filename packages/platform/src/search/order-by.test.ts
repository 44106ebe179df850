import { describe, expect, it } from 'vitest';
import { SearchError } from './errors.js';
import { parseOrderBy } from './order-by.js';

describe('parseOrderBy', () => {
  it('accepts every §2.6 form', () => {
    const expected = [
      { field: 'name', direction: 'asc' },
      { field: 'id', direction: 'desc' },
    ];
    expect(parseOrderBy([{ asc: 'name' }, { desc: 'id' }])).toEqual(expected);
    expect(parseOrderBy(['+name', '-id'])).toEqual(expected);
    expect(parseOrderBy(['name', '-id'])).toEqual(expected);
    expect(parseOrderBy('[{"asc":"name"},{"desc":"id"}]')).toEqual(expected);
    expect(parseOrderBy('["+name","-id"]')).toEqual(expected);
    expect(parseOrderBy('name,-id')).toEqual(expected);
    expect(parseOrderBy('"-releaseDate"')).toEqual([{ field: 'releaseDate', direction: 'desc' }]);
    expect(parseOrderBy('-releaseDate')).toEqual([{ field: 'releaseDate', direction: 'desc' }]);
    expect(parseOrderBy({ DESC: 'releaseDate' })).toEqual([{ field: 'releaseDate', direction: 'desc' }]);
    expect(parseOrderBy(['movieQuote[].source'])).toEqual([{ field: 'movieQuote.source', direction: 'asc' }]);
  });

  it('treats empty forms as the default order', () => {
    for (const empty of [undefined, null, '', [], 'undefined']) expect(parseOrderBy(empty)).toEqual([]);
  });

  it.each([
    [[{ up: 'name' }], 'orderBy[0]: expected { "asc": field } or { "desc": field }'],
    [[{ asc: 'a', desc: 'b' }], 'orderBy[0]: expected { "asc": field } or { "desc": field }'],
    [[{ asc: 5 }], 'orderBy[0].asc: expected a field path, got 5'],
    [[7], 'orderBy[0]: expected a field name or { "asc": field }, got 7'],
    [['-'], 'orderBy[0]: "-" is not a valid field path'],
    ['[{"asc":', 'orderBy: not valid JSON'],
    [Array.from({ length: 17 }, () => 'a'), 'orderBy: more than 16 keys'],
  ])('%j → %s', (raw, message) => {
    expect(() => parseOrderBy(raw)).toThrow(SearchError);
    expect(() => parseOrderBy(raw)).toThrow(message);
  });
});
