import { describe, expect, it } from 'vitest';
import { ZenqlQuery } from './zenql-query.js';

describe('ZenqlQuery', () => {
  it('holds the text with page 0 of 20 and empty options', () => {
    const query = new ZenqlQuery('height between(6,12)');
    expect(query.zenql).toBe('height between(6,12)');
    expect(query.pageIndex).toBe(0);
    expect(query.pageSize).toBe(20);
    expect(query.fields).toEqual([]);
    expect(query.fieldLinkDepths).toEqual({});
    expect(query.aggregations).toEqual({});
  });
});
