import { describe, expect, it } from 'vitest';
import { Op } from './op.js';
import { OrderBy } from './order-by.js';
import { Query } from './query.js';
import {
  isQueryLike,
  type PlainQuery,
  toSearchBody,
  toSearchParams,
  toZenqlParams,
} from './search-encoding.js';
import { ZenqlQuery } from './zenql-query.js';

const options = { defaultPageSize: 25 };

describe('isQueryLike', () => {
  it('accepts Query and ZenqlQuery instances, even empty ones', () => {
    expect(isQueryLike(new Query())).toBe(true);
    expect(isQueryLike(new ZenqlQuery(''))).toBe(true);
  });

  it('accepts plain objects with a truthy where or orderBy', () => {
    expect(isQueryLike({ where: [] })).toBe(true);
    expect(isQueryLike({ orderBy: '-a' })).toBe(true);
    expect(isQueryLike({ where: null, orderBy: ['a'] })).toBe(true);
  });

  it('rejects everything else', () => {
    expect(isQueryLike({ pageSize: 10 })).toBe(false);
    expect(isQueryLike({ where: null, orderBy: '' })).toBe(false);
    expect(isQueryLike({ zenql: 'a = b' })).toBe(false);
    expect(isQueryLike('sys.id = 1')).toBe(false);
    expect(isQueryLike(null)).toBe(false);
    expect(isQueryLike(undefined)).toBe(false);
    expect(isQueryLike(42)).toBe(false);
  });
});

describe('toSearchParams', () => {
  it('sends only paging and where for an empty Query', () => {
    expect(toSearchParams(new Query(), options)).toEqual({ pageIndex: '0', pageSize: '20', where: '[]' });
  });

  it('encodes every parameter of a full Query in alphabetical key order', () => {
    const query = new Query(Op.equalTo('a', 1));
    query.orderBy = OrderBy.asc('title');
    query.pageIndex = 3;
    query.pageSize = 7;
    query.fields = ['entryTitle', 'body'];
    query.fieldLinkDepths = { author: 1 };
    query.aggregations = { g: { field: 'genre', size: 2 } };
    const params = toSearchParams(query, options);
    expect(params).toEqual({
      aggregations: '{"g":{"field":"genre","size":2}}',
      fieldLinkDepths: '{"author":1}',
      fields: 'entryTitle,body',
      orderBy: '[{"asc":"title"}]',
      pageIndex: '3',
      pageSize: '7',
      where: '[{"field":"a","equalTo":1}]',
    });
    expect(Object.keys(params)).toEqual([...Object.keys(params)].sort());
    expect(params).not.toHaveProperty('linkDepth');
  });

  it('sends the raw orderBy value per contract §2.6', () => {
    const query = new Query();
    query.orderBy = ['+name', '-id'];
    expect(toSearchParams(query, options).orderBy).toBe('["+name","-id"]');
    query.orderBy = '-releaseDate';
    expect(toSearchParams(query, options).orderBy).toBe('"-releaseDate"');
    query.orderBy = [];
    expect(toSearchParams(query, options)).not.toHaveProperty('orderBy');
  });

  it('falls back to the configured page size when a Query has pageSize 0', () => {
    const query = new Query();
    query.pageSize = 0;
    expect(toSearchParams(query, options).pageSize).toBe('25');
    expect(query.pageSize).toBe(0);
  });

  it('applies the plain-object defaults: config page size, page 0', () => {
    expect(toSearchParams({ where: [Op.exists('a', true)] }, options)).toEqual({
      pageIndex: '0',
      pageSize: '25',
      where: '[{"field":"a","exists":true}]',
    });
    expect(
      toSearchParams({ where: [], pageIndex: null, pageSize: 0 }, { defaultPageSize: 40 }),
    ).toMatchObject({
      pageIndex: '0',
      pageSize: '40',
    });
  });

  it('sends where=[] for a plain object with orderBy but no where (not the official "undefined")', () => {
    const params = toSearchParams({ orderBy: ['-a'] }, options);
    expect(params).toEqual({ orderBy: '["-a"]', pageIndex: '0', pageSize: '25', where: '[]' });
  });

  it('mixes expression instances and JSON expressions in a plain where', () => {
    const query: PlainQuery = {
      where: [Op.not(Op.equalTo('a', 1)), { or: [{ field: 'b', contains: 'x' }] }],
      fields: ['title'],
      fieldLinkDepths: {},
      aggregations: {},
    };
    expect(toSearchParams(query, options)).toEqual({
      fields: 'title',
      pageIndex: '0',
      pageSize: '25',
      where: '[{"not":[{"field":"a","equalTo":1}]},{"or":[{"field":"b","contains":"x"}]}]',
    });
  });

  it('rejects a where that is not a list', () => {
    expect(() => toSearchParams({ where: 'a = b' } as unknown as PlainQuery, options)).toThrow(TypeError);
  });
});

describe('toSearchBody', () => {
  it('is the Query document without fieldLinkDepths', () => {
    const query = new Query(Op.equalTo('a', 1));
    query.orderBy = ['-b'];
    query.fields = ['title'];
    query.fieldLinkDepths = { author: 2 };
    query.aggregations = { g: { field: 'genre' } };
    const body = toSearchBody(query, options);
    expect(Object.keys(body)).toEqual([
      'pageIndex',
      'pageSize',
      'orderBy',
      'where',
      'fields',
      'aggregations',
    ]);
    expect(body).toEqual({
      pageIndex: 0,
      pageSize: 20,
      orderBy: [{ desc: 'b' }],
      where: [{ field: 'a', equalTo: 1 }],
      fields: ['title'],
      aggregations: { g: { field: 'genre' } },
    });
    expect(query.fieldLinkDepths).toEqual({ author: 2 });
  });

  it('matches Query.toJSON apart from fieldLinkDepths', () => {
    const query = new Query(Op.between('n', 1, 2));
    query.fieldLinkDepths = { x: 1 };
    const { fieldLinkDepths: _omitted, ...expected } = query.toJSON();
    expect(toSearchBody(query, options)).toEqual(expected);
  });

  it('applies the plain-object defaults and normalises orderBy', () => {
    expect(JSON.stringify(toSearchBody({ orderBy: '-releaseDate' }, options))).toBe(
      '{"pageIndex":0,"pageSize":25,"orderBy":[{"desc":"releaseDate"}],"where":[]}',
    );
  });

  it('drops unknown keys of plain objects', () => {
    const query = { where: [], includeDeleted: true, linkDepth: 3 } as PlainQuery;
    expect(toSearchBody(query, options)).toEqual({ pageIndex: 0, pageSize: 25, where: [] });
  });
});

describe('toZenqlParams', () => {
  it('sends zenql with the ZenqlQuery defaults', () => {
    const query = new ZenqlQuery('sys.contentTypeId = plant and sys.version.created >= startOfWeek()');
    expect(toZenqlParams(query, options)).toEqual({
      pageIndex: '0',
      pageSize: '20',
      zenql: 'sys.contentTypeId = plant and sys.version.created >= startOfWeek()',
    });
  });

  it('adds fields, fieldLinkDepths and aggregations when non-empty, keys sorted', () => {
    const query = new ZenqlQuery('height between(6,12)');
    query.pageIndex = 1;
    query.pageSize = 50;
    query.fields = ['entryTitle', 'height'];
    query.fieldLinkDepths = { image: 1 };
    query.aggregations = { h: { field: 'height', size: 4 } };
    const params = toZenqlParams(query, options);
    expect(params).toEqual({
      aggregations: '{"h":{"field":"height","size":4}}',
      fieldLinkDepths: '{"image":1}',
      fields: 'entryTitle,height',
      pageIndex: '1',
      pageSize: '50',
      zenql: 'height between(6,12)',
    });
    expect(Object.keys(params)).toEqual([...Object.keys(params)].sort());
  });

  it('falls back to the configured page size for plain objects', () => {
    expect(toZenqlParams({ zenql: 'a = b' }, options)).toEqual({
      pageIndex: '0',
      pageSize: '25',
      zenql: 'a = b',
    });
  });
});

describe('plain-object where given as a WhereExpression', () => {
  it('serialises through its toJSON', () => {
    const query = new Query(Op.equalTo('a', 1));
    expect(toSearchParams({ where: query.where, pageSize: 5 }, options)).toEqual({
      pageIndex: '0',
      pageSize: '5',
      where: '[{"field":"a","equalTo":1}]',
    });
  });
});
