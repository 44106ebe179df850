import { describe, expect, it } from 'vitest';
import { parseAggregations, RESERVED_AGGREGATION_NAMES } from './aggregations-parse.js';
import { SearchError } from './errors.js';

describe('parseAggregations', () => {
  it('reads names, fields, sizes and missing buckets', () => {
    expect(
      parseAggregations({
        topics: { field: 'entryTags', size: 5, missing: 'Untagged' },
        types: { field: 'sys.contentTypeId' },
        quotes: { field: 'movieQuote[].source', size: '3' },
      }),
    ).toEqual([
      { name: 'topics', field: 'entryTags', size: 5, missing: 'Untagged' },
      { name: 'types', field: 'sys.contentTypeId', size: 100 },
      { name: 'quotes', field: 'movieQuote.source', size: 3 },
    ]);
    expect(parseAggregations('{"t":{"field":"x"}}')).toEqual([{ name: 't', field: 'x', size: 100 }]);
    expect(parseAggregations(undefined)).toEqual([]);
    expect(parseAggregations({})).toEqual([]);
  });

  it('caps size at 1000', () => {
    expect(parseAggregations({ big: { field: 'x', size: 50_000 } })[0]!.size).toBe(1000);
  });

  it('rejects every reserved name', () => {
    expect(RESERVED_AGGREGATION_NAMES.size).toBe(34);
    for (const name of RESERVED_AGGREGATION_NAMES) {
      expect(() => parseAggregations({ [name]: { field: 'x' } })).toThrow(
        `aggregations.${name}: "${name}" is a reserved name`,
      );
    }
    expect(() => parseAggregations({ sf_key: { field: 'x' } })).not.toThrow();
  });

  it.each([
    [[], 'aggregations: expected an object of named aggregations, got an array'],
    ['nope', 'aggregations: not valid JSON'],
    [{ a: 'entryTags' }, 'aggregations.a: expected { field, size?, missing? }, got "entryTags"'],
    [{ a: {} }, 'aggregations.a.field: expected a field path, got nothing'],
    [{ a: { field: 'x', size: 0 } }, 'aggregations.a.size: expected a positive integer, got 0'],
    [{ a: { field: 'x', size: 2.5 } }, 'aggregations.a.size: expected a positive integer, got 2.5'],
    [{ a: { field: 'x', missing: 3 } }, 'aggregations.a.missing: expected a bucket name, got 3'],
  ])('%j → %s', (raw, message) => {
    expect(() => parseAggregations(raw)).toThrow(SearchError);
    expect(() => parseAggregations(raw)).toThrow(message);
  });
});
